// Every run of a bot as a row of `runs` (migrations/012): written when it starts and when it ends,
// in order, off the run's own path (a slow disk never holds a bot up; a failed write is logged).
// At start-up the rows a previous server left live (it was killed, or the machine went down) are
// ended with it (on several nodes, the rows this node left). Each bot keeps its newest KEPT_PER_BOT runs.
import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely, type UpdateQueryBuilder, type UpdateResult } from 'kysely';
import { databaseNow } from '../../../db/dialect';
import type { Database } from '../../../db/schema';
import type { KeptRun } from '../../../../shared/run-logs.schema';
import type { EndedBy, RunExit, RunMode } from './run-state';

export const KEPT_PER_BOT = 200;

export type RunRecord = {
  id: string;
  projectId: string;
  fileId: string;
  userId: string;
  filename: string;
  mode: RunMode;
  supervised: boolean;
  startedAt: number;
};

type LiveRunsUpdate = UpdateQueryBuilder<Database, 'runs', 'runs', UpdateResult>;

export class RunRecords {
  /** Writes happen one after another, in the order they were asked for. */
  private writing: Promise<void> = Promise.resolve();
  /** Ends that could not be written (the database unreachable), by run: written again by `retryEnds`. */
  private readonly unwritten = new Map<string, () => Promise<void>>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly log: FastifyBaseLogger,
    /** On a server of several nodes, this node: its runs are marked with it, and only they are its leftovers. */
    private readonly nodeId: string | null = null,
  ) {}

  started(run: RunRecord): void {
    this.write('a run could not be recorded', async () => {
      await this.db
        .insertInto('runs')
        .values({
          id: run.id,
          project_id: run.projectId,
          file_id: run.fileId,
          user_id: run.userId,
          filename: run.filename,
          mode: run.mode,
          supervised: run.supervised ? 1 : 0,
          started_at: new Date(run.startedAt).toISOString(),
          node_id: this.nodeId,
        })
        .execute();
      await this.db
        .deleteFrom('runs')
        .where('project_id', '=', run.projectId)
        .where('ended_at', 'is not', null)
        .where('id', 'not in', (eb) => eb.selectFrom('runs').select('id').where('project_id', '=', run.projectId).orderBy('started_at', 'desc').limit(KEPT_PER_BOT))
        .execute();
    });
  }

  ended(id: string, exit: RunExit, endedBy: EndedBy | null): void {
    this.writeEnd(id, async () => {
      await this.db
        .updateTable('runs')
        .set({
          ended_at: new Date(exit.at).toISOString(),
          exit_reason: exit.reason,
          exit_code: exit.code,
          exit_signal: exit.signal,
          exit_message: exit.message,
          ended_by: endedBy,
        })
        .where('id', '=', id)
        .execute();
    });
  }

  /** Start-up: runs still marked live were the previous server's, and ended with it. Answers how many. */
  async endLeftovers(now: number): Promise<number> {
    return this.endedWithTheirServer(now, (q) =>
      this.nodeId === null ? q : q.where((eb) => eb.or([eb('node_id', '=', this.nodeId), eb('node_id', 'is', null)])),
    );
  }

  /**
   * On several nodes: runs still marked live on nodes whose heartbeat stopped over `goneMs` ago
   * (killed, their machine lost) ended with them. Answers how many.
   */
  async endRunsOfGoneNodes(now: number, goneMs: number): Promise<number> {
    return this.endedWithTheirServer(now, (q) =>
      q.where('node_id', 'in', (eb) => eb.selectFrom('nodes').select('id').where('heartbeat_at', '<', sql<number>`${databaseNow(this.db)} - ${goneMs}`)),
    );
  }

  private async endedWithTheirServer(now: number, which: (q: LiveRunsUpdate) => LiveRunsUpdate): Promise<number> {
    const ended = this.db
      .updateTable('runs')
      .set({ ended_at: new Date(now).toISOString(), exit_reason: 'stopped', ended_by: 'server', exit_message: 'The server stopped while the bot was running' })
      .where('ended_at', 'is', null);
    const result = await which(ended).executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /** Resolves once every write asked for so far is done. */
  flush(): Promise<void> {
    return this.writing;
  }

  /** On several nodes: the nodes the project's live runs (not test runs) run on now, the newest run first. */
  async liveRunNodes(projectId: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('runs')
      .select('node_id')
      .where('project_id', '=', projectId)
      .where('ended_at', 'is', null)
      .where('mode', '=', 'live')
      .where('node_id', 'is not', null)
      .orderBy('started_at', 'desc')
      .execute();
    return rows.map((r) => r.node_id!);
  }

  /** On several nodes: the node this file's newest unended run runs on, if any. */
  async liveRunNodeOfFile(fileId: string): Promise<string | null> {
    const row = await this.db
      .selectFrom('runs')
      .select('node_id')
      .where('file_id', '=', fileId)
      .where('ended_at', 'is', null)
      .where('node_id', 'is not', null)
      .orderBy('started_at', 'desc')
      .executeTakeFirst();
    return row?.node_id ?? null;
  }

  /** The files of the runs with no end yet (one file may appear more than once). */
  async liveFileIds(): Promise<string[]> {
    return (await this.db.selectFrom('runs').select('file_id').where('ended_at', 'is', null).execute()).map((r) => r.file_id);
  }

  /** A bot's runs, newest first. */
  async list(projectId: string, limit: number): Promise<KeptRun[]> {
    await this.flush();
    const rows = await this.db.selectFrom('runs').selectAll().where('project_id', '=', projectId).orderBy('started_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
    return rows.map((r) => ({
      runId: r.id,
      fileId: r.file_id,
      filename: r.filename,
      mode: r.mode,
      startedAt: r.started_at,
      endedAt: r.ended_at,
      exit: r.ended_at ? { reason: r.exit_reason ?? 'exited', code: r.exit_code, signal: r.exit_signal, message: r.exit_message ?? '' } : null,
    }));
  }

  /** Each bot's last ended live run: what /bots says of a bot that is not running. */
  async lastExits(projectIds: string[]): Promise<Map<string, { message: string; at: string }>> {
    await this.flush();
    if (projectIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('runs as r')
      .select(['r.project_id', 'r.exit_message', 'r.ended_at'])
      .where('r.project_id', 'in', projectIds)
      .where('r.mode', '=', 'live')
      .where('r.ended_at', 'is not', null)
      .where(({ eb, selectFrom }) =>
        eb(
          'r.started_at',
          '=',
          selectFrom('runs as n').select((e) => e.fn.max('n.started_at').as('m')).whereRef('n.project_id', '=', 'r.project_id').where('n.mode', '=', 'live').where('n.ended_at', 'is not', null),
        ),
      )
      .execute();
    return new Map(rows.map((r) => [r.project_id, { message: r.exit_message ?? '', at: r.ended_at! }]));
  }

  /**
   * On several nodes, at each beat: the ends that could not be written (a runner cut off from the
   * database stops its runs before it can say so) are written now that the database answers.
   */
  retryEnds(): Promise<void> {
    const ends = [...this.unwritten];
    this.unwritten.clear();
    for (const [id, work] of ends) this.writeEnd(id, work);
    return this.writing;
  }

  private writeEnd(id: string, work: () => Promise<void>): void {
    this.write('the end of a run could not be recorded (it is written again once the database answers)', work, () => this.unwritten.set(id, work));
  }

  private write(failure: string, work: () => Promise<void>, onFailure?: () => void): void {
    this.writing = this.writing.then(work).catch((err) => {
      onFailure?.();
      this.log.error({ err }, failure);
    });
  }
}
