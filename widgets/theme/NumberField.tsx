import type { FieldPathList, FieldProps } from '@rjsf/utils';
import { useCallback, useState } from 'react';

/** A number written plainly: digits with an optional sign and decimal point ("12", "-3.50", ".5", "7."). */
const PLAIN = /^[+-]?(\d+\.?\d*|\.\d+)$/;

/** "0012.50" → "12.5": the digits of a plain number without leading zeros, trailing decimal zeros or a plus sign. */
function canonical(text: string): string {
  const negative = text.startsWith('-');
  const [whole = '', fraction = ''] = text.replace(/^[+-]/, '').split('.');
  const digits = (whole.replace(/^0+/, '') || '0') + (fraction.replace(/0+$/, '') ? `.${fraction.replace(/0+$/, '')}` : '');
  return negative && digits !== '0' ? `-${digits}` : digits;
}

/** The number's digits in full (no exponent: 1e20 → "100000000000000000000"). */
const fullDigits = (n: number) => n.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 20 });

/**
 * What the form holds for the text of a number field: the number when the text is a plain number that a number
 * holds exactly, else the text itself, which the schema's type rule refuses with its message. JavaScript numbers
 * hold about 16 digits: `99999999999999999999` as a number is 1e20, and the field showed and saved
 * 100000000000000000000 while the applicant had typed something else; `0x10` was 16 and `1e3` 1000. Kept as typed,
 * the field shows what was typed and the message says what is wrong (in the browser and, should it be saved, on
 * the server: the same rule).
 */
export function numberOfText(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const text = value.trim();
  if (text === '') return undefined;
  if (!PLAIN.test(text)) return value;
  // + 0: "-0" is the number 0 (its digits compare as "0").
  const n = Number(text) + 0;
  return Number.isFinite(n) && fullDigits(n) === canonical(text) ? n : value;
}

/**
 * Number and integer fields (RJSF's NumberField replaced): the widget's text goes to the form through
 * `numberOfText`, and the field keeps showing the text typed while the form's number is that text's number
 * ("12.50" stays "12.50", "7." stays "7." while the decimals are typed). A number set elsewhere (form logic, new
 * data) is shown as that number.
 */
export function NumberField(props: FieldProps) {
  const { registry, onChange, formData } = props;
  const [typed, setTyped] = useState<unknown>(undefined);
  const StringField = registry.fields.StringField!;

  const handleChange = useCallback(
    (value: unknown, path: FieldPathList, errorSchema?: Parameters<FieldProps['onChange']>[2], id?: string) => {
      setTyped(value);
      onChange(numberOfText(value), path, errorSchema, id);
    },
    [onChange],
  );

  const shown = typeof typed === 'string' && numberOfText(typed) === formData ? typed : formData;
  return <StringField {...props} formData={shown} onChange={handleChange} />;
}
