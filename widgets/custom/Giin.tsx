import type { WidgetProps } from '@rjsf/utils';
import { formatGiin } from '../lib/masks';
import { MaskedInput, type MaskSpec } from './MaskedInput';

const mask: MaskSpec = {
  format: formatGiin,
  parse: formatGiin,
  placeholder: 'XXXXXX-XXXXX-XX-XXX',
  maxLength: 19,
  inputProps: { autoCapitalize: 'characters', spellCheck: false },
};

/**
 * GIIN (FATCA identification number) with the mask XXXXXX-XXXXX-XX-XXX: letters are upper-cased, other
 * characters dropped, and the value is stored with its dashes, as it is written on tax forms.
 */
export function Giin(props: WidgetProps) {
  return <MaskedInput {...props} mask={mask} />;
}
