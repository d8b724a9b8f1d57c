/**
 * Route guards of the customer journey (spec 000 §2). Wrap a page element with them in a routes file:
 *
 *   <RequireProspect><StakeholdersPage /></RequireProspect>   // customer session AND an open application
 *   <RequireCustomer><MyApplicationsPage /></RequireCustomer>  // customer session only
 *   <RequireAccountType><ApplicantInfoPage /></RequireAccountType>  // an account chosen on the product pages
 *   <RedirectSignedIn><ApplicantInfoPage /></RedirectSignedIn>  // not for a signed-in applicant
 *
 * RequireProspect also loads the application (useApplication) and keeps the shell's header and colours in
 * step with it.
 */
import { MessageBar, MessageBarBody, Spinner } from '@fluentui/react-components';
import { type ReactNode, useEffect } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { shellApplicationAtom } from '../../components/shellState';
import { useAtomValue, useSetAtom } from '../../lib/jotai';
import { applicationStore, useApplication } from '../application';
import { accountChoiceAtom } from '../products/accountChoice';
import { useSession } from '../session/session';
import { useT } from '../../i18n/useT';

export const LOGIN_PATH = '/business/ApplicantInfo';
export const COME_BACK_PATH = '/business/ComeBackLogin';
export const MY_APPLICATIONS_PATH = '/business/MyApplications';
export const ACCOUNTS_PATH = '/business/accounts';
export const COMPANY_INFO_PATH = '/business/CompanyInfo';

/**
 * A customer session is needed. Without one: a tab that already had an application goes to the come-back
 * login (the applicant returns to it), a new applicant to the start (login).
 */
export function RequireCustomer({ children }: { children: ReactNode }) {
  const session = useSession();
  const { prospectId } = useApplication();
  const { search } = useLocation();
  if (session?.kind !== 'customer') return <Navigate to={{ pathname: prospectId ? COME_BACK_PATH : LOGIN_PATH, search }} replace />;
  return <>{children}</>;
}

const companyNameOf = (prospect: Record<string, unknown> | undefined) => ((prospect?.organizationInfo ?? {}) as { companyName?: string }).companyName;

/**
 * Shows the application's account type, Islamic flag and company name in the shell. The company name is the saved
 * one: while an edit is unsaved (being typed, or refused as invalid) the header keeps the server's copy's name, so it
 * never shows a name the application does not have (QA walk: "Falcon <script>" in the header while refused).
 */
function ShellSync() {
  const { prospect, dirty } = useApplication();
  const setShell = useSetAtom(shellApplicationAtom);
  const info = (prospect?.applicationInfo ?? {}) as { accountType?: string; islamicBanking?: boolean };
  const companyName = dirty ? companyNameOf(applicationStore().serverCopy?.prospect) : companyNameOf(prospect);
  const hasProspect = prospect !== undefined;
  const { accountType, islamicBanking } = info;
  // Primitive dependencies only: the prospect object changes on every keystroke, the header rarely.
  useEffect(() => {
    setShell(hasProspect ? { accountType, islamicBanking, companyName } : null);
  }, [hasProspect, accountType, islamicBanking, companyName, setShell]);
  return null;
}

/**
 * A customer session and an open application. No application in this tab: the applicant's list
 * (MyApplications), where one is chosen. While it loads, a spinner; a load failure shows its message.
 */
export function RequireProspect({ children }: { children: ReactNode }) {
  const session = useSession();
  const app = useApplication();
  const { search } = useLocation();
  const t = useT();
  if (session?.kind !== 'customer') return <Navigate to={{ pathname: app.prospectId ? COME_BACK_PATH : LOGIN_PATH, search }} replace />;
  if (!app.prospectId) return <Navigate to={{ pathname: MY_APPLICATIONS_PATH, search }} replace />;
  if (app.loadError) {
    return (
      <MessageBar intent="error" role="alert">
        <MessageBarBody>{app.loadError}</MessageBarBody>
      </MessageBar>
    );
  }
  if (!app.prospect && !app.stop) return <Spinner label={t('flow.loading')} />;
  return (
    <>
      <ShellSync />
      {children}
    </>
  );
}

/**
 * Basic Information starts an application. A signed-in applicant with an application open in this tab who comes
 * back to it (browser Back after the code was verified) goes on with that application instead of seeing an
 * empty form that would start a second one.
 */
export function RedirectSignedIn({ children }: { children: ReactNode }) {
  const session = useSession();
  const { prospectId } = useApplication();
  if (session?.kind === 'customer' && prospectId) return <Navigate to={COMPANY_INFO_PATH} replace />;
  return <>{children}</>;
}

/** An account type must have been chosen (product or comparison page); otherwise the accounts comparison. */
export function RequireAccountType({ children }: { children: ReactNode }) {
  const choice = useAtomValue(accountChoiceAtom);
  if (!choice?.accountType) return <Navigate to={ACCOUNTS_PATH} replace />;
  return <>{children}</>;
}
