import { Spinner } from '@fluentui/react-components';
import type { WidgetProps } from '@rjsf/utils';
import { type ComponentType, lazy, Suspense, useState } from 'react';
import type { Locale } from '../../src/content/i18n/locales';
import { LazyWidgetLocale } from './lazyWidgetLocale';
import { useWidgetTexts } from './WidgetTexts';

/** The spinner's name in each language of the page (kept here: the entry chunk's catalogue is at its budget). */
const LOADING: Record<Locale, string> = { en: 'Loading', ar: 'جارٍ التحميل' };

/** A lazily loaded widget; `preload` starts loading its code (a page does so for the widgets its step uses). */
export type LazyWidget = ComponentType<WidgetProps> & { preload(): Promise<unknown>; loaded(): boolean };

/**
 * A widget whose code loads when a step first shows it (or when the page preloads it): for widgets that bring
 * code no other step needs (PackageCards: Card and its focus management; the searchable lists: SearchList and
 * the dialling codes' search), so the pages of the other steps do not download them.
 * `Fallback` is drawn while the code loads (the same size as the widget, so nothing moves when it comes); a
 * spinner without one. Once loaded, the widget renders at once, without a fallback frame.
 */
export function lazyWidget(load: () => Promise<ComponentType<WidgetProps>>, Fallback?: ComponentType<WidgetProps>): LazyWidget {
  let loaded: ComponentType<WidgetProps> | undefined;
  let loading: Promise<ComponentType<WidgetProps>> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = undefined; // a failed chunk (network) is fetched again by the next preload or first render
        throw error;
      },
    ));
  const Widget = lazy(() => preload().then((component) => ({ default: component })));
  function LazyWidget(props: WidgetProps) {
    const { locale } = useWidgetTexts();
    // Chosen once per mount: switching from the lazy wrapper to the loaded component would remount the widget.
    const [Inner] = useState<ComponentType<WidgetProps>>(() => loaded ?? Widget);
    return (
      <Suspense fallback={Fallback ? <Fallback {...props} /> : <Spinner size="tiny" label={LOADING[locale] ?? LOADING.en} />}>
        <LazyWidgetLocale.Provider value={locale}>
          <Inner {...props} />
        </LazyWidgetLocale.Provider>
      </Suspense>
    );
  }
  return Object.assign(LazyWidget, { preload, loaded: () => loaded !== undefined });
}
