import { Button, Input, makeStyles } from '@fluentui/react-components';
import { CalendarRegular } from '@fluentui/react-icons';
import { type WidgetProps } from '@rjsf/utils';
import { useMemo, useRef } from 'react';
import { dateBounds } from '../lib/dateBounds';
import { displayToStored, isoToDisplay, maskDate } from '../lib/masks';
import { useParentData } from '../lib/ParentDataContext';
import { useWidgetTexts } from '../lib/WidgetTexts';
import { westernDigits } from '../../src/shared/digits';
import { useControlDescribedBy } from '../lib/describedBy';

const useStyles = makeStyles({
  // The browser's own date picker opens from this input; it is kept out of sight and out of the tab order.
  picker: { position: 'absolute', width: '1px', height: '1px', opacity: 0, pointerEvents: 'none', border: 0, padding: 0 },
  wrap: { position: 'relative', display: 'block', maxWidth: '100%' },
});

/**
 * What the native date input may be given: a yyyy-MM-dd that is a day of the calendar, else ''. A typed 31/02/2025 is
 * stored as 2025-02-31 (validation says it is invalid), which Chromium refuses with a console warning on every
 * render. The browser's own test (the day read back is the day given), not validation's isIsoDate: the input's rule,
 * and no more code in the form pages' chunks (the stakeholders page is at its size budget).
 */
const nativeDate = (value: unknown): string => (typeof value === 'string' && /^\d{4}-\d\d-\d\d$/.test(value) && new Date(value).getUTCDate() === +value.slice(8) ? value : '');

/** dd/MM/yyyy for an ISO date, for messages and attributes. */
const display = (iso: string | undefined) => (iso ? isoToDisplay(iso) : undefined);

/**
 * A date typed as dd/MM/yyyy (slashes inserted while typing, digits only, phone number pad) and stored as
 * yyyy-MM-dd. A half-typed date is stored as typed, so validation says the date is invalid rather than
 * missing. The bounds come from the field's `x-date` rules (absolute, today±N, $sibling) and are exposed as
 * data-min / data-max (yyyy-MM-dd) and in the accessible description; a rule `max: "today"` marks future
 * dates as not allowed (data-future-disabled). The rules' own messages are shown by validation.
 * The calendar button opens the browser's date picker (a hidden native date input within the same bounds).
 */
export function DateInput(props: WidgetProps) {
  const { id, htmlName, value, schema, placeholder, disabled, readonly, autofocus, rawErrors, onChange, onBlur, onFocus, options } = props;
  const parent = useParentData();
  const bounds = useMemo(() => dateBounds(schema['x-date'], parent), [schema, parent]);
  const shown = isoToDisplay(value);
  const styles = useStyles();
  const picker = useRef<HTMLInputElement>(null);
  const openPicker = () => {
    try {
      picker.current?.showPicker();
    } catch {
      picker.current?.focus(); // browsers without showPicker: the native input takes the keyboard
    }
  };
  const texts = useWidgetTexts();
  const range = bounds.min || bounds.max ? texts.dateRange(display(bounds.min), display(bounds.max)) : '';

  const describedBy = useControlDescribedBy(id, range ? `${id}__range` : undefined);
  return (
    <span className={styles.wrap}>
      <Input
        id={id}
        name={htmlName || id}
        type="text"
        // dd/mm/yyyy reads left to right on an Arabic page too.
        dir="ltr"
        inputMode="numeric"
        autoComplete="off"
        maxLength={10}
        contentAfter={
          <Button
            appearance="transparent"
            size="small"
            icon={<CalendarRegular />}
            aria-label={texts.openCalendar}
            disabled={disabled || readonly}
            onClick={openPicker}
          />
        }
        value={shown}
        placeholder={placeholder || 'dd/mm/yyyy'}
        disabled={disabled}
        readOnly={readonly}
        autoFocus={autofocus}
        data-min={bounds.min}
        data-max={bounds.max}
        data-future-disabled={bounds.futureDisabled || undefined}
        aria-invalid={rawErrors && rawErrors.length > 0 ? true : undefined}
        aria-describedby={describedBy}
        onChange={(_, data) => {
          const next = displayToStored(maskDate(westernDigits(data.value)));
          onChange(next === undefined ? options.emptyValue : next);
        }}
        onBlur={() => onBlur(id, value)}
        onFocus={() => onFocus(id, value)}
      />
      <input
        ref={picker}
        type="date"
        className={styles.picker}
        tabIndex={-1}
        aria-hidden="true"
        min={bounds.min}
        max={bounds.max}
        value={nativeDate(value)}
        onChange={(e) => e.target.value && onChange(e.target.value)}
      />
      {range && (
        <span id={`${id}__range`} hidden>
          {range}
        </span>
      )}
    </span>
  );
}
