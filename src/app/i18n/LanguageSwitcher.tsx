import { Button, makeStyles } from '@fluentui/react-components';
import { LocalLanguageRegular } from '@fluentui/react-icons';
import { setLocale, useLocale } from './localeStore';
import { useT } from './useT';

const useStyles = makeStyles({ button: { color: 'inherit', minWidth: 'auto' } });

/**
 * The language switch of every page: names the other language in its own script (and is marked with that
 * language, so screen readers read it right), its accessible name starting with that visible text (WCAG 2.5.3)
 * and naming the language in the page's language too; the choice is remembered on this browser.
 */
export function LanguageSwitcher({ className }: { className?: string }) {
  const styles = useStyles();
  const t = useT();
  const locale = useLocale();
  const other = locale === 'ar' ? 'en' : 'ar';
  return (
    <Button
      appearance="subtle"
      className={`${styles.button} ${className ?? ''}`}
      icon={<LocalLanguageRegular />}
      lang={other}
      aria-label={t('language.switchLabel')}
      data-testid="language-switch"
      onClick={() => setLocale(other)}
    >
      {t('language.switch')}
    </Button>
  );
}
