import { createContext, useContext } from 'react';
import { type UploadMessages, uploadMessages } from '../../src/shared/uploadMessages';

/**
 * The widgets' own words (not the content's: labels, help and messages come with the schemas). English by
 * default; the app provides its language's words (src/app/i18n/I18nProvider.tsx), so widgets stay free of any
 * i18n library and of the app.
 */
export interface WidgetTexts {
  /** The screen-reader summary after a submit with errors; '' for none. */
  errorSummary(count: number): string;
  select: string;
  add: string;
  remove: string;
  yes: string;
  no: string;
  openCalendar: string;
  /** The button that opens a list's options (Fluent's own label is English: 'Open'). */
  openList: string;
  /** The accessible description of a date field's bounds (dates as dd/mm/yyyy). */
  dateRange(from: string | undefined, until: string | undefined): string;
  /** What a refused file says (src/shared/uploadMessages.ts), at the spec's limits. */
  upload: UploadMessages;
}

export const ENGLISH_WIDGET_TEXTS: WidgetTexts = {
  errorSummary: (count) =>
    count === 0 ? '' : count === 1 ? 'There is 1 error in the form. It is shown next to its field.' : `There are ${count} errors in the form. They are shown next to their fields.`,
  select: 'Select',
  add: 'Add',
  remove: 'Remove',
  yes: 'Yes',
  no: 'No',
  openCalendar: 'Open the calendar',
  openList: 'Show the options',
  dateRange: (from, until) => `Date ${[from && `from ${from}`, until && `until ${until}`].filter(Boolean).join(' ')}, format dd/mm/yyyy`,
  upload: uploadMessages('en'),
};

export const WidgetTextsContext = createContext<WidgetTexts>(ENGLISH_WIDGET_TEXTS);

export const useWidgetTexts = (): WidgetTexts => useContext(WidgetTextsContext);
