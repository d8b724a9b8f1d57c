import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { canAccess } from '../../prospects/prospectAccess';
import { createProspectRepository } from '../../repositories/prospectRepository';

/**
 * May the caller of this request read and change this prospect? Resolves true or false, or throws an ApiError
 * (or answers 401) itself, e.g. when the request carries no valid token. The document and screening routes
 * call it before anything else; false answers 403.
 */
export type ProspectAccessCheck = (request: FastifyRequest, prospectId: string) => Promise<boolean>;

declare module 'fastify' {
  interface FastifyInstance {
    prospectAccess: ProspectAccessCheck;
  }
}

/**
 * `app.prospectAccess`: the applicant who owns the prospect (verified mobile and e-mail) or an agent may read
 * and change it; anyone else is answered as if it did not exist. Routes read it on every request.
 */
export default fp(
  async (app) => {
    const repo = createProspectRepository();
    const check: ProspectAccessCheck = async (request, prospectId) => {
      const row = await repo.findById(app.database.db, prospectId);
      return !!row && canAccess(request, row);
    };
    app.decorate('prospectAccess', check);
  },
  { name: 'prospectAccess', dependencies: ['database'] },
);
