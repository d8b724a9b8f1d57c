import { typographyStyles, Body1, Button, makeStyles, tokens } from '@fluentui/react-components';
import { CheckmarkCircleRegular } from '@fluentui/react-icons';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { Shell } from '../../components/Shell';
import { useApplication } from '../application';
import { useSessionControls } from '../session/session';
import { usePageT } from '../../i18n/usePageT';

const useStyles = makeStyles({
  heading: { ...typographyStyles.title2, margin: 0, outlineStyle: 'none' },
  box: { display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: tokens.spacingVerticalL, maxWidth: '560px', marginTop: '48px' },
  icon: { fontSize: '64px', color: tokens.colorPaletteGreenForeground1 },
});

export const COME_BACK_LOGIN = '/business/ComeBackLogin';

/** 'Check it out. Application submitted!': 'Check status' clears the tab's state and opens the come-back login. */
export default function ApplicationSubmittedPage() {
  const styles = useStyles();
  const navigate = useNavigate();
  const app = useApplication();
  const { logout } = useSessionControls();
  const t = usePageT();
  const heading = useRef<HTMLHeadingElement>(null);
  const number = useRef(app.prospectId);
  number.current ??= app.prospectId;
  useEffect(() => heading.current?.focus(), []);

  return (
    <Shell title={t('submitted.shellTitle')} showSteps={false}>
      <section className={styles.box}>
        <CheckmarkCircleRegular className={styles.icon} aria-hidden />
        <h1 ref={heading} tabIndex={-1} className={styles.heading}>
          {t('submitted.title')}
        </h1>
        {number.current && <Body1 as="p">{t('submitted.number', { number: number.current })}</Body1>}
        <Body1 as="p">{t('submitted.text')}</Body1>
        <Button
          appearance="primary"
          onClick={async () => {
            await navigate(COME_BACK_LOGIN, { replace: true });
            app.close();
            await logout();
          }}
        >
          {t('submitted.checkStatus')}
        </Button>
      </section>
    </Shell>
  );
}
