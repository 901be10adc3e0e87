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
// Calls are seen where the emulator answers them (test-chat-calls.ts): TestChatSession.prototype.call
// is wrapped in this process (the app runs in it), for the counts and the breakdowns in the notes.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { until } from '../server/features/test-chat/emulator/emulator.fixture';
import { copyPackages } from '../server/testing/node-packages';
import { listenOnLoopback } from '../server/features/test-chat/emulator/emulator';
import type { TestChatSession } from '../server/features/test-chat/emulator/test-chat-session';
import { MAX_POLL_SECONDS } from '../server/features/test-chat/emulator/update-queue';
import { fmt, median, type Scenario } from './harness';
import { NODE_ENV, PYTHON_ENV, Socket, sandboxNote, startBench, type Bench } from './runner';
import { ECHO_TEST_BOT } from '../server/testing/test-chat-bots';
import {
  START_TIMEOUT_MS,
  USER_POST,
  alive,
  emulatorWay,
  endedFrame,
  forgetFinished,
  heldShare,
  medianOr,
  perMinute,
  plainProcess,
  recordBotCalls,
  startTestRun,
  type BotCall,
} from './test-chat-calls';

const REPO = path.resolve(import.meta.dirname, '..');
const NODE_MODULES = path.join(REPO, 'node_modules');
const TELEGRAF_VERSION = (JSON.parse(readFileSync(path.join(NODE_MODULES, 'telegraf', 'package.json'), 'utf8')) as { version: string }).version;

/** How long the idle bot is watched a round: 3 rounds keep the scenario under two minutes. */
const IDLE_WINDOW_MS = 30_000;
/** How long the spinning baseline is counted a round: long enough for thousands of requests. */
const BUSY_WINDOW_MS = 3_000;
const TRIPS_PER_ROUND = 15;
const WARM_UP_TRIPS = 3;
const TRIP_TIMEOUT_MS = 10_000;

/** The idle bot: Telegraf's long polling with its defaults, on TELEGRAM_API_BASE (the same program on both sides). */
const TELEGRAF_BOT = [
  "const { Telegraf } = require('telegraf');",
  "const bot = new Telegraf(process.env.TELEGRAM_BOT_TOKEN, { telegram: { apiRoot: process.env.TELEGRAM_API_BASE } });",
  "bot.on('message', (ctx) => ctx.reply('You said: ' + ctx.message.text));",
  "bot.launch().catch((err) => { console.error('polling failed: ' + err.message); process.exit(1); });",
  '',
].join('\n');


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

type StandIn = Awaited<ReturnType<typeof startStandIn>>;
/** Each idle window of the subject: getUpdates begun in it, other calls, and the share of it a poll was held. */
type IdleWindow = { polls: number; other: number; held: number };

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
    let standIn: StandIn | null = null;
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
      const watched = { from: polling, until: polling };
      standIn = await startStandIn();
      const stand = standIn;
      const node = b.t.config.runner.node;
      const windows: IdleWindow[] = [];
      const busyRates: number[] = [];
      const sandbox = sandboxNote(b.t);
      return {
        get note() {
          return idlePollingNote({ sandbox, way: emulatorWay(b), packages, calls, windows, busyRates, watched });
        },
        baseline: () => spinningRate(node, stand, busyRates),
        subject: async () => {
          const window = await idleWindow(s, file.id, calls);
          watched.until = window.to;
          windows.push(window);
          return perMinute(window.polls, window.to - window.from);
        },
        close: closeAll,
      };
    } catch (err) {
      await closeAll();
      throw err;
    }
  },
};

/** Watches the idle bot in test mode for a window: what it asked the emulator meanwhile. */
async function idleWindow(s: Socket, fileId: string, calls: BotCall[]): Promise<IdleWindow & { from: number; to: number }> {
  const from = performance.now();
  await sleep(IDLE_WINDOW_MS);
  const to = performance.now();
  const ended = s.matching(endedFrame(fileId));
  if (ended.length) throw new Error(`the bot stopped: ${JSON.stringify(ended).slice(-1000)}`);
  const inWindow = calls.filter((c) => c.start >= from && c.start < to);
  const polls = inWindow.filter((c) => c.method === 'getupdates').length;
  return { polls, other: inWindow.length - polls, held: heldShare(calls, from, to), from, to };
}

