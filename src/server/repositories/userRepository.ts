import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/tables';
import { hashPassword } from '../security/passwordHash';
import type { Role } from '../security/principal';

type Db = Kysely<Database> | Transaction<Database>;

export interface UserRow {
  id: string;
  username: string;
  passwordHash: string;
  displayName: string;
  roCode: string | null;
  roles: Role[];
  createdAt: Date;
}

export interface NewUser {
  username: string;
  password: string;
  displayName: string;
  roCode?: string;
  roles: Role[];
}

const columns = ['id', 'username', 'password_hash', 'display_name', 'ro_code', 'roles', 'created_at'] as const;

/** Usernames compare case-insensitively: stored trimmed and lower-case. */
export const normalizeUsername = (username: string) => username.trim().toLowerCase();

/**
 * Creates a staff account (hashing the password); returns undefined when the username exists already.
 * Used by the first-run seed and by tests.
 */
export async function createUser(db: Db, input: NewUser): Promise<UserRow | undefined> {
  const r = await db
    .insertInto('users')
    .values({
      id: randomUUID(),
      username: normalizeUsername(input.username),
      password_hash: await hashPassword(input.password),
      display_name: input.displayName,
      ro_code: input.roCode ?? null,
      roles: JSON.stringify(input.roles),
    })
    .onConflict((oc) => oc.column('username').doNothing())
    .returning(columns)
    .executeTakeFirst();
  return r && toRow(r);
}

function toRow(r: { id: string; username: string; password_hash: string; display_name: string; ro_code: string | null; roles: string[]; created_at: Date }): UserRow {
  return {
    id: r.id,
    username: r.username,
    passwordHash: r.password_hash,
    displayName: r.display_name,
    roCode: r.ro_code,
    roles: r.roles as Role[],
    createdAt: new Date(r.created_at),
  };
}

/** Staff accounts (agents, product staff). */
export function createUserRepository() {
  return {
    create: createUser,

    async findByUsername(db: Db, username: string): Promise<UserRow | undefined> {
      const r = await db.selectFrom('users').select(columns).where('username', '=', normalizeUsername(username)).executeTakeFirst();
      return r && toRow(r);
    },
  };
}

export type UserRepository = ReturnType<typeof createUserRepository>;
