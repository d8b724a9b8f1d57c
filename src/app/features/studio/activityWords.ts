/**
 * The studio's activity log in sentences (issue 15: "the activity log as sentences"): what the server records
 * for each studio action (src/server/routes/studio.ts, studio.record) said as product staff would say it, in the
 * studio's language (ids `studio.activity.*`, ICU plurals). An action this table does not know is still shown, in
 * words built from its name and details (the recorded names, as the server wrote them).
 */
import type { StudioT } from '../../i18n/useStudioT';

type Detail = Record<string, unknown>;

const num = (n: unknown) => (typeof n === 'number' ? n : 0);
const has = (v: unknown): v is string => typeof v === 'string' && v !== '';

function draftName(t: StudioT, d: Detail): string {
  if (has(d.name)) return t('studio.activity.draftNamed', { name: d.name });
  if (typeof d.draft === 'number') return t('studio.activity.draftNumber', { number: d.draft });
  return t('studio.activity.aDraft');
}

/** "by Sara and approved by Omar", as far as the detail says. */
function people(t: StudioT, d: Detail, by: 'written' | 'prepared'): string {
  const author = has(d.author) ? t(by === 'written' ? 'studio.activity.writtenBy' : 'studio.activity.preparedBy', { name: d.author }) : '';
  const approved = has(d.approvedBy) ? t('studio.activity.approvedBy', { name: d.approvedBy }) : '';
  return author + approved;
}

const SENTENCES: Record<string, (t: StudioT, d: Detail) => string> = {
  'studio.draft.create': (t, d) =>
    typeof d.rollbackTo === 'number'
      ? t('studio.activity.createRollback', { draft: draftName(t, d), to: d.rollbackTo, base: num(d.baseVersion) })
      : t('studio.activity.create', { draft: draftName(t, d), base: num(d.baseVersion) }),
  'studio.draft.discard': (t, d) => t('studio.activity.discard', { draft: draftName(t, d) }),
  'studio.draft.submit': (t, d) =>
    typeof d.revision === 'number' ? t('studio.activity.submitRevision', { draft: draftName(t, d), revision: d.revision }) : t('studio.activity.submit', { draft: draftName(t, d) }),
  'studio.draft.approve': (t, d) => (has(d.comment) ? t('studio.activity.approveComment', { draft: draftName(t, d), comment: d.comment }) : t('studio.activity.approve', { draft: draftName(t, d) })),
  'studio.draft.request_changes': (t, d) =>
    has(d.comment) ? t('studio.activity.requestChangesComment', { draft: draftName(t, d), comment: d.comment }) : t('studio.activity.requestChanges', { draft: draftName(t, d) }),
  'studio.check': (t, d) =>
    t('studio.activity.check', {
      draft: typeof d.draft === 'number' ? draftName(t, d) : t('studio.activity.aDraft'),
      base: num(d.baseVersion),
      files: Array.isArray(d.files) ? d.files.length : 0,
      problems: num(d.problems),
      fixtures: num(d.fixturesFailed),
      failing: num(d.newlyFailing),
    }),
  'studio.publish': (t, d) =>
    (has(d.message) ? t('studio.activity.publishMessage', { version: num(d.version), message: d.message }) : t('studio.activity.publish', { version: num(d.version) })) +
    people(t, d, 'written') +
    '.',
  'studio.rollback': (t, d) => t('studio.activity.rollback', { to: num(d.toVersion), version: num(d.version) }) + people(t, d, 'prepared') + '.',
};

const words = (key: string) => key.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/[._-]+/g, ' ').toLowerCase();

/** One activity entry as a sentence. */
export function activitySentence(t: StudioT, action: string, detail: unknown): string {
  const d: Detail = detail && typeof detail === 'object' && !Array.isArray(detail) ? (detail as Detail) : {};
  const known = SENTENCES[action];
  if (known) return known(t, d);
  const what = words(action.replace(/^studio\./, ''));
  const parts = Object.entries(d)
    .filter(([, v]) => ['string', 'number', 'boolean'].includes(typeof v))
    .map(([k, v]) => `${words(k)} ${String(v)}`);
  const sentence = `${what.charAt(0).toUpperCase()}${what.slice(1)}${parts.length ? ` (${parts.join(', ')})` : ''}.`;
  return typeof detail === 'string' && detail ? `${sentence.slice(0, -1)}: ${detail}.` : sentence;
}
