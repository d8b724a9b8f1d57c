type Obj = Record<string, unknown>;

export type BlockReason = 'RO_EDITING' | 'BLOCK_EDITING';

export interface EditingBlock {
  reason: BlockReason;
  message: string;
}

const MESSAGES: Record<BlockReason, string> = {
  RO_EDITING: 'This application is being worked on by the bank (reason RO_EDITING), so it cannot be changed here.',
  BLOCK_EDITING: 'Editing of this application is blocked (reason BLOCK_EDITING).',
};

const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);

/** Reason-like fields of the status and screening sections (spec 001 §3: statusReason, screeningReason, ...). */
const REASON_KEYS = ['statusReason', 'reasonCode', 'declineReason', 'screeningReason', 'screeningType', 'statusNotes'];

function reasonsIn(value: unknown, depth = 0): string[] {
  if (depth > 4) return [];
  if (Array.isArray(value)) return value.flatMap((v) => reasonsIn(v, depth + 1));
  if (!isObj(value)) return [];
  const out: string[] = [];
  for (const [k, v] of Object.entries(value)) {
    if (REASON_KEYS.includes(k) && typeof v === 'string') out.push(v.trim().toUpperCase());
    else if (typeof v === 'object') out.push(...reasonsIn(v, depth + 1));
  }
  return out;
}

/**
 * Whether a decline/status reason blocks editing (spec 001 §4/§6: RO_EDITING or BLOCK_EDITING): read from the
 * prospect's status (prospectStatusInfo) and screening (screeningInfo) sections and from the latest screening
 * outcome when the caller has it. BLOCK_EDITING wins over RO_EDITING.
 */
export function editingBlock(prospect: Obj | undefined, screening?: unknown): EditingBlock | null {
  if (!prospect) return null;
  const reasons = new Set([...reasonsIn(prospect.prospectStatusInfo), ...reasonsIn(prospect.screeningInfo), ...reasonsIn(screening)]);
  for (const reason of ['BLOCK_EDITING', 'RO_EDITING'] as const) if (reasons.has(reason)) return { reason, message: MESSAGES[reason] };
  return null;
}
