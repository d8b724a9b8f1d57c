import { join } from 'node:path';
import fp from 'fastify-plugin';
import { type DocumentStore, FolderDocumentStore } from '../../storage/documentStore';

declare module 'fastify' {
  interface FastifyInstance {
    documentStore: DocumentStore;
  }
}

/** The store of uploaded documents' bytes: a folder under DATA_DIR (an S3-compatible store can replace it). */
export default fp(
  async (app) => {
    if (!app.hasDecorator('documentStore')) app.decorate('documentStore', new FolderDocumentStore(join(app.config.dataDir, 'documents')));
  },
  { name: 'documentStore', dependencies: ['config'] },
);
