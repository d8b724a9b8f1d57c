import { useFluent } from '@fluentui/react-components';
import { ArrowLeftRegular, ArrowRightRegular } from '@fluentui/react-icons';

/**
 * The arrow of a "back" action: it points where the reading started, left in English and right in Arabic (Fluent's
 * arrow icons do not mirror themselves). Decorative: the button's text says what it does.
 */
export function BackIcon() {
  const { dir } = useFluent();
  return dir === 'rtl' ? <ArrowRightRegular aria-hidden /> : <ArrowLeftRegular aria-hidden />;
}
