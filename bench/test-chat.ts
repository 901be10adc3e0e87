// The test chat, end to end through the real app as in runner.ts (startTestApp with the real sandbox,
// a user from newUser, the bot saved with PUT /api/projects/default/files/..., a real `ws` client),
// the bot started in test mode ({type:'execute-file', fileId, mode:'test'}) so that it talks to
// Botwright's Bot API emulator through its run's bridge:
//
// - 'test chat idle polling': getUpdates requests a minute the emulator receives from an idle bot on
//   the real Telegraf (copied into the project's dependencies; long polling with its default
//   timeout=50), counted over an idle window, against the same bot as a plain node process polling a
//   loopback stand-in that ignores `timeout` and answers every getUpdates at once with no updates
//   (what telegram-test-api does: 300-2,000 requests a second were measured against it).
// - 'test chat round trip': milliseconds from the user's POST /api/test-chat/:fileId/messages to the
//   bot's reply as a test_chat_update frame on /ws, a Python standard-library bot in the sandbox,
//   against the same path (POST, the app's emulator, the frame on /ws) with the same bot as a plain
//   python3 child process on the emulator's loopback listener (listenOnLoopback, no sandbox): the
//   ratio is what the sandbox and its bridge cost.
//
// Calls are seen where the emulator answers them: TestChatSession.prototype.call is wrapped in this
// process (the app runs in it), for the counts and the breakdowns in the notes.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { until } from '../server/features/test-chat/emulator/emulator.fixture';
import { copyPackages } from '../server/testing/node-packages';
import { listenOnLoopback } from '../server/features/test-chat/emulator/emulator';
import { TestChatSession } from '../server/features/test-chat/emulator/test-chat-session';
import { MAX_POLL_SECONDS } from '../server/features/test-chat/emulator/update-queue';
import type { ServerFrame } from '../shared/runner.schema';
import { fmt, median, type Scenario } from './harness';
import { NODE_ENV, PYTHON_ENV, Socket, sandboxNote, startBench, type Bench } from './runner';

const REPO = path.resolve(import.meta.dirname, '..');
const NODE_MODULES = path.join(REPO, 'node_modules');
const TELEGRAF_VERSION = (JSON.parse(readFileSync(path.join(NODE_MODULES, 'telegraf', 'package.json'), 'utf8')) as { version: string }).version;

/** How long the idle bot is watched a round: 3 rounds keep the scenario under two minutes. */
const IDLE_WINDOW_MS = 30_000;
/** How long the spinning baseline is counted a round: long enough for thousands of requests. */
const BUSY_WINDOW_MS = 3_000;
const TRIPS_PER_ROUND = 15;
const WARM_UP_TRIPS = 3;
const START_TIMEOUT_MS = 60_000;
const TRIP_TIMEOUT_MS = 10_000;

/** The idle bot: Telegraf's long polling with its defaults, on TELEGRAM_API_BASE (the same program on both sides). */
const TELEGRAF_BOT = [
  "const { Telegraf } = require('telegraf');",
  "const bot = new Telegraf(process.env.TELEGRAM_BOT_TOKEN, { telegram: { apiRoot: process.env.TELEGRAM_API_BASE } });",
  "bot.on('message', (ctx) => ctx.reply('You said: ' + ctx.message.text));",
  "bot.launch().catch((err) => { console.error('polling failed: ' + err.message); process.exit(1); });",
  '',
].join('\n');

/** The echo bot of the round trips: Python's standard library, one urllib request (and connection) a call. */
const ECHO_BOT = String.raw`
import json, os, urllib.request
API, TOKEN = os.environ['TELEGRAM_API_BASE'], os.environ['TELEGRAM_BOT_TOKEN']
def call(method, **params):
    req = urllib.request.Request(API + '/bot' + TOKEN + '/' + method, data=json.dumps(params).encode(), headers={'content-type': 'application/json'})
    with urllib.request.urlopen(req, timeout=70) as r:
        return json.load(r)['result']
offset = 0
while True:
    for u in call('getUpdates', offset=offset, timeout=50):
        offset = u['update_id'] + 1
        m = u.get('message')
        if m and m.get('text'):
            call('sendMessage', chat_id=m['chat']['id'], text='You said: ' + m['text'])
`;

// ---- Helpers -----------------------------------------------------------------------------------

/**
 * One Bot API call as the emulator answered it, or (method USER_POST) the user's message reaching the
 * session; performance.now() times; `updates`: a getUpdates answer's length.
 */
