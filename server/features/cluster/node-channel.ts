// What the nodes of a server say to each other at once, through PostgreSQL's LISTEN/NOTIFY, on one
// channel: 'bots' (a bot was deployed, restarted or undeployed, or a node drained: the runners look
// at their leases now instead of at their next beat) and 'sessions' (a session ended: every node
// closes the sockets opened with it). Each node listens on a connection of its own, made again when
// it is lost (at every heartbeat). A node that missed a 'bots' message sees the change at its next
// beat all the same.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { sql, type Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/schema';

const CHANNEL = 'botwright';

export type Topic = 'bots' | 'sessions';
type Message = { topic: Topic; from: string; data?: unknown };

export class NodeChannel {
  /** This process, so that it does not act twice on what it said itself. */
  private readonly self = randomBytes(8).toString('hex');
  private readonly handlers = new Map<Topic, (data: unknown) => void>();
  private client: pg.Client | null = null;
  private connecting: Promise<void> | null = null;
  private closed = false;

  constructor(
    private readonly url: string,
    private readonly db: Kysely<Database>,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** What to do when another node says something on this topic. */
  on(topic: Topic, handler: (data: unknown) => void): void {
    this.handlers.set(topic, handler);
  }

  /** Tells every other node. */
  async say(topic: Topic, data?: unknown): Promise<void> {
    const message: Message = { topic, from: this.self, ...(data === undefined ? {} : { data }) };
    await sql`select pg_notify(${CHANNEL}, ${JSON.stringify(message)})`.execute(this.db);
  }

  /** Listens if not listening (called at every heartbeat, so a lost connection comes back). */
  ensure(): Promise<void> {
    if (this.closed || this.client) return Promise.resolve();
    this.connecting ??= this.connect().finally(() => (this.connecting = null));
    return this.connecting;
  }

  private heard(payload: string | undefined): void {
    let message: Message;
    try {
      message = JSON.parse(payload ?? '') as Message;
    } catch {
      return;
    }
    if (message.from === this.self) return;
    try {
      this.handlers.get(message.topic)?.(message.data);
    } catch (err) {
      this.log.error({ err, topic: message.topic }, 'a message from another node could not be acted on');
    }
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.url, connectionTimeoutMillis: 5000 });
    const drop = () => {
      if (this.client === client) this.client = null;
      void client.end().catch(() => {});
    };
    client.on('error', drop);
    client.on('end', drop);
    client.on('notification', (n) => this.heard(n.payload));
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
      if (this.closed) return drop();
      this.client = client;
    } catch (err) {
      this.log.debug({ err }, 'node channel: could not listen (the next heartbeat tries again)');
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
