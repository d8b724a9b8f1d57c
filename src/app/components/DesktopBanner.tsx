import { memo } from 'react';
import { Button, makeStyles, MessageBar, MessageBarActions, MessageBarBody } from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';
import { useT } from '../i18n/useT';
import { atomWithStorage, createJSONStorage, useAtom } from '../lib/jotai';

/** Closed once per tab: the banner does not come back on every page. */
const desktopBannerClosedAtom = atomWithStorage('qa.desktopBannerClosed', false, createJSONStorage(() => sessionStorage), { getOnInit: true });

const useStyles = makeStyles({
  // Phones only (below the spec's `ls` breakpoint, 500 px).
  banner: { display: 'none', '@media (max-width: 499px)': { display: 'flex', borderRadius: 0 } },
  // A 44×44 px tap target (WCAG 2.5.5), not Fluent's 24 px icon button.
  close: { minWidth: '44px', minHeight: '44px' },
});

/** Spec 001 §1: a mobile banner suggests the desktop for the best experience and can be closed. */
export const DesktopBanner = memo(function DesktopBanner() {
  const styles = useStyles();
  const [closed, setClosed] = useAtom(desktopBannerClosedAtom);
  const t = useT();
  if (closed) return null;
  return (
    <MessageBar intent="info" className={styles.banner} layout="multiline">
      <MessageBarBody>{t('shell.desktopBanner')}</MessageBarBody>
      <MessageBarActions
        containerAction={<Button className={styles.close} appearance="transparent" aria-label={t('shell.closeBanner')} icon={<DismissRegular />} onClick={() => setClosed(true)} />}
      />
    </MessageBar>
  );
});
