import type { FastifyInstance } from 'fastify';
import { type DocumentsConfig, requiredDocuments } from '../../src/content/requiredDocuments';
import { createDocumentRepository } from '../../src/server/repositories/documentRepository';

/** Stores a row for every required document of the application (as if uploaded), so that it can be submitted. */
export async function storeRequiredDocuments(app: FastifyInstance, prospectId: string, data: Record<string, unknown>): Promise<void> {
  const config = (await app.contentStore.current()).built.documents as unknown as DocumentsConfig;
  const docs = createDocumentRepository();
  for (const [i, d] of requiredDocuments(data, config).filter((x) => x.required).entries()) {
    await docs.insert(app.database.db, {
      id: `D${i}-${prospectId}`,
      prospectId,
      documentKey: d.documentKey,
      documentType: d.documentType,
      documentTitle: d.documentTitle,
      groupName: d.group,
      signatoryId: d.signatoryId ?? null,
      fileName: `${d.documentKey}.pdf`,
      contentType: 'application/pdf',
      size: 60_000,
      sha256: 'x'.repeat(64),
      storageKey: `k${i}-${prospectId}`,
      uploadedBy: 'test',
    });
  }
}