type BotCall = { session: TestChatSession; method: string; start: number; end: number | null; updates: number | null };
const USER_POST = '(user post)';

/**
 * Wraps TestChatSession.prototype.call (what the emulator's /bot<token>/<method> route calls) and
 * .post (the user's side) for every session in this process, the app's and the fixture's. Returns
 * the restore function.
 */
function recordBotCalls(record: (call: BotCall) => void): () => void {
  const proto = TestChatSession.prototype;
  const { call: realCall, post: realPost } = proto;
  proto.call = async function (this: TestChatSession, method, params, files, options) {
    const call: BotCall = { session: this, method: method.toLowerCase(), start: performance.now(), end: null, updates: null };
    record(call);
    try {
      const answer = await realCall.call(this, method, params, files, options);
      if (answer.ok && Array.isArray(answer.result)) call.updates = answer.result.length;
      return answer;
    } finally {
      call.end = performance.now();
    }
  };
  proto.post = function (this: TestChatSession, input) {
    const call: BotCall = { session: this, method: USER_POST, start: performance.now(), end: null, updates: null };
    record(call);
    try {
      return realPost.call(this, input);
    } finally {
      call.end = performance.now();
    }
  };
  return () => {
    proto.call = realCall;
    proto.post = realPost;
  };
}

/** Forgets the finished calls (a poll held open stays: it is answered in the next round trip). */
function forgetFinished(calls: BotCall[]): void {
  const open = calls.filter((c) => c.end === null);
  calls.length = 0;
  calls.push(...open);
}

const endedFrame = (fileId: string) => (f: ServerFrame) => (f.type === 'execution_exit' && f.fileId === fileId) || (f.type === 'execution_error' && f.fileId === fileId);

/** Starts the saved bot in test mode over /ws and waits until it holds a getUpdates open; its session. */
async function startTestRun(b: Bench, socket: Socket, fileId: string): Promise<TestChatSession> {
  socket.send({ type: 'execute-file', fileId, mode: 'test' });
  return until(
    () => {
      const ended = socket.matching(endedFrame(fileId));
      if (ended.length) throw new Error(`the bot in test mode failed: ${ended.map((f) => ('message' in f ? f.message : '')).join(' / ').slice(-1500)}`);
      const session = b.t.app.deps.testChat.chats.existing({ userId: b.userId, fileId });
      return session?.pollHeld() ? session : null;
    },
    START_TIMEOUT_MS,
    'the bot in the sandbox to poll',
  );
}

