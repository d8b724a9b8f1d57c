/**
 * A stakeholder's proof of relationship (kycDetails.docProofOfRelationship) is the key of a document uploaded
 * for that stakeholder (the wizard's Upload widget stores the key the upload answered). The server keeps the
 * key only when the document store holds a current upload with that key for that stakeholder, so a step cannot
 * be completed by typing a key: the schema's rule then reports "Proof of relationship is not filled".
 */
type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);

const proofOf = (s: unknown): unknown => (isObj(s) && isObj(s.kycDetails) ? s.kycDetails.docProofOfRelationship : undefined);

/** Whether any stakeholder names a proof of relationship (only then the uploads need to be read). */
export function namesProof(document: Obj): boolean {
  return Array.isArray(document.signatoryInfo) && document.signatoryInfo.some((s) => typeof proofOf(s) === 'string' && proofOf(s) !== '');
}

/** The document with every proof of relationship that names no upload of its stakeholder removed. */
export function withProofUploads(document: Obj, uploads: { documentKey: string; signatoryId: string | null }[]): Obj {
  if (!Array.isArray(document.signatoryInfo)) return document;
  const signatoryInfo = document.signatoryInfo.map((s: unknown, i) => {
    const key = proofOf(s);
    if (typeof key !== 'string' || !isObj(s)) return s;
    const id = String(s.signatoryId ?? i);
    if (uploads.some((u) => u.documentKey === key && u.signatoryId === id)) return s;
    const { docProofOfRelationship: _dropped, ...kycDetails } = s.kycDetails as Obj;
    return { ...s, kycDetails };
  });
  return { ...document, signatoryInfo };
}
