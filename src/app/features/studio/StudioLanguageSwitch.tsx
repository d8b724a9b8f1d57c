import { Button } from '@fluentui/react-components';
import { setLocale, useLocale } from '../../i18n/localeStore';
import { useT } from '../../i18n/useT';

/**
 * The studio's language switch: the customer shell's (i18n/LanguageSwitcher.tsx), its words and the same
 * choice (remembered on this browser, `qa.locale`). Its own component so the studio's chunks do not share the
 * shell's (a module shared with the landing page would be split out of it, a request more on every page).
 */
export function StudioLanguageSwitch({ className }: { className?: string }) {
  const t = useT();
  const other = useLocale() === 'ar' ? 'en' : 'ar';
  return (
    <Button appearance="secondary" size="small" className={className} lang={other} aria-label={t('language.switchLabel')} data-testid="language-switch" onClick={() => setLocale(other)}>
      {t('language.switch')}
    </Button>
  );
}
