import { Spinner } from '@fluentui/react-components';
import type { WidgetProps } from '@rjsf/utils';
import { type ComponentType, lazy, Suspense } from 'react';

/**
 * A widget whose code loads when a step first shows it: for widgets that bring Fluent components no other step
 * needs (PackageCards: Card and its focus management), so the pages of the other steps do not download them.
 */
export function lazyWidget(load: () => Promise<ComponentType<WidgetProps>>): ComponentType<WidgetProps> {
  const Widget = lazy(() => load().then((component) => ({ default: component })));
  function LazyWidget(props: WidgetProps) {
    return (
      <Suspense fallback={<Spinner size="tiny" label="Loading" />}>
        <Widget {...props} />
      </Suspense>
    );
  }
  return LazyWidget;
}
