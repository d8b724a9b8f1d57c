import type { FastifyRequest } from 'fastify';
import type { ProspectRow } from '../repositories/prospectRepository';

/**
 * Who may read or change a prospect: the applicant who verified the one-time code for the mobile and
 * e-mail it was created with, or an agent. Everyone else is answered as if it did not exist.
 */
export function canAccess(request: FastifyRequest, row: Pick<ProspectRow, 'owner'>): boolean {
  const p = request.principal;
  if (!p) return false;
  if (p.roles.includes('agent')) return true;
  if (p.kind !== 'customer' || !row.owner) return false;
  return (
    row.owner.mobile === p.mobile &&
    row.owner.countryCode === p.countryCode &&
    row.owner.email.toLowerCase() === (p.email ?? '').toLowerCase()
  );
}
