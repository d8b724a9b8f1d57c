import { FieldContextProvider, Input, makeStyles, tokens, useFieldContext_unstable, useId } from '@fluentui/react-components';
import { type ClipboardEvent, type KeyboardEvent, type Ref, useImperativeHandle, useRef } from 'react';
import { westernDigits } from '../../../shared/digits';
import { useT } from '../../i18n/useT';

const LENGTH = 6;

const useStyles = makeStyles({
  // Six boxes share the row: 48 px each with 8 px gaps where there is room, narrower (never under 44 px, the tap
  // target) with 4 px gaps on the smallest phones (320 px leaves 288 px: 6 × 44 + 5 × 4 = 284).
  // minWidth 0: the Field's grid track may then be narrower than six 48 px boxes (the boxes shrink to fit).
  row: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'nowrap', minWidth: 0, maxWidth: '100%', '@media (max-width: 359px)': { gap: tokens.spacingHorizontalXS } },
  // The native input fills its box (Fluent pads the box and gives the input an intrinsic width that overflows it).
  box: {
    flex: '0 1 48px',
    width: '48px',
    minWidth: '44px',
    paddingLeft: 0,
    paddingRight: 0,
    '& input': { textAlign: 'center', fontSize: tokens.fontSizeBase500, width: '100%', minWidth: 0, paddingLeft: 0, paddingRight: 0 },
  },
});

export interface OtpInputProps {
  value: string;
  onChange(value: string): void;
  disabled?: boolean;
  invalid?: boolean;
  /** id of the element describing the boxes (the error or help text). */
  describedBy?: string;
  /** The code shown was refused: the next digit typed starts a new code in the first box (the others are cleared). */
  startOver?: boolean;
  /** `focus()` puts the keyboard focus in the first box (a new code was sent: it is typed from there). */
  ref?: Ref<{ focus(): void }>;
}

/**
 * Six one-digit boxes for the one-time code: typing moves to the next box, backspace on an empty box goes
 * back and clears it, a focused box is selected so typing replaces its digit, arrows move, and pasting a 6-digit code fills every box.
 * After a refused code (startOver) the first key typed in any box clears all six and starts again in box 1, so
 * retyping one digit never re-sends five old ones. While a code is checked the boxes are read-only, not disabled:
 * a disabled box would drop the keyboard focus to the page body.
 * Inside a Fluent Field each box has an id of its own (the Field would give all six its one control id): the first
 * keeps the Field's, so the Field's label still leads to box 1; each box is named "Digit n of 6" and described by
 * the Field's message and hint, the group by the Field's label.
 */
export function OtpInput({ value, onChange, disabled, invalid, describedBy, startOver, ref }: OtpInputProps) {
  const styles = useStyles();
  const t = useT();
  const refs = useRef<(HTMLInputElement | null)[]>([]);
  const field = useFieldContext_unstable();
  const ownId = useId('otp-digit-');
  const idOf = (i: number) => (i === 0 && field?.generatedControlId ? field.generatedControlId : `${ownId}-${i + 1}`);
  const described = [field?.validationMessageId, field?.hintId, describedBy].filter(Boolean).join(' ') || undefined;
  // Positions are kept (a space marks an empty box) so that clearing a middle box does not shift the others.
  const digits = Array.from({ length: LENGTH }, (_, i) => (value[i] ?? ' ').trim());
  const focus = (i: number) => refs.current[Math.max(0, Math.min(LENGTH - 1, i))]?.focus();
  useImperativeHandle(ref, () => ({ focus: () => refs.current[0]?.focus() }), []);

  const set = (i: number, digit: string) => {
    const next = [...digits];
    next[i] = digit;
    onChange(next.map((d) => d || ' ').join('').trimEnd());
  };

  const onPaste = (e: ClipboardEvent<HTMLInputElement>) => {
    const code = westernDigits(e.clipboardData.getData('text')).replace(/\s/g, '');
    if (/^\d{6}$/.test(code)) {
      e.preventDefault();
      onChange(code);
      focus(LENGTH - 1);
    }
  };

  const onKeyDown = (i: number) => (e: KeyboardEvent<HTMLInputElement>) => {
    if (disabled) return;
    if (startOver && (/^\d$/.test(e.key) || e.key === 'Backspace' || e.key === 'Delete')) {
      e.preventDefault();
      onChange(/^\d$/.test(e.key) ? e.key : '');
      focus(/^\d$/.test(e.key) ? 1 : 0);
      return;
    }
    if (/^\d$/.test(e.key) && digits[i] === e.key && !e.ctrlKey && !e.metaKey && !e.altKey) {
      // The box's own digit typed over it: the value does not change, so no change event follows (React reports
      // none for an unchanged value) and the focus would stay, the rest of the code going into this box. Go on.
      e.preventDefault();
      focus(i + 1);
    } else if (e.key === 'Backspace') {
      // Wherever the caret is: clear this box, or when it is empty the one before.
      e.preventDefault();
      if (digits[i]) set(i, '');
      else if (i > 0) {
        set(i - 1, '');
        focus(i - 1);
      }
    } else if (e.key === 'ArrowLeft') {
      e.preventDefault();
      focus(i - 1);
    } else if (e.key === 'ArrowRight') {
      e.preventDefault();
      focus(i + 1);
    }
  };

  return (
    // The code reads left to right on an Arabic page too (the arrow keys then move as they look).
    <div className={styles.row} role="group" dir="ltr" aria-label={t('verify.field')} aria-describedby={describedBy}>
      {/* The boxes take nothing from the Field's context (its one control id, its label as their name): set here. */}
      <FieldContextProvider value={undefined}>
        {digits.map((d, i) => (
          <Input
            key={i}
            id={idOf(i)}
            className={styles.box}
            ref={(el) => {
              refs.current[i] = el;
            }}
            value={d}
            readOnly={disabled}
            aria-busy={disabled || undefined}
            aria-label={t('verify.digit', { n: i + 1, total: LENGTH })}
            aria-invalid={invalid || field?.validationState === 'error' || undefined}
            aria-describedby={described}
            inputMode="numeric"
            autoComplete={i === 0 ? 'one-time-code' : 'off'}
            autoFocus={i === 0}
            maxLength={LENGTH}
            onPaste={onPaste}
            onFocus={(e) => e.target.select()}
            onKeyDown={onKeyDown(i)}
            onChange={(_, data) => {
              if (disabled) return;
              const typed = westernDigits(data.value).replace(/\D/g, '');
              if (typed.length === LENGTH) {
                // Autofill of the whole code into one box.
                onChange(typed);
                focus(LENGTH - 1);
                return;
              }
              const digit = typed.slice(-1);
              set(i, digit);
              if (digit) focus(i + 1);
            }}
          />
        ))}
      </FieldContextProvider>
    </div>
  );
}
