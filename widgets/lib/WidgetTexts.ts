import { createContext, useContext } from 'react';
import type { Locale } from '../../src/content/i18n/locales';
import type { SearchPrompt } from './filterOptions';

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
  /** A list row's remove button named by what it removes ("Remove passport 2"): the row's name and its number. */
  removeItem(name: string, n: number): string;
  yes: string;
  no: string;
  openCalendar: string;
  /** The button that opens a list's options (Fluent's own label is English: 'Open'). */
  openList: string;
  /** What a searchable list says instead of options: too little typed, nothing found, an empty list. */
  searchPrompts: Record<SearchPrompt, string>;
  /** The accessible description of a date field's bounds (dates as dd/mm/yyyy). */
  dateRange(from: string | undefined, until: string | undefined): string;
  /**
   * The language of these words. What a refused file says is src/shared/uploadMessages.ts's in it (the upload
   * widget asks for it, so neither language's refusals weigh on the landing page).
   */
  locale: Locale;
  /**
   * The upload widget's own words (custom/Upload.tsx) in another language than English; undefined in English, which
   * the widget carries itself (in its chunk: the form pages', not the landing page's).
   */
  uploadWidget?: UploadWidgetTexts;
}

/** The upload widget's words: its button, progress, status and what it says when an upload cannot run. */
export interface UploadWidgetTexts {
  /** The button before a file is stored ("Upload {name}"; name: the field's label, if any). */
  upload(name: string | undefined): string;
  /** The button once a file is stored ("Replace {name}"). */
  replace(name: string | undefined): string;
  /** The progress bar's name ("Uploading {fileName}"). */
  uploading(fileName: string): string;
  /** A stored file's status, by its code ("Uploaded"). */
  status(code: string): string;
  cancel: string;
  /** The form has no upload handler (a preview). */
  unavailable: string;
  /** The upload failed without a message of the server's. */
  failed: string;
}

export const ENGLISH_WIDGET_TEXTS: WidgetTexts = {
  errorSummary: (count) =>
    count === 0 ? '' : count === 1 ? 'There is 1 error in the form. It is shown next to its field.' : `There are ${count} errors in the form. They are shown next to their fields.`,
  select: 'Select',
  add: 'Add',
  remove: 'Remove',
  removeItem: (name, n) => `Remove ${name} ${n}`,
  yes: 'Yes',
  no: 'No',
  openCalendar: 'Open the calendar',
  openList: 'Show the options',
  // Spec 001 §5 "Shared field rules": the large-data selects' prompts.
  searchPrompts: { short: 'Type at least 2 characters to search', none: 'No matches', empty: 'No options' },
  dateRange: (from, until) => `Date ${[from && `from ${from}`, until && `until ${until}`].filter(Boolean).join(' ')}, format dd/mm/yyyy`,
  locale: 'en',
};

export const WidgetTextsContext = createContext<WidgetTexts>(ENGLISH_WIDGET_TEXTS);

export const useWidgetTexts = (): WidgetTexts => useContext(WidgetTextsContext);
