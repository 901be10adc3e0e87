// The live socket at /ws: a signed-in page starts, stops and follows its runs.
// Same-origin only (the Origin must be PUBLIC_URL's or the server's own); the bearer token comes in a
// first `{type:'auth'}` message (never the address: query strings end up in logs); every frame is
// checked with the shared schema. The session is checked again before every start or attach, and
// the socket closes (4401) the moment its session is revoked. The socket only watches runs:
// closing it never stops a bot. On several nodes, a run on another node is followed and stopped
// through that node (cluster/remote-runs.ts).
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import type { Deps } from '../../../deps';
import { readSession } from '../../auth/sessions';
import type { Revocation } from '../../auth/revocations';
import { AppError, zodMessage } from '../../../errors';
import { clientFrame, type ServerFrame } from '../../../../shared/runner.schema';
import type { RunExit, RunMode, RunViewer } from './runs';
import { followRun, listRuns, startRun, stopRun } from './run.service';
import { lineCount, type OutputLine } from './run-output';
import { followRemoteRun, stopRemoteRun } from '../../cluster/remote-runs';
import { relayToRunner, type Relay } from '../../cluster/socket-relay';
import { NO_RUNNER, otherRunnerOf, passesOnRunnerCalls } from '../../cluster/runner-forward';
import { clientAddress, passedOnByNode } from '../../../client-address';

const AUTH_TIMEOUT_MS = 10_000;
/** A viewer whose socket holds more than this unsent is skipped, and told how much it missed. */
const MAX_BUFFERED_BYTES = 1024 * 1024;
/** The execute-file frame carries the file's text (ignored): a frame may be up to 1 MiB. */
export const MAX_FRAME_BYTES = 1024 * 1024;
/** Lines per outgoing frame are cut so no frame exceeds about this much text. */
const MAX_OUT_FRAME_CHARS = 128 * 1024;

const FRAME_TYPE = { output: 'execution_output', error: 'execution_error', log: 'execution_log' } as const;

export function registerRunSocket(app: FastifyInstance, deps: Deps): void {
  app.get(
    '/ws',
    {
      websocket: true,
      preValidation: async (req, reply) => {
        if (!sameOrigin(req, deps.config.publicUrl)) return reply.code(403).send({ error: 'Origin not allowed' });
      },
    },
    (socket, req) => {
      const connection = new RunConnection(socket, deps, { address: clientAddress(req), relays: passesOnRunnerCalls(deps.config) && !passedOnByNode(req) });
      if ((req.query as Record<string, unknown> | undefined)?.token !== undefined) {
        connection.endSession('Send the sign-in token in an auth message, not in the address');
        return;
      }
      socket.on('message', (data, isBinary) => void connection.receive(data as Buffer, isBinary));
      socket.on('close', () => connection.close());
      socket.on('error', () => connection.close());
    },
  );
}

function sameOrigin(req: FastifyRequest, publicUrl: string): boolean {
  const origin = req.headers.origin;
  // Browsers always send an Origin on websocket upgrades; programs without one still need a token.
  if (origin === undefined) return true;
  if (origin === new URL(publicUrl).origin) return true;
  const host = req.headers.host;
  return !!host && (origin === `http://${host}` || origin === `https://${host}`);
}

class RunConnection {
  private userId: string | null = null;
  private session: { token: string; sessionId: string } | null = null;
  private unsubscribe: (() => void) | null = null;
  private authenticating: Promise<void> | null = null;
  private readonly authTimer: NodeJS.Timeout;
  /** Runs this socket follows: fileId -> detach. */
  private readonly following = new Map<string, () => void>();
  /** The file this socket started or attached to last (stop-execution names none). */
  private current: string | null = null;
  private missedLines = 0;
  /** The person's runner's /ws when it is another node, which this socket is relayed to once signed in. */
  private relay: Relay | null = null;
  private readonly viewer: RunViewer = {
    lines: (lines, fileId) => this.sendLines(lines, fileId),
    exit: (exit, fileId) => this.sendExit(exit, fileId),
  };

  constructor(
    private readonly socket: WebSocket,
    private readonly deps: Deps,
    /** Where the page is, and whether this node relays sockets to people's runners (a web or all node on PostgreSQL). */
    private readonly origin: { address: string; relays: boolean },
  ) {
    this.authTimer = setTimeout(() => {
      if (!this.userId) socket.close(4401, 'Authentication required');
    }, AUTH_TIMEOUT_MS);
  }

