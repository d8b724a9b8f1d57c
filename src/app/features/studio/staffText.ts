import type { StudioMessageId } from '../../i18n/enStudio';

/**
 * A text for product staff from one of the studio's pure editing functions (fields.ts, palette.ts, listEdit.ts,
 * lint.ts): the id of its words in enStudio.ts / arStudio.ts and their values. Components say it in the studio's
 * language with useStudioT(): `t(text.id, text.values)`.
 */
export interface StaffText {
  id: StudioMessageId;
  values?: Record<string, string | number>;
}

/** An editing function's refusal, said in the studio's language by the component that catches it. */
export class StaffTextError extends Error {
  constructor(readonly text: StaffText) {
    super(`${text.id}${text.values ? ` ${JSON.stringify(text.values)}` : ''}`);
  }
}
