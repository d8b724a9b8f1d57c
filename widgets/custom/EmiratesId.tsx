import type { WidgetProps } from '@rjsf/utils';
import { emiratesIdDigits, formatEmiratesId } from '../lib/masks';
import { MaskedInput, type MaskSpec } from './MaskedInput';

const mask: MaskSpec = {
  format: formatEmiratesId,
  parse: emiratesIdDigits,
  placeholder: '784-XXXX-XXXXXXX-X',
  maxLength: 18,
  inputProps: { inputMode: 'numeric' },
};

/**
 * Emirates ID with the mask 784-XXXX-XXXXXXX-X: the applicant types digits (dashes appear by themselves,
 * pasted dashes and spaces are dropped); the form stores the digits only, up to 15 ("784" + 12 digits is
 * checked by the `x-emiratesId` keyword).
 */
export function EmiratesId(props: WidgetProps) {
  return <MaskedInput {...props} mask={mask} />;
}
