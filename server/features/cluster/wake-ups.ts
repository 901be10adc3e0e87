// Nodes wake each other through PostgreSQL's LISTEN/NOTIFY: a node that deploys, restarts or undeploys
// a bot says so, and the runners look at their leases at once instead of at their next heartbeat.
// A wake-up only saves time: a node that misses one (its listening connection was down) sees the
// change at its next heartbeat all the same.
import pg from 'pg';
import { sql, type Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/schema';

const CHANNEL = 'botwright_bots';

/** Wakes every node's lease keeper. */
export async function wakeNodes(db: Kysely<Database>): Promise<void> {
  await sql`select pg_notify(${CHANNEL}, '')`.execute(db);
}

/** Listens for wake-ups on a connection of its own, connecting again when it is lost. */
export class WakeUps {
  private client: pg.Client | null = null;
  private connecting: Promise<void> | null = null;
  private closed = false;

  constructor(
    private readonly url: string,
    private readonly onWake: () => void,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Connects if not connected (called at every heartbeat, so a lost connection comes back). */
  ensure(): Promise<void> {
    if (this.closed || this.client) return Promise.resolve();
    this.connecting ??= this.connect().finally(() => (this.connecting = null));
    return this.connecting;
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.url, connectionTimeoutMillis: 5000 });
    const drop = () => {
      if (this.client === client) this.client = null;
      void client.end().catch(() => {});
    };
    client.on('error', drop);
    client.on('end', drop);
    client.on('notification', () => this.onWake());
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
      if (this.closed) return drop();
      this.client = client;
    } catch (err) {
      this.log.debug({ err }, 'wake-ups: could not listen (the next heartbeat tries again)');
      drop();
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.connecting;
    await this.client?.end().catch(() => {});
    this.client = null;
  }
}