/** The same bot as a plain process on the stand-in, once it polls: its getUpdates a minute (and a second, kept for the note). */
async function spinningRate(node: string, stand: StandIn, busyRates: number[]): Promise<number> {
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
}

function idlePollingNote(seen: { sandbox: string; way: string; packages: number; calls: BotCall[]; windows: IdleWindow[]; busyRates: number[]; watched: { from: number; until: number } }): string {
  const { windows } = seen;
  const answered = seen.calls.filter((c) => c.method === 'getupdates' && c.end !== null);
  const holds = answered.map((c) => `${((c.end! - c.start) / 1000).toFixed(1)} s${c.updates ? ` (${c.updates} updates)` : ''}`);
  return (
    `${seen.sandbox}; the bot: Telegraf ${TELEGRAF_VERSION} (the repository's, copied with its ${seen.packages - 1} dependencies into the project's node_modules), ` +
    `bot.launch() with its defaults (getUpdates timeout=${MAX_POLL_SECONDS} s, the emulator's cap too), apiRoot TELEGRAM_API_BASE ` +
    `(${seen.way}); counted: getUpdates calls begun in each idle window, where the emulator answers them ` +
    `(TestChatSession.prototype.call wrapped), extrapolated to a minute: ` +
    (windows.length
      ? `${windows.map((w) => w.polls).join(' / ')} in the ${IDLE_WINDOW_MS / 1000} s windows, a getUpdates held open ` +
        `${windows.map((w) => `${(w.held * 100).toFixed(1)}%`).join(' / ')} of each window, ${windows.reduce((n, w) => n + w.other, 0)} other Bot API calls; `
      : '') +
    `a ${IDLE_WINDOW_MS / 1000} s window holds 0 or 1 start of ${MAX_POLL_SECONDS} s polls (1.2 a minute on average), so a round reads 0 or 2; ` +
    `polls answered (held for): ${holds.join(', ') || 'none'} in the ${fmt((seen.watched.until - seen.watched.from) / 1000)} s from its first held poll to the last window's end; ` +
    `baseline: the same program as a plain \`node -e\` (the repository's telegraf) against a node:http stand-in in this process answering ` +
    `getUpdates {"ok":true,"result":[]} at once, counted over ${BUSY_WINDOW_MS / 1000} s once it polls: ` +
    `${seen.busyRates.map((r) => fmt(r)).join(' / ') || '-'} req/s (300-2,000 a second were measured against telegram-test-api)`
  );
}

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
      const file = await b.save('telegram_echo.py', ECHO_TEST_BOT);
      const watched = new Map<TestChatSession, BotCall[]>();
      restoreCalls = recordBotCalls((c) => watched.get(c.session)?.push(c));
      socket = await Socket.open(b);
      const s = socket;
      const session = await startTestRun(b, s, file.id);
      const appCalls: BotCall[] = [];
      watched.set(session, appCalls);

      // The baseline: the same bot and the same user path (POST, the app's emulator, /ws), with the
      // bot a plain process on the emulator's loopback listener instead of in the sandbox.
      const directFile = await b.save('telegram_echo_direct.py', ECHO_TEST_BOT);
      const owner = { userId: b.userId, fileId: directFile.id, botName: 'telegram_echo_direct.py' };
      const directSession = b.t.app.deps.testChat.chats.session(owner);
      const loopback = await listenOnLoopback(b.t.app.deps.testChat.emulator, owner);
      closeLoopback = loopback.close;
      const directCalls: BotCall[] = [];
      watched.set(directSession, directCalls);
      const python = b.t.config.runner.python;
      const bot = (directBot = plainProcess(python, ['-u', '-c', ECHO_TEST_BOT], {
        env: { ...PYTHON_ENV, TELEGRAM_API_BASE: loopback.baseUrl, TELEGRAM_BOT_TOKEN: directSession.token },
      }));
      await until(() => (alive(bot, 'the direct bot'), directSession.pollHeld()), START_TIMEOUT_MS, 'the direct bot to poll');

      let seq = 0;
      const viaApp = () => userTrip(b, s, `ping ${++seq}`, { fileId: file.id, session, calls: appCalls, what: 'the bot in the sandbox' });
      const direct = () => {
        alive(bot, 'the direct bot');
        return userTrip(b, s, `ping ${++seq}`, { fileId: directFile.id, session: directSession, calls: directCalls, what: 'the direct bot' });
      };
      const appTrips: Trip[] = [];
      const directTrips: Trip[] = [];
      const sandbox = sandboxNote(b.t);
      return {
        get note() {
          return roundTripNote(sandbox, emulatorWay(b), appTrips, directTrips);
        },
        async warmUp() {
          await tripsRound(direct, null, WARM_UP_TRIPS);
          await tripsRound(viaApp, null, WARM_UP_TRIPS);
        },
        baseline: () => tripsRound(direct, directTrips, TRIPS_PER_ROUND),
        subject: () => tripsRound(viaApp, appTrips, TRIPS_PER_ROUND),
        close: closeAll,
      };
    } catch (err) {
      await closeAll();
      throw err;
    }
  },
};

