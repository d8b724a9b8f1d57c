/**
 * The parts of a prospect only agents (relationship officers) write and read: the KYC annexure (their notes on
 * the company, 001 §4/§5/§6) and the per-party EID ping details kept on each stakeholder. Customers never see
 * them (stripped from every answer) and cannot write them (403); a customer's save keeps what agents stored,
 * because the customer's copy of signatoryInfo comes without the ping details.
 */
import type { Principal } from '../security/principal';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);

export const ANNEXURE_SECTION = 'kycAnnexure';
/** Per-party EID ping details, spec names on signatoryInfo[i] (001 §3). */
export const PING_FIELDS = ['signatoryPingType', 'signatoryEIDPingStatus', 'signatoryEIDDate', 'signatoryEIDPingDocRef'] as const;
/** Annexure upload fields and the document keys the documents configuration gives them (schemas/documents.json). */
export const ANNEXURE_UPLOADS: Record<string, string> = {
  dsaChecklist: 'BAIS Account Opening Checklist-1',
  siteVisitReport: 'Site Visit Report-1',
};

export const isAgent = (principal: Principal | undefined) => !!principal?.roles.includes('agent');

const stakeholders = (document: Obj): unknown[] => (Array.isArray(document.signatoryInfo) ? document.signatoryInfo : []);

/** The first agent-only field a body sent by a client carries (the annexure section or a ping detail), as a pointer. */
export function agentOnlyField(body: Obj): string | undefined {
  if (ANNEXURE_SECTION in body) return `/${ANNEXURE_SECTION}`;
  for (const [i, s] of stakeholders(body).entries()) {
    const found = isObj(s) ? PING_FIELDS.find((f) => f in s) : undefined;
    if (found) return `/signatoryInfo/${i}/${found}`;
  }
  return undefined;
}

const hasPing = (s: unknown): s is Obj => isObj(s) && PING_FIELDS.some((f) => f in s);

/** The stakeholder without its ping details (itself when it has none: nothing copied). */
function withoutPing(s: unknown): unknown {
  if (!hasPing(s)) return s;
  const copy = { ...s };
  for (const f of PING_FIELDS) delete copy[f];
  return copy;
}

/**
 * The document as a customer may see it: no annexure, no ping details. What holds neither is shared with the
 * document, not copied (nothing changes either in place).
 */
export function hideAgentOnly(document: Obj): Obj {
  const { [ANNEXURE_SECTION]: _annexure, ...rest } = document;
  if (!Array.isArray(document.signatoryInfo) || !document.signatoryInfo.some(hasPing)) return rest;
  rest.signatoryInfo = document.signatoryInfo.map(withoutPing);
  return rest;
}

/** A customer's save: put back the annexure and each stakeholder's ping details (matched by signatoryId). */
export function keepAgentOnly(stored: Obj, next: Obj): Obj {
  const out = { ...next };
  if (ANNEXURE_SECTION in stored) out[ANNEXURE_SECTION] = stored[ANNEXURE_SECTION];
  else delete out[ANNEXURE_SECTION];
  const byId = new Map<string, Obj>();
  for (const s of stakeholders(stored)) if (isObj(s) && s.signatoryId !== undefined) byId.set(String(s.signatoryId), s);
  if (Array.isArray(next.signatoryInfo) && (next.signatoryInfo.some(hasPing) || stakeholders(stored).some(hasPing))) {
    out.signatoryInfo = next.signatoryInfo.map((s) => {
      if (!isObj(s)) return s;
      const before = s.signatoryId === undefined ? undefined : byId.get(String(s.signatoryId));
      // Neither sent nor stored ping details: the stakeholder as sent (not copied).
      if (!hasPing(s) && !hasPing(before)) return s;
      const copy = { ...s };
      for (const f of PING_FIELDS) delete copy[f];
      if (before) for (const f of PING_FIELDS) if (f in before) copy[f] = before[f];
      return copy;
    });
  }
  return out;
}

/**
 * The annexure's upload fields say what the document store holds, whatever the client sent: a document counts
 * as uploaded only when a current upload with its key exists, so the annexure's upload rules check reality.
 */
export function withAnnexureUploads(document: Obj, uploads: { documentKey: string; fileName: string; uploadStatus: string }[]): Obj {
  const annexure = document[ANNEXURE_SECTION];
  if (!isObj(annexure)) return document;
  const next: Obj = { ...annexure };
  for (const [field, key] of Object.entries(ANNEXURE_UPLOADS)) {
    const found = uploads.find((u) => u.documentKey === key);
    if (found) next[field] = { fileName: found.fileName, uploadStatus: found.uploadStatus };
    else delete next[field];
  }
  return { ...document, [ANNEXURE_SECTION]: next };
}
