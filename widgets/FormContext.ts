import type { ReferenceLists } from '../src/validation/lists';

/** One benefit line of a value package; `textIslamic` replaces `text` for Islamic banking. */
export interface PackageBenefit {
  text: string;
  textIslamic?: string;
  items?: PackageBenefit[];
}

/** A link that differs for conventional and Islamic banking, or one link for both. */
export type BankingLink = string | { conventional?: string; islamic?: string };

/** A value package (RAKvalue PLUS / MAX) as in products.json `packages`. */
export interface ValuePackage {
  /** The value stored in the form (applicationInfo.rakValuePackage), e.g. "RAKvalue PLUS". */
  value?: string;
  /** Used when `value` is absent. */
  id?: string;
  _id?: string;
  name: string;
  /** Monthly cost in AED; `costText` ("AED 49 per month") wins when given. */
  cost: number;
  costText?: string;
  optionList?: PackageBenefit[];
  /** Included with an account type ({ "starter": true }), or always (true). */
  isIncluded?: boolean | Record<string, boolean>;
  includedLabel?: string;
  selectedLabel?: string;
  notSelectedLabel?: string;
  disabledLabelForForeignCurrency?: string;
  upgradeLabel?: string;
  readMoreUrl?: BankingLink;
}

/** The Express Service offer as in products.json `express`. */
export interface ExpressConfig {
  description?: string;
  feeText?: string;
  /** The sentence naming the fee, `{fee}` standing for feeText ("Charge: {fee}."), translated with the content. */
  feeLabel?: string;
  termsUrl?: BankingLink;
  termsLinkLabel?: string;
  acceptLabel?: string;
  declineLabel?: string;
  readTermsNotice?: string;
  termsError?: string;
  /** Said instead of the terms link when there is no terms document to open (Express cannot be chosen then). */
  termsMissingNotice?: string;
}

export interface UploadOptions {
  documentKey: string;
  /** The document's title for the bank (the field's label). */
  documentTitle?: string;
  /** Aborted when the applicant presses Cancel. */
  signal: AbortSignal;
  /** Progress from 0 to 1. */
  onProgress: (fraction: number) => void;
}

/** What the Upload widget stores. */
export interface UploadValue {
  fileName: string;
  uploadStatus: string;
}

/**
 * Everything widgets need from the page, passed as RJSF's `formContext`. Widgets never fetch: the page
 * (src/app) supplies lists, products and callbacks.
 */
export interface FormContext {
  /** Reference lists by name, for `x-list` (ListSelect, LargeListSelect, MultiListSelect). */
  lists: ReferenceLists;
  /** Islamic banking: picks the list variant whose `when.path` ends with `islamicBanking`, Islamic wording. */
  islamic?: boolean;
  /** The whole form data (root document), for `x-list` variants on other paths and PackageCards currencies. */
  formData?: unknown;
  /** Products configuration (products.json): value packages for PackageCards, the express offer. */
  products?: { packages?: ValuePackage[]; express?: ExpressConfig };
  /** The account type (e.g. "starter"; default: /applicationInfo/accountType of formData). */
  accountType?: string;
  /** Overrides the currency check of PackageCards (true: only foreign currencies chosen -> Not Applicable). */
  foreignCurrencyOnly?: boolean;
  /** Sends a checked file; resolves when stored. Rejecting shows the error's message. */
  onUpload?: (file: File, options: UploadOptions) => Promise<(Partial<UploadValue> & { documentKey?: string }) | void>;
  /**
   * The name of the file stored under a document key, when the page knows it: an Upload field typed as text holds
   * only the key, so after a reload (or a language switch) it names the uploaded file by this. Data, not a function:
   * RJSF re-renders a form only for props that differ by its deepEquals, which takes every function as equal, so
   * names that arrive after the form rendered (the documents list answering later) would never be shown.
   */
  uploadedFileNames?: ReadonlyMap<string, string>;
  /** Called by ExpressOffer with the applicant's choice (the page sets currencies and moves on). */
  onExpressChoice?: (accepted: boolean) => void;
}
