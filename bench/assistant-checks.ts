// The assistant's checks, end to end through the real app (startTestApp: the real sandbox, the
// builtin assistant, the Telegram emulator):
//
// - 'assistant checks, installed': milliseconds from POST /api/ai/chat of a request for a JavaScript
//   Telegram bot with 4 rules to its answer, which comes after the server has started the bot in test
//   mode and checked the 4 rules in the test chat (Telegraf already in the bot's packages, copied from
//   this repository's), against the same bot's plain start: `execute-file` in test mode on /ws, then
//   /menu posted to the test chat, to the bot's answer. Each round's figure is the median of 5.
//   Goal <= 2x.
// - The note adds the same request for a bot with nothing installed (Telegraf from a loopback
//   registry holding this repository's packages): what a fresh install adds.
import path from 'node:path';
import { newUser } from '../server/testing/fixtures';
import { copyPackages, publishPackages } from '../server/testing/node-packages';
import { startNpmRegistry, type NpmRegistry } from '../server/testing/package-index';
import { fmt, median, type Scenario } from './harness';
import { Socket, sandboxNote, startBench, type Bench } from './runner';

const PER_ROUND = 5;
const REQUEST = `Telegram bot in JavaScript for my bakery:
- /menu should reply 'Sourdough 5€, croissant 2€'
- if someone writes hello or hi, answer 'Hi! Fresh bread every day from 7.'
- welcome new members with 'Welcome {name}, glad you are here!'`;
const ANSWER_TIMEOUT_MS = 30_000;

/**
 * A new person with a new bot (project), whose packages hold Telegraf already unless `bare`. A person
 * may start 10 runs a minute: each measurement is somebody else's.
 */
async function newBot(b: Bench, bare = false): Promise<Bench & { projectId: string }> {
  const { token, id: userId } = await newUser(b.t);
  const res = await b.t.request('POST', '/api/projects', { token, body: { name: 'Bakery' } });
  if (res.status !== 200) throw new Error(`creating a bot answered ${res.status}: ${JSON.stringify(res.body)}`);
  if (!bare) {
    const dir = await b.t.app.deps.packageVolumes.dir(res.body.id as string, true);
    copyPackages(['telegraf'], path.join(dir!, 'node_modules'));
  }
  return { ...b, token, userId, projectId: res.body.id as string };
}

/** One request to the assistant into this bot: ms to the answer (which waits for the checks). */
async function askAndCheck(b: Bench & { projectId: string }): Promise<number> {
  const { projectId } = b;
  const started = performance.now();
  const res = await b.t.request('POST', '/api/ai/chat', { token: b.token, body: { message: REQUEST, projectId } });
  const ms = performance.now() - started;
  if (res.status !== 200 || !String(res.body.message).includes('Checked in the test chat: 4 of 4')) {
    throw new Error(`the checks did not all pass: ${res.status} ${String(res.body.message ?? JSON.stringify(res.body)).slice(-600)}`);
  }
  await b.t.app.deps.runs.stop(b.userId, res.body.createdFile.id as string);
  return ms;
}

export const assistantChecks: Scenario = {
  name: 'assistant checks, installed',
  unit: 'ms',
  subjectLabel: 'request to checked (4 rules)',
  baselineLabel: 'plain start to first answer',
  goal: { op: '<=', ratio: 2 },
  async prepare() {
    let registry: NpmRegistry | null = await startNpmRegistry();
    publishPackages(registry, ['telegraf']);
    const b = await startBench({ ASSISTANT_CHECKS: 'on', RUNNER_STOP_GRACE_MS: '300', RUNNER_NPM_REGISTRY: registry.url });
    const fresh: number[] = [];

    /** The same bot as the subject builds, of a person of its own, started plainly each time. */
    const plainBot = async () => {
      const owner = await newBot(b);
      const built = await b.t.request('POST', '/api/ai/chat', { token: owner.token, body: { message: REQUEST, projectId: owner.projectId } });
      const fileId = built.body.createdFile.id as string;
      await b.t.app.deps.runs.stop(owner.userId, fileId);
      return { ...owner, fileId, socket: await Socket.open(owner) };
    };
    const plainStart = async (bot: Awaited<ReturnType<typeof plainBot>>): Promise<number> => {
      const { fileId, socket } = bot;
      const started = performance.now();
      socket.send({ type: 'execute-file', fileId, mode: 'test' });
      const session = b.t.app.deps.testChat.chats.session({ userId: bot.userId, fileId });
      while (!session.botListening()) {
        if (performance.now() - started > ANSWER_TIMEOUT_MS) throw new Error('the bot did not start');
        await new Promise((r) => setTimeout(r, 10));
      }
      const posted = await b.t.request('POST', `/api/test-chat/${fileId}/messages`, { token: bot.token, body: { text: '/menu' } });
      const after = posted.body.message?.id ?? posted.body.id;
      while (!session.messages('private', after).some((m) => m.from === 'bot' && m.text.includes('Sourdough'))) {
        if (performance.now() - started > ANSWER_TIMEOUT_MS) throw new Error('the bot did not answer /menu');
        await new Promise((r) => setTimeout(r, 5));
      }
      const ms = performance.now() - started;
      await b.t.app.deps.runs.stop(bot.userId, fileId);
      return ms;
    };

    return {
      async warmUp() {
        const bot = await plainBot();
        await plainStart(bot);
        bot.socket.close();
        await askAndCheck(await newBot(b));
      },
      async baseline() {
        const bot = await plainBot();
        const times: number[] = [];
        for (let i = 0; i < PER_ROUND; i++) times.push(await plainStart(bot));
        bot.socket.close();
        return median(times);
      },
      async subject() {
        const times: number[] = [];
        for (let i = 0; i < PER_ROUND; i++) times.push(await askAndCheck(await newBot(b)));
        // Once a round: a bot with nothing installed (its packages from the loopback registry).
        fresh.push(await askAndCheck(await newBot(b, true)));
        return median(times);
      },
      async close() {
        await b.t.close();
        await registry?.close();
        registry = null;
      },
      get note() {
        const install = fresh.length ? `; with a fresh install of Telegraf from a loopback registry: ${fresh.map(fmt).join(', ')} ms` : '';
        return `${sandboxNote(b.t)}; builtin assistant, 4 rules checked (/start, a keyword, a join, /menu)${install}`;
      },
    };
  },
};