  async authenticate(token: string): Promise<void> {
    this.authenticating = (async () => {
      const session = await readSession(this.deps.db, this.deps.sessionKeys, this.deps.clock, token).catch(() => null);
      if (!session) return this.endSession('Please sign in to continue');
      this.userId = session.userId;
      this.session = { token, sessionId: session.sessionId };
      if (this.origin.relays && (await this.relayedToRunner(token, session.userId))) return;
      this.unsubscribe?.();
      const revocations = this.deps.revocations.subscribe((r) => this.revoked(r));
      // A replay's chat (its key carries '~') is the server's own business, not the page's.
      const testChats = this.deps.testChat.chats.subscribe(session.userId, (frame) => {
        if (frame.fileId.includes('~')) return;
        // A page that does not read keeps no backlog of a bot's messages here: it is cut off,
        // reconnects and reads the chat's history again (which the conversation bounds).
        if (this.socket.bufferedAmount > MAX_BUFFERED_BYTES) {
          this.socket.terminate();
          return this.close();
        }
        this.send(frame);
      });
      // Every start and end of the person's runs, whoever caused it: their pages follow without asking.
      const runChanges = this.deps.runs.onChange((userId, run) => {
        if (userId === session.userId && !run.fileId.includes('~')) this.send({ type: 'run', run });
      });
      this.unsubscribe = () => {
        revocations();
        testChats();
        runChanges();
      };
      clearTimeout(this.authTimer);
      this.send({ type: 'runs', runs: listRuns({ deps: this.deps, userId: session.userId }) });
    })();
    await this.authenticating;
  }

  async receive(data: Buffer, isBinary: boolean): Promise<void> {
    if (isBinary || data.length > MAX_FRAME_BYTES) return this.refuse('Messages must be JSON text of at most 1 MiB');
    let json: unknown;
    try {
      json = JSON.parse(data.toString('utf8'));
    } catch {
      return this.refuse('Messages must be JSON');
    }
    const parsed = clientFrame.safeParse(json);
    if (!parsed.success) return this.refuse(`Invalid message: ${zodMessage(parsed.error)}`);
    const frame = parsed.data;
    // Relayed to the runner (a web node): every frame goes on as it came, a new sign-in too.
    if (this.relay) return this.relay.send(data.toString('utf8'));
    if (frame.type === 'auth') return this.authenticate(frame.token);
    await this.authenticating;
    if (this.relay) return (this.relay as Relay).send(data.toString('utf8'));
    const userId = this.userId;
    if (!userId) return this.refuse('Please sign in to continue');

    try {
      // A token revoked by any means (logout elsewhere, expiry, a reset on another server) starts nothing.
      if (!(await this.sessionStillValid())) return this.endSession('Your session has ended. Please sign in again.');
      if (frame.type === 'execute-file') await this.execute(userId, frame.fileId, frame.envVars ?? {}, frame.mode ?? 'live');
      else if (frame.type === 'attach') await this.follow(userId, frame.fileId);
      else {
        const fileId = frame.fileId ?? this.current;
        const stopped = fileId !== null && ((await stopRun({ deps: this.deps, userId }, { fileId })) || (await stopRemoteRun(this.deps, userId, fileId)));
        if (!stopped) this.send({ type: 'execution_log', message: 'Nothing is running', fileId: fileId ?? undefined });
      }
    } catch (err) {
      this.send({ type: 'execution_error', message: this.publicMessage(err), fileId: 'fileId' in frame ? frame.fileId : undefined });
    }
  }

  /** Tells the page why, then closes with 4401 (the client signs in again). */
  endSession(message: string): void {
    this.send({ type: 'execution_error', message });
    this.socket.close(4401, 'Authentication required');
    this.close();
  }

  private async sessionStillValid(): Promise<boolean> {
    if (!this.session) return false;
    const session = await readSession(this.deps.db, this.deps.sessionKeys, this.deps.clock, this.session.token).catch(() => null);
    return session?.sessionId === this.session.sessionId;
  }

  private revoked(revocation: Revocation): void {
    const ours =
      'sessionId' in revocation
        ? revocation.sessionId === this.session?.sessionId
        : revocation.userId === this.userId && revocation.exceptSessionId !== this.session?.sessionId;
    if (ours) this.endSession('Your session has ended. Please sign in again.');
  }

