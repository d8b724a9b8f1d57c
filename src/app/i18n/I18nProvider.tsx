import { FluentProvider } from '@fluentui/react-components';
import { type ReactNode, useEffect, useState } from 'react';
import { IntlProvider } from 'react-intl';
import { directionOf, type Locale } from '../../content/i18n/locales';
import { appTheme } from '../theme';
import en from 'virtual:app-messages/en';
import { applyToDocument, useLocale } from './localeStore';
import { WidgetTextsProvider } from './useT';

/** A language's texts, compiled at build time: English is in the entry chunk, Arabic a chunk of its own fetched when chosen. */
type Messages = typeof en;
async function loadMessages(locale: Locale): Promise<Messages> {
  if (locale === 'ar') return (await import('virtual:app-messages/ar')).default;
  return en;
}

/**
 * The app in the chosen language: react-intl's provider for the texts (ICU messages, dates, numbers), Fluent's
 * provider in the language's direction (Fluent mirrors its components and Griffel flips left/right styles), and
 * `lang`/`dir` on the document. While another language's texts load, the page stays in the one it has.
 */
export function I18nProvider({ children }: { children: ReactNode }) {
  const locale = useLocale();
  const [loaded, setLoaded] = useState<{ locale: Locale; messages: Messages } | undefined>(locale === 'en' ? { locale, messages: en } : undefined);

  useEffect(() => {
    if (loaded?.locale === locale) return;
    let live = true;
    loadMessages(locale).then(
      (messages) => live && setLoaded({ locale, messages }),
      // The chunk could not be fetched (offline): stay in English rather than show nothing.
      () => live && setLoaded({ locale: 'en', messages: en }),
    );
    return () => {
      live = false;
    };
  }, [locale, loaded?.locale]);

  useEffect(() => {
    if (loaded) applyToDocument(loaded.locale);
  }, [loaded]);

  if (!loaded) return null;
  return (
    <IntlProvider locale={loaded.locale} messages={loaded.messages} defaultLocale="en">
      <FluentProvider theme={appTheme} dir={directionOf(loaded.locale)} style={{ minHeight: '100vh' }}>
        <WidgetTextsProvider>{children}</WidgetTextsProvider>
      </FluentProvider>
    </IntlProvider>
  );
}
