import type { FastifyPluginAsync } from 'fastify';
import { ApiError } from '../plugins/app/errors';
import { findInvite, inviteExists, markInviteOpened } from '../prospects/invites';
import { tooManyRequests } from '../security/limits';

const OPENS_PER_MINUTE = 20;

const body = {
  type: 'object',
  additionalProperties: false,
  required: ['inviteToken'],
  properties: { inviteToken: { type: 'string', minLength: 1, maxLength: 100 } },
} as const;

const answer = {
  type: 'object',
  required: ['fullName', 'email', 'countryCode', 'mobileNo', 'accountType', 'islamicBanking'],
  properties: {
    fullName: { type: 'string' },
    email: { type: 'string' },
    countryCode: { type: 'string' },
    mobileNo: { type: 'string' },
    accountType: { type: 'string' },
    islamicBanking: { type: 'boolean' },
    roCode: { type: ['string', 'null'] },
    expiresAt: { type: 'string', format: 'date-time' },
  },
} as const;

/**
 * POST /api/invites/open: the invite link was followed. Answers what the agent typed (the applicant's name,
 * e-mail and mobile, the account type and the Islamic choice) so the basic information starts filled in (the
 * applicant still confirms the mobile and e-mail with a one-time code), and records that the link was opened.
 * No token needed (the link is the secret: 24 random bytes, only its hash stored); bodies encrypted as every
 * POST, rate-limited per address.
 */
const inviteRoutes: FastifyPluginAsync = async (app) => {
  app.post<{ Body: { inviteToken: string } }>('/invites/open', { schema: { body, response: { 200: answer } } }, async (request, reply) => {
    const limit = await app.rateLimiter.hit(`invite-open:ip:${request.ip}`, OPENS_PER_MINUTE, 60);
    if (!limit.allowed) throw tooManyRequests(reply, limit.retryAfter, 'RATE_LIMIT', 'Too many invitation links opened.');
    const db = app.database.db;
    const now = app.now();
    const invite = await findInvite(db, request.body.inviteToken, now);
    if (!invite) {
      if (await inviteExists(db, request.body.inviteToken)) {
        throw new ApiError(410, 'InviteError', [
          {
            errorCode: 'INVITE_EXPIRED',
            message: 'This invitation has expired or was already used. You can still apply yourself, or ask your relationship officer for a new invitation.',
          },
        ]);
      }
      throw new ApiError(404, 'InviteError', [{ errorCode: 'INVITE_NOT_FOUND', message: 'This invitation link is not valid. You can still apply yourself.' }]);
    }
    await markInviteOpened(db, invite.id, now);
    return {
      fullName: invite.full_name,
      email: invite.email,
      countryCode: invite.country_code,
      mobileNo: invite.mobile_no,
      accountType: invite.account_type,
      islamicBanking: invite.islamic_banking,
      roCode: invite.ro_code,
      expiresAt: new Date(invite.expires_at).toISOString(),
    };
  });
};

export default inviteRoutes;