  /** What a person may read of a failure: our own messages; anything else stays in the log, with a reference to find it. */
  private publicMessage(err: unknown): string {
    if (err instanceof AppError) return err.message;
    const reference = randomBytes(4).toString('hex');
    this.deps.log.error({ err, reference, userId: this.userId }, 'socket request failed');
    return `Something went wrong on our side (reference ${reference}). Please try again.`;
  }

  /** When the person's runner is another node, it answers this socket from here on; false when it is this node. */
  private async relayedToRunner(token: string, userId: string): Promise<boolean> {
    const runner = await otherRunnerOf(this.deps, userId).catch(() => undefined);
    if (runner === null) return false;
    clearTimeout(this.authTimer);
    if (runner === undefined) {
      this.send({ type: 'execution_error', message: NO_RUNNER });
      this.socket.close(1013, 'No runner');
      return true;
    }
    this.relay = relayToRunner(this.deps, runner, { authFrame: JSON.stringify({ type: 'auth', token }), address: this.origin.address }, {
      send: (text) => this.socket.readyState === this.socket.OPEN && this.socket.send(text),
      close: (code, reason) => this.socket.close(code, reason),
    });
    return true;
  }

  close(): void {
    this.relay?.close();
    this.relay = null;
    this.unsubscribe?.();
    this.unsubscribe = null;
    this.userId = null;
    this.session = null;
    clearTimeout(this.authTimer);
    for (const detach of this.following.values()) detach();
    this.following.clear();
  }

  private async execute(userId: string, fileId: string, typed: Record<string, string>, mode: RunMode): Promise<void> {
    await startRun({ deps: this.deps, userId }, { fileId, typed, mode });
    // Lines printed before this attach are replayed from the run's ring, so none is missed.
    await this.follow(userId, fileId);
  }

  /** Follows the file's run here or, on several nodes, on the node that runs it. */
  private async follow(userId: string, fileId: string): Promise<void> {
    this.following.get(fileId)?.();
    this.following.delete(fileId);
    this.current = fileId;
    const detach =
      followRun({ deps: this.deps, userId }, { fileId }, this.viewer) ??
      (await followRemoteRun(this.deps, userId, fileId, this.viewer, (why) => {
        this.following.delete(fileId);
        const message = why === 'lost' ? 'The machine running this bot stopped answering. Open the bot again in a moment to follow it where it runs now.' : 'This file is not running';
        this.send({ type: 'execution_log', message, fileId });
      }));
    if (detach) this.following.set(fileId, detach);
    else this.send({ type: 'execution_log', message: 'This file is not running', fileId });
  }

  private sendLines(lines: OutputLine[], fileId: string): void {
    // Consecutive lines of one kind and one time travel in one frame, joined by '\n', up to a frame
    // size (a frame has one time: a replay must not give later lines the first one's); a socket
    // that has too much unsent is skipped frame by frame and later told what it missed.
    let start = 0;
    let chars = 0;
    for (let i = 0; i < lines.length; i++) {
      chars += lines[i]!.text.length + 1;
      const next = lines[i + 1];
      if (next && next.kind === lines[start]!.kind && next.at === lines[start]!.at && chars < MAX_OUT_FRAME_CHARS) continue;
      this.sendFrame(lines.slice(start, i + 1), fileId);
      start = i + 1;
      chars = 0;
    }
  }

  private sendFrame(group: OutputLine[], fileId: string): void {
    if (this.socket.bufferedAmount > MAX_BUFFERED_BYTES) {
      for (const entry of group) this.missedLines += lineCount(entry);
      return;
    }
    if (this.missedLines > 0) {
      this.send({ type: 'execution_log', message: `${this.missedLines} lines skipped: your connection could not keep up`, fileId, at: Date.now() });
      this.missedLines = 0;
    }
    this.send({ type: FRAME_TYPE[group[0]!.kind], message: group.map((l) => l.text).join('\n'), fileId, at: group[0]!.at });
  }

  private sendExit(exit: RunExit, fileId: string): void {
    this.send({ type: 'execution_exit', fileId, ...exit });
    this.following.delete(fileId);
  }

  private refuse(message: string): void {
    this.send({ type: 'execution_error', message });
  }

  private send(frame: ServerFrame): void {
    if (this.socket.readyState === this.socket.OPEN) this.socket.send(JSON.stringify(frame));
  }
}
