import { FluentProvider } from '@fluentui/react-components';
import { type ReactNode, useEffect, useState } from 'react';
import { IntlProvider } from 'react-intl';
import english from 'virtual:app-messages/en';
import { directionOf, type Locale } from '../../../content/i18n/locales';
import { WidgetTextsProvider } from '../../i18n/useT';

type Messages = typeof english;
/** The app's texts of a language: English is already loaded, Arabic the app's own chunk (the customer's, fetched once). */
const load = async (locale: Locale): Promise<Messages> => (locale === 'ar' ? (await import('virtual:app-messages/ar')).default : english);

/**
 * The studio's preview in a language of its own, whatever the studio's: the app's texts (the form's error summary,
 * the widgets' words) in that language, Fluent in its direction (the studio's theme, inherited), `lang` and `dir` on
 * the preview only. The content's texts come translated in the step itself (PreviewPane lays the draft's catalogue
 * over the files). While the language's texts load `loading` shows; `failed` if they cannot be fetched.
 */
export function PreviewLanguage({ locale, children, loading, failed: failedView }: { locale: Locale; children: ReactNode; loading: ReactNode; failed: ReactNode }) {
  const [loaded, setLoaded] = useState<{ locale: Locale; messages: Messages }>();
  const [failed, setFailed] = useState<Locale>();
  useEffect(() => {
    let live = true;
    load(locale).then(
      (messages) => live && setLoaded({ locale, messages }),
      () => live && setFailed(locale),
    );
    return () => {
      live = false;
    };
  }, [locale]);
  if (loaded?.locale !== locale) return failed === locale ? failedView : loading;
  return (
    <IntlProvider locale={locale} messages={loaded.messages} defaultLocale="en">
      <FluentProvider dir={directionOf(locale)} lang={locale} data-testid="studio-preview-language" data-locale={locale}>
        <WidgetTextsProvider>{children}</WidgetTextsProvider>
      </FluentProvider>
    </IntlProvider>
  );
}
