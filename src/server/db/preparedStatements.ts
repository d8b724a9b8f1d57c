import { createHash } from 'node:crypto';
import type pg from 'pg';

/**
 * A statement whose text starts with this comment runs as a named prepared statement on PostgreSQL: each
 * connection parses and plans it once, then only binds and executes it (the save's statement costs PostgreSQL
 * about half the CPU that way). Only for statements whose text takes few forms (each form is one statement per
 * connection, kept for the connection's life) and whose result columns are named, not `*`: PostgreSQL re-plans a
 * prepared statement after a schema change itself, but refuses it if its result's row type changed.
 */
export const PREPARED = '/* prepared */';

/** Names by text (few texts, by the rule above; hashing a statement's text on every call showed in profiles). */
const names = new Map<string, string>();
const MAX_NAMES = 1000;
function nameOf(text: string): string {
  let name = names.get(text);
  if (name === undefined) {
    name = `qa_${createHash('sha256').update(text).digest('hex').slice(0, 40)}`;
    if (names.size < MAX_NAMES) names.set(text, name);
  }
  return name;
}

type Query = (...args: unknown[]) => unknown;
const prepared = new WeakSet<pg.PoolClient>();

/** The pool's clients run PREPARED statements by name (node-postgres parses a name once per connection). */
export function withPreparedStatements(pool: pg.Pool): pg.Pool {
  pool.on('connect', (client: pg.PoolClient) => {
    if (prepared.has(client)) return;
    prepared.add(client);
    const query = client.query.bind(client) as Query;
    (client as unknown as { query: Query }).query = (...args: unknown[]) => {
      const [text, values, ...rest] = args;
      if (typeof text === 'string' && text.startsWith(PREPARED) && Array.isArray(values)) {
        return query({ name: nameOf(text), text, values }, ...rest);
      }
      return query(...args);
    };
  });
  return pool;
}
