import fp from 'fastify-plugin';
import { createUser } from '../../repositories/userRepository';

/**
 * First-run seed of staff accounts from SEED_AGENT_* / SEED_PRODUCT_* / SEED_REVIEWER_* (README). An existing username is left
 * alone, so changing the variables later never resets a password. Nothing is seeded when they are unset.
 */
export default fp(
  async (app) => {
    for (const user of app.config.identity.seedUsers) {
      const created = await createUser(app.database.db, user);
      if (created) app.log.info({ username: created.username, roles: created.roles }, 'seeded staff account');
    }
  },
  { name: 'seedUsers', dependencies: ['config', 'database'] },
);
