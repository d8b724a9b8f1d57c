import { join } from 'node:path';
import fp from 'fastify-plugin';
import { DatabaseDocumentStore } from '../../storage/databaseDocumentStore';
import { type DocumentStore, FolderDocumentStore } from '../../storage/documentStore';
import { S3DocumentStore } from '../../storage/s3DocumentStore';

declare module 'fastify' {
  interface FastifyInstance {
    documentStore: DocumentStore;
  }
}

/**
 * The store of uploaded documents' bytes (DOCUMENT_STORE): the database when DATABASE_URL is set, so any server
 * serves any document; a folder under DATA_DIR with the embedded PGlite (one process); or an S3-compatible bucket.
 */
export default fp(
  async (app) => {
    if (app.hasDecorator('documentStore')) return;
    const { kind, s3 } = app.config.documentStore;
    const store: DocumentStore =
      kind === 's3' && s3
        ? new S3DocumentStore(s3)
        : kind === 'database'
          ? new DatabaseDocumentStore(app.database.db)
          : new FolderDocumentStore(join(app.config.dataDir, 'documents'));
    app.log.info({ documentStore: kind }, 'document store');
    app.decorate('documentStore', store);
  },
  { name: 'documentStore', dependencies: ['config', 'database'] },
);