/** One trip of the user's path: POST a text, wait for the bot's answer as a frame on /ws. */
async function userTrip(b: Bench, s: Socket, text: string, bot: { fileId: string; session: TestChatSession; calls: BotCall[]; what: string }): Promise<Trip> {
  const { fileId, calls } = bot;
  await until(() => bot.session.pollHeld(), TRIP_TIMEOUT_MS, `${bot.what} to poll again`);
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
}

/** `count` trips one after another (kept for the note unless null): their median. */
async function tripsRound(trip: () => Promise<Trip>, kept: Trip[] | null, count: number): Promise<number> {
  const totals: number[] = [];
  for (let i = 0; i < count; i++) {
    const t = await trip();
    kept?.push(t);
    totals.push(t.total);
  }
  return median(totals);
}

function roundTripNote(sandbox: string, way: string, appTrips: Trip[], directTrips: Trip[]): string {
  const m = (trips: Trip[], pick: (t: Trip) => number | null) => medianOr(trips.map(pick).filter((x): x is number => x !== null));
  const gap = (a: keyof Trip, z: keyof Trip) => (t: Trip) => (t[a] !== null && t[z] !== null ? t[z]! - t[a]! : null);
  const parts = (trips: Trip[]) =>
    `${m(trips, gap('inSession', 'pollAnswered'))} ms more until the emulator answered the held getUpdates with it, ` +
    `${m(trips, gap('pollAnswered', 'sendBegun'))} ms more until the bot's sendMessage reached the emulator ` +
    `(the answer back to the bot, its json, a new connection and the request), ` +
    `${m(trips, gap('sendBegun', 'total'))} ms more until the reply was seen`;
  return (
    `${sandbox}; the bot: Python's standard library (urllib, a new connection a call, getUpdates timeout=50, a text is answered with sendMessage), ` +
    `at ${way} in the sandbox, at the app emulator's 127.0.0.1 listener (listenOnLoopback) ` +
    `outside it; median of ${TRIPS_PER_ROUND} round trips a side a round, each once the bot holds its next poll (${WARM_UP_TRIPS} uncounted of each first); ` +
    `medians of the parts, from the user's message (session.post and the Bot API calls timed by wrapping TestChatSession's prototype): ` +
    `subject ${m(appTrips, (t) => t.total)} ms: ${m(appTrips, (t) => t.inSession)} ms until the message reached session.post ` +
    `(HTTP, the rate limit's and the context's session lookups, the file lookup), ${parts(appTrips)} on /ws, ` +
    `the POST answered after ${m(appTrips, (t) => t.posted)} ms; ` +
    `baseline ${m(directTrips, (t) => t.total)} ms: ${m(directTrips, (t) => t.inSession)} ms until the message reached session.post, ${parts(directTrips)} on /ws`
  );
}

export const testChatScenarios: Scenario[] = [idlePolling, roundTrip];
