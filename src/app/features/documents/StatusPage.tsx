import { typographyStyles, Button, makeStyles, tokens } from '@fluentui/react-components';
import { CallRegular, DismissCircleRegular } from '@fluentui/react-icons';
import { useEffect, useMemo, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { Shell } from '../../components/Shell';
import { useApplication } from '../application';
import { useConfig } from '../config/useConfig';
import { useSessionControls } from '../session/session';
import { useT } from '../../i18n/useT';
import { actionTarget, inCatalogue, type StatusView } from './outcomes';

const useStyles = makeStyles({
  heading: { ...typographyStyles.title3, margin: 0, outlineStyle: 'none' },
  box: { display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: tokens.spacingVerticalL, maxWidth: '560px', marginTop: '48px' },
  icon: { fontSize: '64px', color: tokens.colorBrandForeground1 },
  buttons: { display: 'flex', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
});

export interface StatusPageProps {
  view: StatusView;
  /** Left-panel title (default: the start pages' one, in the page's language). */
  panelTitle?: string;
}

/**
 * A screening outcome or stop page (001 §2 'Error pages', §4): icon, message, buttons. Every button ends the
 * application in this tab and the session (on the server too); an internal one navigates with a reload (as the spec says), an external one leaves.
 */
export function StatusPage({ view: given, panelTitle }: StatusPageProps) {
  const styles = useStyles();
  const t = useT();
  const { close } = useApplication();
  const { logout, revoke } = useSessionControls();
  const navigate = useNavigate();
  const { data: config } = useConfig();
  // The texts of the config's catalogue: the applicant's language (the view was made from the bundled English one).
  const view = useMemo(() => inCatalogue(given, config?.outcomes), [given, config?.outcomes]);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [view.reason]);
  const Icon = view.image === 'callback' ? CallRegular : DismissCircleRegular;

  return (
    <Shell title={panelTitle ?? t('panel.startPages')} showSteps={false}>
      <section className={styles.box} data-outcome={view.outcome ?? ''} data-reason={view.reason}>
        <Icon className={styles.icon} aria-hidden />
        <h1 ref={heading} tabIndex={-1} className={styles.heading}>
          {view.message}
        </h1>
        <div className={styles.buttons}>
          {view.buttons.map((b, i) => {
            const target = actionTarget(b.action, config?.flags);
            const primary = b.appearance ? b.appearance === 'primary' : i === view.buttons.length - 1;
            return (
              <Button
                key={b.label}
                appearance={primary ? 'primary' : 'secondary'}
                onClick={async () => {
                  // The outcome ends the journey: the session is ended on the server first (its tokens revoked, as
                  // Logout does) while this page stays; then the tab forgets the application and the tokens and leaves.
                  // (Forgetting them before leaving would let this page's route guards navigate elsewhere.)
                  await revoke();
                  const forget = () => {
                    close();
                    void logout();
                  };
                  if (target.external) {
                    forget();
                    window.location.assign(target.href);
                    return;
                  }
                  // Leave this page first (it needs the application), then forget and reload.
                  void Promise.resolve(navigate(target.href, { replace: true })).then(() => {
                    forget();
                    window.location.reload();
                  });
                }}
              >
                {b.label}
              </Button>
            );
          })}
        </div>
      </section>
    </Shell>
  );
}
