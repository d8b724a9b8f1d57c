import { jsonEqual } from './jsonEqual';

type Obj = Record<string, unknown>;

/**
 * A save's short answer (RFC 7240 `Prefer: return=minimal`): the browser sends its whole copy of the application
 * and already holds the rest, so the server answers only the top-level sections that differ from what the client
 * has (derived values recomputed, hidden answers dropped, the server's own sections) and the sections that are
 * gone. One definition for both sides: the server makes it, the browser applies it.
 */
export const RETURN_MINIMAL = 'return=minimal';

export interface SectionChanges {
  /** The sections whose stored value differs from the client's copy, whole. */
  prospect: Obj;
  /** Sections the client has that are no longer stored. */
  removedSections: string[];
}

/**
 * What differs between the stored document (as the client may see it) and the client's copy: the sections it
 * sent, and for the others what was stored at the version it named.
 */
export function sectionChanges(stored: Obj, sent: Obj, before: Obj): SectionChanges {
  const prospect: Obj = {};
  for (const [k, v] of Object.entries(stored)) {
    if (!jsonEqual(v, k in sent ? sent[k] : before[k])) prospect[k] = v;
  }
  const removedSections = [...new Set([...Object.keys(sent), ...Object.keys(before)])].filter((k) => !(k in stored));
  return { prospect, removedSections };
}

/** The client's copy after a short answer: its own copy as sent, with the changed sections replaced. */
export function applySectionChanges(copy: Obj, changes: SectionChanges): Obj {
  const next: Obj = { ...copy, ...changes.prospect };
  for (const k of changes.removedSections) delete next[k];
  return next;
}
