// Every bot's kept log on PostgreSQL (log_lines), whichever runner ran it: the same calls as the
// files of a single process (run-logs.ts), so any node of the server pages a bot's log and downloads
// a run. A run's batches are queued and inserted off the event loop, many rows per statement; a bot
// keeps about as many bytes as its files would (RUNNER_LOG_FILE_MB x RUNNER_LOG_FILES), the oldest
// lines deleted past that.
import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import type { RunLogLine, RunLogPage } from '../../../../shared/run-logs.schema';
import type { OutputLine } from '../runs/run-output';
import { allWritten, forgetWriter } from './log-writers';
import type { KeptLogs } from './run-logs';
import { AppError } from '../../../errors';

/** Lines waiting for a slow database, per bot, before newer ones are counted as lost instead. */
const MAX_PENDING_BYTES = 16 * 1024 * 1024;
/** Rows per insert. */
const ROWS_PER_INSERT = 500;
/** What a row takes besides its text (ids, time, level, index entries), for the bytes a bot keeps. */
const ROW_BYTES = 64;
/** Lines read at a time for a download. */
const DOWNLOAD_PAGE = 2000;

type Pending = { rows: RunLogLine[]; bytes: number; lost: { count: number; runId: string; at: number } | null; writing: Promise<void> | null; sinceTrim: number };

export type SharedRunLogsOptions = { db: Kysely<Database>; keptBytes: number; log: FastifyBaseLogger };

export class SharedRunLogs implements KeptLogs {
  private readonly bots = new Map<string, Pending>();

  constructor(private readonly options: SharedRunLogsOptions) {}

  recorder(projectId: string, runId: string): (lines: OutputLine[]) => void {
    return (lines) => {
      const rows: RunLogLine[] = [];
      for (const entry of lines) for (const text of entry.text.split('\n')) rows.push({ at: entry.at, level: entry.kind, text, runId });
      this.append(projectId, rows);
    };
  }

  append(projectId: string, lines: RunLogLine[]): void {
    const bot = this.pendingOf(projectId);
    for (const line of lines) {
      const bytes = Buffer.byteLength(line.text) + ROW_BYTES;
      if (bot.bytes + bytes > MAX_PENDING_BYTES) {
        bot.lost = { count: (bot.lost?.count ?? 0) + 1, runId: line.runId, at: line.at };
        continue;
      }
      bot.rows.push(line);
      bot.bytes += bytes;
    }
    bot.writing ??= this.drain(projectId, bot);
  }

  flush(): Promise<void> {
    return allWritten(this.bots);
  }

  async remove(projectId: string): Promise<void> {
    await forgetWriter(this.bots, projectId);
    await this.options.db.deleteFrom('log_lines').where('project_id', '=', projectId).execute();
  }

  async usedBytes(projectId: string): Promise<number> {
    const row = await this.options.db
      .selectFrom('log_lines')
      .select(sql<number>`coalesce(sum(octet_length(text) + ${ROW_BYTES}), 0)`.as('bytes'))
      .where('project_id', '=', projectId)
      .executeTakeFirst();
    return Number(row?.bytes ?? 0);
  }

  async page(projectId: string, before: string | null | undefined, limit: number): Promise<RunLogPage> {
    let query = this.options.db.selectFrom('log_lines').select(['seq', 'at', 'level', 'text', 'run_id']).where('project_id', '=', projectId);
    if (before) {
      if (!/^\d{1,15}$/.test(before)) throw new AppError('BAD_REQUEST', 'Invalid cursor: use the `next` of the previous page');
      query = query.where('seq', '<', Number(before));
    }
    const rows = await query.orderBy('seq', 'desc').limit(limit + 1).execute();
    const lines = rows.slice(0, limit).map((r) => ({ at: Number(r.at), level: r.level, text: r.text, runId: r.run_id }));
    return { lines, next: rows.length > limit ? String(rows[limit - 1]!.seq) : null };
  }

  async *runLines(projectId: string, runId: string): AsyncGenerator<RunLogLine> {
    let after = 0;
    for (;;) {
      const rows = await this.options.db
        .selectFrom('log_lines')
        .select(['seq', 'at', 'level', 'text'])
        .where('run_id', '=', runId)
        .where('project_id', '=', projectId)
        .where('seq', '>', after)
        .orderBy('seq')
        .limit(DOWNLOAD_PAGE)
        .execute();
      for (const r of rows) yield { at: Number(r.at), level: r.level, text: r.text, runId };
      if (rows.length < DOWNLOAD_PAGE) return;
      after = Number(rows.at(-1)!.seq);
    }
  }

  private pendingOf(projectId: string): Pending {
    let bot = this.bots.get(projectId);
    if (!bot) this.bots.set(projectId, (bot = { rows: [], bytes: 0, lost: null, writing: null, sinceTrim: 0 }));
    return bot;
  }

  /** Inserts what is pending, in order, batch after batch, until nothing is left. */
  private async drain(projectId: string, bot: Pending): Promise<void> {
    try {
      while (bot.rows.length > 0 || bot.lost) {
        const rows = bot.rows;
        const bytes = bot.bytes;
        bot.rows = [];
        bot.bytes = 0;
        if (bot.lost) {
          const { count, runId, at } = bot.lost;
          bot.lost = null;
          rows.push({ at, level: 'log', text: `${count} ${count === 1 ? 'line was' : 'lines were'} not kept in the log: the database could not keep up`, runId });
        }
        try {
          for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
            const values = rows.slice(i, i + ROWS_PER_INSERT).map((r) => ({ project_id: projectId, run_id: r.runId, at: r.at, level: r.level, text: r.text }));
            await this.options.db.insertInto('log_lines').values(values).execute();
          }
          bot.sinceTrim += bytes;
          // The oldest lines go once the bot has written a tenth of what it keeps since the last look.
          if (bot.sinceTrim * 10 >= this.options.keptBytes) {
            bot.sinceTrim = 0;
            await this.trim(projectId);
          }
        } catch (err) {
          // The run goes on and viewers still see its lines; the operator learns why the log has a gap.
          this.options.log.warn({ err: String(err), projectId }, 'run log lines could not be written');
        }
      }
    } finally {
      bot.writing = null;
    }
  }

  /** Deletes the bot's oldest lines past what it keeps. */
  private async trim(projectId: string): Promise<void> {
    await sql`
      delete from log_lines where project_id = ${projectId} and seq <= (
        select seq from (
          select seq, sum(octet_length(text) + ${ROW_BYTES}) over (order by seq desc) as kept
          from log_lines where project_id = ${projectId}
        ) newest where kept > ${this.options.keptBytes} order by seq desc limit 1
      )`.execute(this.options.db);
  }
}
