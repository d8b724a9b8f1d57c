import type pg from 'pg';

/** Waits this long before connecting again after the listening connection dropped. */
const RECONNECT_MS = 1000;

/**
 * LISTEN on one channel over a connection of its own (a pooled one would be handed to other queries). When
 * the connection drops it reconnects, and calls `onMessage(undefined)` once listening again, because
 * notifications sent meanwhile are lost: the listener re-reads what it follows.
 */
export async function listenPostgres(connectionString: string, channel: string, onMessage: (payload: string | undefined) => void): Promise<() => Promise<void>> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`bad channel name ${channel}`);
  // Loaded here, not at start: a server on PGlite never loads the PostgreSQL client.
  const { default: pgModule } = await import('pg');
  let client: pg.Client | undefined;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;

  const connect = async (): Promise<void> => {
    const c = new pgModule.Client({ connectionString });
    c.on('notification', (n) => n.channel === channel && onMessage(n.payload));
    c.on('error', () => {}); // followed by 'end', which reconnects
    c.on('end', () => {
      if (closed) return;
      client = undefined;
      timer = setTimeout(() => void connect().then(() => onMessage(undefined), () => c.emit('end')), RECONNECT_MS);
    });
    await c.connect();
    await c.query(`listen ${channel}`);
    client = c;
  };

  await connect();
  return async () => {
    closed = true;
    clearTimeout(timer);
    await client?.end().catch(() => {});
  };
}
