import { Button, makeStyles, MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle } from '@fluentui/react-components';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { accountPath, eligibilityNotice, type AccountProduct, type BankingType, type ProductsConfig } from './productsConfig';
import { useT } from '../../i18n/useT';

interface Pending {
  account: AccountProduct;
  bankingType: BankingType;
}

/** The starter-age notice (spec 001 §3): asked before the starter account is chosen from the comparison. */
export function useStarterNotice(products: ProductsConfig) {
  const [pending, setPending] = useState<Pending | null>(null);
  return {
    products,
    pending,
    needed: (account: AccountProduct) => eligibilityNotice(account) !== undefined,
    open: (account: AccountProduct, bankingType: BankingType) => setPending({ account, bankingType }),
    close: () => setPending(null),
  };
}

const useStyles = makeStyles({ bar: { marginTop: '16px' } });

/**
 * Shown in the page (not a modal): the applicant reads it where they clicked, focus moves to it, and 'Yes' /
 * 'Open Current Account' lead on (the alternative is the current account of the same banking type).
 */
export function StarterNotice({ notice }: { notice: ReturnType<typeof useStarterNotice> }) {
  const styles = useStyles();
  const t = useT();
  const navigate = useNavigate();
  const { search } = useLocation();
  const ref = useRef<HTMLDivElement>(null);
  const { pending } = notice;
  useEffect(() => {
    if (pending) ref.current?.focus();
  }, [pending]);
  if (!pending) return null;
  const alternative = notice.products.accounts.find((a) => a.id === 'currentAccount');
  const go = (account: AccountProduct) => navigate({ pathname: accountPath(account, pending.bankingType), search });
  return (
    <MessageBar intent="warning" layout="multiline" className={styles.bar} ref={ref} tabIndex={-1} role="alert">
      <MessageBarBody>
        <MessageBarTitle>{pending.account.name}</MessageBarTitle>
        {eligibilityNotice(pending.account)}
      </MessageBarBody>
      <MessageBarActions>
        <Button appearance="primary" onClick={() => go(pending.account)}>
          {t('widgets.yes')}
        </Button>
        {alternative && <Button onClick={() => go(alternative)}>{pending.account.eligibility?.declineButton ?? t('starter.open', { account: alternative.name })}</Button>}
        <Button appearance="subtle" onClick={notice.close}>
          {t('common.cancel')}
        </Button>
      </MessageBarActions>
    </MessageBar>
  );
}
