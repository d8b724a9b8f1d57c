import { Button, FluentProvider, makeStyles, Text, tokens, useThemeClassName } from '@fluentui/react-components';
import { SignOutRegular } from '@fluentui/react-icons';
import type { ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useConfig } from '../features/config/useConfig';
import { accountChoiceAtom } from '../features/products/accountChoice';
import { accountForSlug, accountTitle, readProducts, variantFor } from '../features/products/productsConfig';
import { useSession, useSessionControls } from '../features/session/session';
import { useAtomValue } from '../lib/jotai';
import { appTheme, islamicTheme, panelColours, type PanelVariant } from '../theme';
import { LanguageSwitcher } from '../i18n/LanguageSwitcher';
import { useRichT, useT } from '../i18n/useT';
import { DesktopBanner } from './DesktopBanner';
import { activeStepFor, customerJourney, type JourneyStep } from './journey';
import { Logo } from './Logo';
import { shellApplicationAtom, shellVariantAtom } from './shellState';
import { StepList } from './StepList';
import { useHeadingFocus } from './useHeadingFocus';

// Spec breakpoints: xs 0, ls 500, sm 1024, md 1280, lg 1440, xl 1920. Icon bar below sm, top band below ls.
const useStyles = makeStyles({
  root: { display: 'flex', minHeight: '100vh', '@media (max-width: 499px)': { flexDirection: 'column' } },
  skip: {
    position: 'absolute',
    insetInlineStart: '-10000px',
    ':focus': { insetInlineStart: '8px', top: '8px', zIndex: 1000, padding: '8px 12px', backgroundColor: tokens.colorNeutralBackground1, color: tokens.colorNeutralForeground1 },
  },
  srOnly: { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' },
  panel: {
    color: '#fff',
    width: '320px',
    flexShrink: 0,
    padding: '32px 24px',
    boxSizing: 'border-box',
    '@media (min-width: 1440px)': { width: '400px', padding: '48px 40px' },
    '@media (max-width: 1023px)': { width: '88px', padding: '24px 12px', display: 'flex', flexDirection: 'column', alignItems: 'center' },
    '@media (max-width: 499px)': { width: '100%', padding: '12px 16px', alignItems: 'stretch' },
  },
  logo: { color: '#fff', textDecorationLine: 'none', display: 'inline-flex', alignItems: 'center', minHeight: '44px', ':focus-visible': { outline: '2px solid #fff', outlineOffset: '4px' } },
  title: { display: 'block', marginTop: '32px', fontSize: '24px', lineHeight: '32px', fontWeight: 600, '@media (max-width: 1023px)': { display: 'none' } },
  column: { flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column' },
  topBar: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: '16px',
    flexWrap: 'wrap',
    padding: '16px 48px 0',
    '@media (max-width: 499px)': { padding: '12px 16px 0' },
  },
  // The header line shares its row with Logout, even on phones (it wraps inside, not below).
  // A company name without spaces breaks anywhere rather than widening the page.
  header: { color: tokens.colorNeutralForeground2, fontWeight: 600, flex: '1 1 180px', minWidth: 0, margin: 0, overflowWrap: 'anywhere' },
  user: { display: 'flex', alignItems: 'center', gap: '12px', marginInlineStart: 'auto', flexWrap: 'wrap', justifyContent: 'flex-end', minWidth: 0 },
  // The agent's name and RO code wrap; Logout keeps its width (a squeezed button clips its label).
  userName: { minWidth: 0, overflowWrap: 'anywhere' },
  logout: { flexShrink: 0 },
  main: {
    flexGrow: 1,
    padding: '32px 48px',
    maxWidth: '960px',
    boxSizing: 'border-box',
    width: '100%',
    '@media (min-width: 1920px)': { maxWidth: '1200px' },
    '@media (max-width: 499px)': { padding: '16px' },
  },
});

export interface ShellProps {
  /** The left panel's title (spec 001 §2 'Left panel titles'). */
  title: string;
  /** Forces the panel colour; otherwise from the application, the chosen account or the route. */
  variant?: PanelVariant;
  showSteps?: boolean;
  /** Linking mode: earlier steps of the progress list are clickable. */
  linking?: boolean;
  /** Another progress list than the customer journey (the agent's: Search Applications, Send Invite) and its active step. */
  steps?: JourneyStep[];
  activeStep?: number;
  /**
   * The steps the application completed (journey/journeyProgress.ts): only these are marked. Without it, the steps
   * before the active one (pages before an application, the agent's list).
   */
  done?: readonly number[];
  children: ReactNode;
}

/** Which colour and header the panel shows: the prospect first, then the chosen account, then the route. */
function usePanelState(forced: PanelVariant | undefined): { variant: PanelVariant; header: string | null } {
  const t = useT();
  const { pathname } = useLocation();
  const { data: config } = useConfig();
  const products = readProducts(config?.products);
  const pageVariant = useAtomValue(shellVariantAtom);
  // The application in progress belongs to the signed-in applicant: after logout (Back to an earlier page) the
  // header no longer names their company.
  const signedIn = useSession()?.kind === 'customer';
  const application = useAtomValue(shellApplicationAtom);
  const choice = useAtomValue(accountChoiceAtom);
  const byId = (id: string | undefined) => products.accounts.find((a) => a.id === id);

  if (signedIn && application?.accountType) {
    const account = byId(application.accountType);
    const islamic = application.islamicBanking === true;
    const company = application.companyName?.trim();
    const header = company ? t('shell.headerFor', { account: accountTitle(account, islamic), company }) : t('shell.header', { account: accountTitle(account, islamic) });
    return { variant: forced ?? pageVariant ?? variantFor(account, islamic), header };
  }
  const routed = accountForSlug(products, pathname.match(/^\/business\/accounts\/([^/]+)/)?.[1]);
  if (routed) return { variant: forced ?? pageVariant ?? variantFor(routed.account, routed.bankingType === 'islamic'), header: null };
  const chosen = choice ? variantFor(byId(choice.accountType), choice.islamicBanking) : undefined;
  return { variant: forced ?? pageVariant ?? chosen ?? 'standard', header: null };
}

/** The page frame: left panel coloured by account type, logo, progress list, header line, then the page. */
export function Shell({ title, variant, showSteps = true, linking = false, steps = customerJourney, activeStep, done, children }: ShellProps) {
  const styles = useStyles();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const { session, logout } = useSessionControls();
  const panel = usePanelState(variant);
  const active = activeStep ?? activeStepFor(pathname);
  const signedIn = session?.kind === 'customer' || session?.kind === 'agent';
  const t = useT();
  const rich = useRichT();
  useHeadingFocus();
  // Inside the app's provider (I18nProvider, appTheme) the standard variant passes no theme: FluentProvider merges a
  // given theme into its parent's as a new object on every render, which re-renders everything reading the theme
  // and rebuilds the theme's CSS rule on each keystroke of a form.
  const inherited = useThemeClassName() !== '';

  const onLogout = async () => {
    const agent = session?.kind === 'agent';
    // Spec: logout clears the session and the application, its pending edits sent first (session.ts endSession).
    await logout();
    navigate(agent ? '/agent/Login' : '/business/ComeBackLogin');
  };

  const page = (
    <div className={styles.root}>
      <a href="#main" className={styles.skip}>
        {t('shell.skip')}
      </a>
      <DesktopBanner />
      <nav className={styles.panel} style={{ backgroundColor: panelColours[panel.variant] }} aria-label={t('shell.progress')} data-variant={panel.variant}>
        <Link to={{ pathname: '/business/accounts', search }} className={styles.logo}>
          <Logo variant={panel.variant} />
          <span className={styles.srOnly}>{t('shell.allAccounts')}</span>
        </Link>
        <Text as="p" className={styles.title}>
          {title}
        </Text>
        {showSteps && <StepList steps={steps} active={active} linking={linking} search={search} done={done} />}
      </nav>
      <div className={styles.column}>
        <div className={styles.topBar}>
          {panel.header && (
            <Text as="p" className={styles.header} data-testid="application-header">
              {panel.header}
            </Text>
          )}
          <div className={styles.user}>
            {signedIn && session.kind === 'agent' && (
              <Text className={styles.userName}>{session.roCode ? rich('shell.roCode', { name: session.name ?? '', code: session.roCode, bdi: (chunks) => <bdi>{chunks}</bdi> }) : <bdi>{session.name}</bdi>}</Text>
            )}
            <LanguageSwitcher />
            {signedIn && (
              <Button appearance="subtle" className={styles.logout} icon={<SignOutRegular />} onClick={() => void onLogout()}>
                {t('shell.logout')}
              </Button>
            )}
          </div>
        </div>
        <main className={styles.main} id="main" tabIndex={-1}>
          {children}
        </main>
      </div>
    </div>
  );
  // The Islamic variant re-themes everything inside (buttons, radios, links) with the green brand ramp; the
  // provider is always there, so switching the banking type re-colours the page without remounting it.
  return <FluentProvider theme={panel.variant === 'islamic' ? islamicTheme : inherited ? undefined : appTheme}>{page}</FluentProvider>;
}
