/**
 * The studio's activity log in sentences (issue 15: "the activity log as sentences"): what the server records
 * for each studio action (src/server/routes/studio.ts, studio.record) said as product staff would say it.
 * An action this table does not know is still shown, in words built from its name and details.
 */

type Detail = Record<string, unknown>;

const plural = (n: unknown, one: string, many = `${one}s`) => `${typeof n === 'number' ? n : 0} ${n === 1 ? one : many}`;
const quoted = (v: unknown) => (typeof v === 'string' && v ? `“${v}”` : 'a draft');
const draftName = (d: Detail) => (typeof d.name === 'string' && d.name ? `draft ${quoted(d.name)}` : typeof d.draft === 'number' ? `draft ${d.draft}` : 'a draft');
const filesOf = (d: Detail) => (Array.isArray(d.files) ? d.files.length : 0);

const SENTENCES: Record<string, (d: Detail) => string> = {
  'studio.draft.create': (d) =>
    typeof d.rollbackTo === 'number'
      ? `Started ${draftName(d)} to roll back to version ${d.rollbackTo} (from version ${d.baseVersion}).`
      : `Started ${draftName(d)} from version ${d.baseVersion}.`,
  'studio.draft.discard': (d) => `Discarded ${draftName(d)}.`,
  'studio.draft.submit': (d) => `Submitted ${draftName(d)} for review${typeof d.revision === 'number' ? ` (revision ${d.revision})` : ''}.`,
  'studio.draft.approve': (d) => `Approved ${draftName(d)}${typeof d.comment === 'string' ? `: “${d.comment}”` : ''}.`,
  'studio.draft.request_changes': (d) => `Asked for changes to ${draftName(d)}${typeof d.comment === 'string' ? `: “${d.comment}”` : ''}.`,
  'studio.check': (d) =>
    `Checked ${typeof d.draft === 'number' ? draftName(d) : 'a draft'} against version ${d.baseVersion} (${plural(filesOf(d), 'changed file')}): ` +
    `${plural(d.problems, 'problem')}, ${plural(d.fixturesFailed, 'failing test case')}, ${plural(d.newlyFailing, 'saved application')} that would newly fail.`,
  'studio.publish': (d) =>
    `Published version ${d.version}${typeof d.message === 'string' && d.message ? ` “${d.message}”` : ''}` +
    `${typeof d.author === 'string' ? `, written by ${d.author}` : ''}${typeof d.approvedBy === 'string' ? ` and approved by ${d.approvedBy}` : ''}.`,
  'studio.rollback': (d) =>
    `Rolled back to the content of version ${d.toVersion}, published as version ${d.version}` +
    `${typeof d.author === 'string' ? `, prepared by ${d.author}` : ''}${typeof d.approvedBy === 'string' ? ` and approved by ${d.approvedBy}` : ''}.`,
};

const words = (key: string) => key.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/[._-]+/g, ' ').toLowerCase();

/** One activity entry as a sentence. */
export function activitySentence(action: string, detail: unknown): string {
  const d: Detail = detail && typeof detail === 'object' && !Array.isArray(detail) ? (detail as Detail) : {};
  const known = SENTENCES[action];
  if (known) return known(d);
  const what = words(action.replace(/^studio\./, ''));
  const parts = Object.entries(d)
    .filter(([, v]) => ['string', 'number', 'boolean'].includes(typeof v))
    .map(([k, v]) => `${words(k)} ${String(v)}`);
  const sentence = `${what.charAt(0).toUpperCase()}${what.slice(1)}${parts.length ? ` (${parts.join(', ')})` : ''}.`;
  return typeof detail === 'string' && detail ? `${sentence.slice(0, -1)}: ${detail}.` : sentence;
}