/** A plain child process of this host (no sandbox), its stderr kept for errors. */
function plainProcess(cmd: string, args: string[], options: { env: Record<string, string>; cwd?: string }): { child: ChildProcess; stderr: () => string; stop(): Promise<void> } {
  const child = spawn(cmd, args, { ...options, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr = (stderr + String(d)).slice(-2000)));
  child.on('error', (err) => (stderr += String(err)));
  const exited = new Promise<void>((resolve) => child.once('close', () => resolve()));
  return {
    child,
    stderr: () => stderr.trim(),
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}

function alive(p: { child: ChildProcess; stderr: () => string }, what: string): void {
  if (p.child.exitCode !== null || p.child.signalCode !== null) throw new Error(`${what} exited (${p.child.exitCode ?? p.child.signalCode}): ${p.stderr().slice(-1000)}`);
}

/** Share of [from, to) during which a getUpdates was held open (polls come one at a time). */
function heldShare(calls: BotCall[], from: number, to: number): number {
  let held = 0;
  for (const c of calls) if (c.method === 'getupdates') held += Math.max(0, Math.min(c.end ?? to, to) - Math.max(c.start, from));
  return held / (to - from);
}

/** Where a bot in test mode reaches the emulator in this app. */
const emulatorWay = (b: Bench) =>
  b.t.app.deps.sandbox.supportsBridge ? "http://127.0.0.2 through the run's bridge" : "a port on the host's loopback (the sandbox offers no bridge)";

const perMinute = (count: number, ms: number) => count / (ms / 60_000);
const medianOr = (values: number[]) => (values.length ? fmt(median(values)) : '-');

// ---- Idle polling ------------------------------------------------------------------------------

/** A Bot API stand-in on loopback that ignores `timeout`: every getUpdates is answered at once, empty. */
async function startStandIn(): Promise<{ baseUrl: string; getUpdates(): number; close(): Promise<void> }> {
  let getUpdates = 0;
  const server = createServer((req, res) => {
    req.resume();
    req.once('end', () => {
      const method = (req.url ?? '').split('?')[0]!.split('/').pop()!.toLowerCase();
      let result: unknown = true;
      if (method === 'getupdates') {
        getUpdates++;
        result = [];
      } else if (method === 'getme') result = { id: 1, is_bot: true, first_name: 'Bench', username: 'bench_bot' };
      const body = JSON.stringify({ ok: true, result });
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }).end(body);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    getUpdates: () => getUpdates,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const idlePolling: Scenario = {
  name: 'test chat idle polling',
  unit: 'req/min',
  subjectLabel: `getUpdates a minute the emulator got from an idle Telegraf bot in test mode (${IDLE_WINDOW_MS / 1000} s idle a round)`,
  baselineLabel: `the same bot on a loopback stand-in that answers every getUpdates at once (${BUSY_WINDOW_MS / 1000} s a round)`,
  goal: { op: '<=', value: 2 },
  async prepare() {
    const b = await startBench({ RUNNER_STOP_GRACE_MS: '500' });
    let socket: Socket | null = null;
    let restoreCalls = () => {};
    let standIn: Awaited<ReturnType<typeof startStandIn>> | null = null;
    const closeAll = async () => {
      restoreCalls();
      socket?.close();
      await standIn?.close();
      await b.t.close();
    };
    try {
      const file = await b.save('telegraf_idle.js', TELEGRAF_BOT);
      const packagesDir = await b.t.app.deps.packageVolumes.dir(file.projectId, true);
      if (!packagesDir) throw new Error("the project got no dependencies directory: Telegraf can't be installed for the bot");
      const packages = copyPackages(['telegraf'], path.join(packagesDir, 'node_modules'));
      const calls: BotCall[] = [];
      restoreCalls = recordBotCalls((c) => {
        if (c.session.owner.userId === b.userId && c.session.owner.fileId === file.id) calls.push(c);
      });
      socket = await Socket.open(b);
      const s = socket;
      await startTestRun(b, s, file.id);
      const polling = performance.now();
      standIn = await startStandIn();
      const stand = standIn;
      const node = b.t.config.runner.node;

      const windows: { polls: number; other: number; held: number }[] = [];
      let watchedUntil = polling;
      const busyRates: number[] = [];
      const idle = async (): Promise<number> => {
        const from = performance.now();
        await sleep(IDLE_WINDOW_MS);
        const to = (watchedUntil = performance.now());
        const ended = s.matching(endedFrame(file.id));
        if (ended.length) throw new Error(`the bot stopped: ${JSON.stringify(ended).slice(-1000)}`);
        const inWindow = calls.filter((c) => c.start >= from && c.start < to);
        const polls = inWindow.filter((c) => c.method === 'getupdates').length;
        windows.push({ polls, other: inWindow.length - polls, held: heldShare(calls, from, to) });
        return perMinute(polls, to - from);
      };
      const spinning = async (): Promise<number> => {
        const bot = plainProcess(node, ['-e', TELEGRAF_BOT], {
          cwd: REPO,
          env: { ...NODE_ENV, TELEGRAM_API_BASE: stand.baseUrl, TELEGRAM_BOT_TOKEN: '123456:BenchStandInTokenNotChecked_abcdefgh' },
        });
        try {
          await until(() => (alive(bot, 'the bot on the stand-in'), stand.getUpdates() > 0), START_TIMEOUT_MS, 'the bot to poll the stand-in');
          const before = stand.getUpdates();
          const from = performance.now();
          await sleep(BUSY_WINDOW_MS);
          const count = stand.getUpdates() - before;
          const ms = performance.now() - from;
          alive(bot, 'the bot on the stand-in');
          busyRates.push(count / (ms / 1000));
          return perMinute(count, ms);
        } finally {
          await bot.stop();
        }
      };
      const sandbox = sandboxNote(b.t);
      return {
        get note() {
          const answered = calls.filter((c) => c.method === 'getupdates' && c.end !== null);
          const holds = answered.map((c) => `${((c.end! - c.start) / 1000).toFixed(1)} s${c.updates ? ` (${c.updates} updates)` : ''}`);
          return (
            `${sandbox}; the bot: Telegraf ${TELEGRAF_VERSION} (the repository's, copied with its ${packages - 1} dependencies into the project's node_modules), ` +
            `bot.launch() with its defaults (getUpdates timeout=${MAX_POLL_SECONDS} s, the emulator's cap too), apiRoot TELEGRAM_API_BASE ` +
            `(${emulatorWay(b)}); counted: getUpdates calls begun in each idle window, where the emulator answers them ` +
            `(TestChatSession.prototype.call wrapped), extrapolated to a minute: ` +
            (windows.length
              ? `${windows.map((w) => w.polls).join(' / ')} in the ${IDLE_WINDOW_MS / 1000} s windows, a getUpdates held open ` +
                `${windows.map((w) => `${(w.held * 100).toFixed(1)}%`).join(' / ')} of each window, ${windows.reduce((n, w) => n + w.other, 0)} other Bot API calls; `
              : '') +
            `a ${IDLE_WINDOW_MS / 1000} s window holds 0 or 1 start of ${MAX_POLL_SECONDS} s polls (1.2 a minute on average), so a round reads 0 or 2; ` +
            `polls answered (held for): ${holds.join(', ') || 'none'} in the ${fmt((watchedUntil - polling) / 1000)} s from its first held poll to the last window's end; ` +
            `baseline: the same program as a plain \`node -e\` (the repository's telegraf) against a node:http stand-in in this process answering ` +
            `getUpdates {"ok":true,"result":[]} at once, counted over ${BUSY_WINDOW_MS / 1000} s once it polls: ` +
            `${busyRates.map((r) => fmt(r)).join(' / ') || '-'} req/s (300-2,000 a second were measured against telegram-test-api)`
          );
        },
        baseline: spinning,
        subject: idle,
        close: closeAll,
      };
    } catch (err) {
      await closeAll();
      throw err;
    }
  },
};

// ---- Round trip --------------------------------------------------------------------------------

/**
 * One round trip, milliseconds from the user's message: the reply seen; the POST answered (app
 * only); the message reaching the session; the held poll answered; the bot's sendMessage begun.
 */
type Trip = { total: number; posted: number | null; inSession: number | null; pollAnswered: number | null; sendBegun: number | null };

/** When, after t0, the message reached the session, the bot's held poll was answered with it, and its sendMessage reached the emulator. */
function botSide(calls: BotCall[], t0: number): Pick<Trip, 'inSession' | 'pollAnswered' | 'sendBegun'> {
  const post = calls.find((c) => c.method === USER_POST && c.start >= t0);
  const poll = calls.find((c) => c.method === 'getupdates' && c.end !== null && c.end >= t0 && (c.updates ?? 0) > 0);
  const send = calls.find((c) => c.method === 'sendmessage' && c.start >= t0);
  const since = (x: number | null | undefined) => (x === null || x === undefined ? null : x - t0);
  return { inSession: since(post?.start), pollAnswered: since(poll?.end), sendBegun: since(send?.start) };
}

const roundTrip: Scenario = {
  name: 'test chat round trip',
  unit: 'ms',
  subjectLabel: 'POST /api/test-chat/:fileId/messages to the reply as a test_chat_update frame on /ws (python bot in test mode)',
  baselineLabel: "the same, with the bot a plain process on the emulator's loopback listener (no sandbox)",
  goal: { op: '<=', ratio: 1.5 },
  async prepare() {
    const b = await startBench({ RUNNER_STOP_GRACE_MS: '500' });
    let socket: Socket | null = null;
    let restoreCalls = () => {};
    let closeLoopback: (() => Promise<void>) | null = null;
    let directBot: ReturnType<typeof plainProcess> | null = null;
    const closeAll = async () => {
      restoreCalls();
      socket?.close();
      await directBot?.stop();
      await closeLoopback?.();
      await b.t.close();
    };
    try {
      const file = await b.save('telegram_echo.py', ECHO_BOT);
      const watched = new Map<TestChatSession, BotCall[]>();
      restoreCalls = recordBotCalls((c) => watched.get(c.session)?.push(c));
      socket = await Socket.open(b);
      const s = socket;
      const session = await startTestRun(b, s, file.id);
      const appCalls: BotCall[] = [];
      watched.set(session, appCalls);

      // The baseline: the same bot and the same user path (POST, the app's emulator, /ws), with the
      // bot a plain process on the emulator's loopback listener instead of in the sandbox.
      const directFile = await b.save('telegram_echo_direct.py', ECHO_BOT);
      const owner = { userId: b.userId, fileId: directFile.id, botName: 'telegram_echo_direct.py' };
      const directSession = b.t.app.deps.testChat.chats.session(owner);
      const loopback = await listenOnLoopback(b.t.app.deps.testChat.emulator, owner);
      closeLoopback = loopback.close;
      const directCalls: BotCall[] = [];
      watched.set(directSession, directCalls);
      const python = b.t.config.runner.python;
      const bot = (directBot = plainProcess(python, ['-u', '-c', ECHO_BOT], {
        env: { ...PYTHON_ENV, TELEGRAM_API_BASE: loopback.baseUrl, TELEGRAM_BOT_TOKEN: directSession.token },
      }));
      await until(() => (alive(bot, 'the direct bot'), directSession.pollHeld()), START_TIMEOUT_MS, 'the direct bot to poll');

      let seq = 0;
      /** One trip of the user's path: POST a text, wait for the bot's answer as a frame on /ws. */
      const trip = async (fileId: string, bot: TestChatSession, calls: BotCall[], what: string): Promise<Trip> => {
        const text = `ping ${++seq}`;
        await until(() => bot.pollHeld(), TRIP_TIMEOUT_MS, `${what} to poll again`);
        s.clear();
        forgetFinished(calls);
        let posted: number | null = null;
        const t0 = performance.now();
        const [reply] = await Promise.all([
          s.next((f) => f.type === 'test_chat_update' && f.fileId === fileId && f.message?.from === 'bot' && f.message.text === `You said: ${text}`, TRIP_TIMEOUT_MS),
          b.t.request('POST', `/api/test-chat/${fileId}/messages`, { token: b.token, body: { text } }).then((res) => {
            posted = performance.now() - t0;
            if (res.status !== 200) throw new Error(`posting answered ${res.status}: ${JSON.stringify(res.body)}`);
          }),
        ]);
        return { total: reply.at - t0, posted, ...botSide(calls, t0) };
      };
      const viaApp = () => trip(file.id, session, appCalls, 'the bot in the sandbox');
      const direct = () => {
        alive(bot, 'the direct bot');
        return trip(directFile.id, directSession, directCalls, 'the direct bot');
      };
      const appTrips: Trip[] = [];
      const directTrips: Trip[] = [];
      const round = async (trip: () => Promise<Trip>, kept: Trip[] | null, count: number): Promise<number> => {
        const totals: number[] = [];
        for (let i = 0; i < count; i++) {
          const t = await trip();
          kept?.push(t);
          totals.push(t.total);
        }
        return median(totals);
      };
      const sandbox = sandboxNote(b.t);
      return {
        get note() {
          const m = (trips: Trip[], pick: (t: Trip) => number | null) => medianOr(trips.map(pick).filter((x): x is number => x !== null));
          const gap = (a: keyof Trip, z: keyof Trip) => (t: Trip) => (t[a] !== null && t[z] !== null ? t[z]! - t[a]! : null);
          const parts = (trips: Trip[]) =>
            `${m(trips, gap('inSession', 'pollAnswered'))} ms more until the emulator answered the held getUpdates with it, ` +
            `${m(trips, gap('pollAnswered', 'sendBegun'))} ms more until the bot's sendMessage reached the emulator ` +
            `(the answer back to the bot, its json, a new connection and the request), ` +
            `${m(trips, gap('sendBegun', 'total'))} ms more until the reply was seen`;
          return (
            `${sandbox}; the bot: Python's standard library (urllib, a new connection a call, getUpdates timeout=50, a text is answered with sendMessage), ` +
            `at ${emulatorWay(b)} in the sandbox, at the app emulator's 127.0.0.1 listener (listenOnLoopback) ` +
            `outside it; median of ${TRIPS_PER_ROUND} round trips a side a round, each once the bot holds its next poll (${WARM_UP_TRIPS} uncounted of each first); ` +
            `medians of the parts, from the user's message (session.post and the Bot API calls timed by wrapping TestChatSession's prototype): ` +
            `subject ${m(appTrips, (t) => t.total)} ms: ${m(appTrips, (t) => t.inSession)} ms until the message reached session.post ` +
            `(HTTP, the rate limit's and the context's session lookups, the file lookup), ${parts(appTrips)} on /ws, ` +
            `the POST answered after ${m(appTrips, (t) => t.posted)} ms; ` +
            `baseline ${m(directTrips, (t) => t.total)} ms: ${m(directTrips, (t) => t.inSession)} ms until the message reached session.post, ${parts(directTrips)} on /ws`
          );
        },
        async warmUp() {
          await round(direct, null, WARM_UP_TRIPS);
          await round(viaApp, null, WARM_UP_TRIPS);
        },
        baseline: () => round(direct, directTrips, TRIPS_PER_ROUND),
        subject: () => round(viaApp, appTrips, TRIPS_PER_ROUND),
        close: closeAll,
      };
    } catch (err) {
      await closeAll();
      throw err;
    }
  },
};

export const testChatScenarios: Scenario[] = [idlePolling, roundTrip];
