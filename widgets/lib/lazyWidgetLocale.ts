import { createContext } from 'react';
import type { Locale } from '../../src/content/i18n/locales';

/**
 * The page's language (WidgetTexts.locale) as lazyWidget hands it to the widget it loads. A lazily loaded widget
 * reads it here rather than from WidgetTexts: importing that module (it lives in the entry chunk) from a lazy chunk
 * made the bundler split the entry's chunks differently, heavier by 130 bytes for every page.
 */
export const LazyWidgetLocale = createContext<Locale>('en');
