// `npm run bench -- understanding`: how often the default (builtin) assistant builds the bot that was
// asked, on batches of requests written by someone who had not read its code
// (bench/understanding/batch-*.json, each request with the checks a correct bot must pass). Per
// batch it prints: fully right at first sight, right once the blanks the answer showed are filled,
// and silently wrong (a miss the answer did not own up to). Not a ratio against a baseline: a share.
//
// How a request is judged (the same for every batch, never tuned per request):
// - Telegram bots in JavaScript are run for real (node, Telegraf, the test chat's emulator on
//   loopback): each exchange is posted as the user (in the group when the request speaks of one)
//   and the bot's replies must contain the expected words (or nothing, for a silent one). A send
//   `[press] Label` taps the button so labelled, `[joins] Sam` / `[leaves] Sam` are members coming
//   and going; a send at a stated time (`[Sunday 11:00] hi`) is only read, not run. Their web calls
//   (weather, prices, rates, feeds, a model) are answered by fixed services on loopback: nothing leaves the machine.
// - Every other bot (Python cannot run here: no PyPI) is read: each expected reply, scheduled text
//   and required string must appear in its code, and each command's name; words a reply echoes from
//   the message itself (a member's name, an argument) count when the code has a placeholder for them
//   and the words around them ("Added oat milk" for "/buy oat milk": "added"); so does a number the
//   bot works out ("That's 5 bags total": "{count}" with "that's", "bags total"), and an item an earlier
//   message added to a list the code shows ("{list}").
// - A rule's "source" in the code (the request's words it was read from) is left out of what is read.
// - A blank (a value the request left out) must be named in the answer's words around the code,
//   as something to fill (a sentence asking for it, or a line of the "Needs your words" part); a bot
//   that ships without owning up to it is wrong. A rule waiting for such words is kept out of the
//   code (the plan lists it under "Needs your words"): when the request has blanks, a command,
//   button or required string found in a line of that part counts as there.
// - Silently wrong: not fully right, and the answer has no part saying that something was left out
//   (a "Not understood", "Not built" or "Needs your words" part, or "I could not ...").
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseAssistantReply } from '../shared/code-blocks';
import { builtinProvider } from '../server/features/ai/builtin-provider';
import { createEmulator, listenOnLoopback } from '../server/features/test-chat/emulator/emulator';
import { TestChats, type TestChatSession } from '../server/features/test-chat/emulator/test-chats';
import { chatIdOf } from '../server/testing/chat-id';
import { startWebServices } from '../server/features/ai/plan/render/javascript/web-services.fixture';

type Exchange = { send: string; expect: string[]; silent?: boolean };
type BatchRequest = {
  id: string;
  platform: string;
  language: 'python' | 'javascript';
  kind: string;
  request: string;
  exchanges?: Exchange[];
  scheduled?: Array<{ when: string; text: string[] }>;
  mustContain?: string[];
  mustNotDo?: string[];
  blanks?: string[];
};
type Batch = { batch: number; requests: BatchRequest[] };
type Verdict = { id: string; right: boolean; rightAfterBlanks: boolean; silentlyWrong: boolean; misses: string[] };

const DIR = path.resolve(import.meta.dirname, 'understanding');
/** `UNDERSTANDING_BATCHES=4,5` judges only those batches (all of them by default). */
const ONLY = process.env.UNDERSTANDING_BATCHES?.split(',').map(Number);
const NODE_MODULES = path.resolve(import.meta.dirname, '..', 'node_modules');
/**
 * An answer owns up to a gap when it has a part saying so (the builtin's "Not understood", "Not
 * built", "Needs your words") or says it could not do something. A note that a text is a default
 * ("my wording: tell me yours") is not enough: it says nothing of what was left out.
 */
const OWNS_UP = /\*\*(?:Not understood|Not built|Needs your words)\*\*|\b(?:I|it) (?:could not|couldn't|cannot|can't)\b/i;
/** A sentence that asks the person for a value (a blank shown). */
const ASKS = /\?|needs your words|tell me|fill in/i;

const normalise = (text: string) => text.replace(/\\(['"\\])/g, '$1').replace(/\\n/g, '\n').toLowerCase();

/** The answer's words outside its code blocks. */
function prose(reply: string): string {
  return reply.replace(/```[\s\S]*?```/g, ' ');
}

/** A send's tag (`[press] Label`, `[joins] Sam`, `[#channel] text`, `[Sunday 11:00] text`) and its text. */
function parseSend(send: string): { tag: string | null; text: string } {
  const m = /^\[([^\]]+)\]\s*(.*)$/s.exec(send.trim());
  return m ? { tag: m[1]!.trim(), text: m[2]!.trim() } : { tag: null, text: send.trim() };
}

function commandName(send: string): string | null {
  const m = /^[/!]([A-Za-z0-9_-]+)/.exec(parseSend(send).text);
  return m ? m[1]!.toLowerCase() : null;
}

/** The checks that reading the code can make. */
function readChecks(r: BatchRequest, code: string, live: boolean, words: string): string[] {
  const text = normalise(code);
  const misses: string[] = [];
  // A rule whose words the request left out is kept out of the code until they are given (the plan
  // shows it under "Needs your words"): its command, button or keyword is held there, not missed,
  // when the request has blanks.
  const waiting = (r.blanks ?? []).length > 0 ? needsYourWords(words).map(normalise) : [];
  const has = (s: string) => text.includes(normalise(s)) || waiting.some((line) => line.includes(normalise(s)));
  if (!live) {
    const sent: string[] = [];
    for (const x of r.exchanges ?? []) {
      const name = commandName(x.send);
      if (name && !has(name)) misses.push(`no command ${parseSend(x.send).text.split(/\s/)[0]}`);
      const { tag, text: label } = parseSend(x.send);
      if (tag === 'press' && !has(label)) misses.push(`no button "${label}"`);
      // Words the bot echoes from the message (the member's name, the command's argument, an item)
      // cannot be in the code: a placeholder that carries them is what reading can check.
      const echoes = (e: string) => {
        if (!/\{(?:name|args|item|list|text|value|top)\}/.test(code)) return false;
        if (normalise(label).includes(normalise(e))) return true;
        // "/todos" showing "order ribbon" added by an earlier "/todo order ribbon": a list the bot keeps.
        if (/\{list\}/.test(code) && sent.some((s) => normalise(s).includes(normalise(e)))) return true;
        // "That's 5 bags total from you", "15.2" in a top: a number the bot works out (a total, a sum)
        // is in no code; the words around it must be, and a placeholder for a worked-out number.
        if (/\d/.test(e) && /\{(?:count|args|value|top)\}/.test(code)) {
          const around = normalise(e).split(/\d+(?:[.,]\d+)?/).map((part) => part.trim()).filter(Boolean);
          if (around.every((part) => text.includes(part))) return true;
        }
        // "Added oat milk" for "/buy oat milk", "Bonvenon, Pavel!" for Pavel joining: the words around the
        // echoed part must be in the code.
        const echoed = normalise(e).includes(normalise(label)) ? normalise(label) : longestShared(normalise(e), normalise(label));
        if (echoed.length < 3) return false;
        const [before, after] = normalise(e).split(echoed) as [string, string];
        return [before, after].every((part) => !part.trim() || text.includes(part.trim()));
      };
      for (const e of x.expect) if (!has(e) && !echoes(e)) misses.push(`reply to "${x.send}" lacks "${e}"`);
      sent.push(label);
    }
  }
  for (const s of r.scheduled ?? []) for (const t of s.text) if (!has(t)) misses.push(`post (${s.when}) lacks "${t}"`);
  for (const s of r.mustContain ?? []) if (!has(s)) misses.push(`code lacks "${s}"`);
  return misses;
}

/** The longest run of whole words two texts share. */
function longestShared(a: string, b: string): string {
  const words = a.split(/\s+/);
  let best = '';
  for (let i = 0; i < words.length; i++) {
    for (let j = i + 1; j <= words.length; j++) {
      const run = words.slice(i, j).join(' ');
      if (run.length > best.length && b.includes(run)) best = run;
    }
  }
  return best;
}

const WEB_TO_LOOPBACK = 'web-to-loopback.cjs';

/** Preloaded in each bot: fetch sends every address but loopback to the bench's web services (same path and query). */
function webToLoopback(baseUrl: string): string {
  return `const original = globalThis.fetch;
globalThis.fetch = (input, init) => {
  const url = new URL(typeof input === 'string' ? input : input.url || String(input));
  const local = url.hostname === '127.0.0.1' || url.hostname === 'localhost';
  return original(local ? url : new URL(url.pathname + url.search, ${JSON.stringify(baseUrl)}), init);
};
`;
}

/** Runs a Telegram JavaScript bot against the emulator and posts each exchange; what went wrong. */
async function liveChecks(r: BatchRequest, filename: string, code: string, workDir: string): Promise<string[]> {
  const chats = new TestChats();
  const emulator = await createEmulator({ chats });
  const owner = { userId: `understanding-${r.id}`, fileId: r.id, botName: filename };
  const session = chats.session(owner);
  const loopback = await listenOnLoopback(emulator, owner);
  const file = path.join(workDir, `${r.id}-${filename}`);
  writeFileSync(file, code);
  // What a person sets for a bot that posts on its own: the chat it posts to.
  const chatId = await chatIdOf(session, /\bgroups?\b/i.test(r.request) ? 'group' : 'private');
  let output = '';
  const child: ChildProcess = spawn(process.execPath, ['--require', path.join(workDir, WEB_TO_LOOPBACK), file], {
    cwd: workDir,
    // A bot with AI rules needs a model's settings to start; none answers here (a closed loopback port).
    env: {
      PATH: process.env.PATH ?? '',
      HOME: workDir,
      NODE_PATH: NODE_MODULES,
      TIMEZONE: 'UTC',
      TELEGRAM_BOT_TOKEN: session.token,
      TELEGRAM_API_BASE: loopback.baseUrl,
      TELEGRAM_CHAT_ID: String(chatId),
      OWNER_CHAT_ID: String(chatId),
      OPENAI_API_KEY: 'bench-no-model',
      OPENAI_BASE_URL: 'http://127.0.0.1:9/v1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d: Buffer) => (output += d));
  child.stderr!.on('data', (d: Buffer) => (output += d));
  const misses: string[] = [];
  try {
    if (!(await until(() => session.botListening() || child.exitCode !== null, 15_000)) || child.exitCode !== null) {
      return [`the bot did not start: ${output.trim().split('\n').slice(-2).join(' | ')}`];
    }
    const chat = /\bgroups?\b/i.test(r.request) ? 'group' : 'private';
    for (const x of r.exchanges ?? []) misses.push(...(await exchange(session, chat, x)));
  } finally {
    child.kill('SIGKILL');
    await loopback.close();
    await emulator.close();
  }
  return misses;
}

/** A member joining or leaving the test group; one who leaves without having joined joins first (what the bot says to that is not read). */
async function memberCame(session: TestChatSession, event: 'join' | 'leave', firstName: string): Promise<{ id: number }> {
  try {
    return session.post({ event, member: { firstName }, chat: 'group' });
  } catch (err) {
    if (event !== 'leave' || !/not in the test group/.test(String(err))) throw err;
    session.post({ event: 'join', member: { firstName }, chat: 'group' });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    return session.post({ event, member: { firstName }, chat: 'group' });
  }
}

async function exchange(session: TestChatSession, chat: 'private' | 'group', x: Exchange): Promise<string[]> {
  const { tag, text } = parseSend(x.send);
  let posted: { id: number };
  if (tag === 'press') {
    const button = findButton(session, chat, text);
    if (!button) return [`no button "${text}" to press`];
    posted = session.post({ callbackData: button.data, messageId: button.messageId, chat });
  } else if (tag === 'joins' || tag === 'leaves') {
    chat = 'group';
    posted = await memberCame(session, tag === 'joins' ? 'join' : 'leave', text);
  } else posted = session.post({ text, chat });
  const replies = () =>
    session
      .messages(chat, posted.id)
      .filter((m) => m.from === 'bot' && !m.event)
      .map((m) => [m.text, JSON.stringify(m.replyMarkup ?? '')].join('\n'))
      .join('\n');
  if (x.silent || x.expect.length === 0) {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    return replies() && x.silent ? [`answered "${x.send}", which must get no answer`] : [];
  }
  const all = () => x.expect.every((e) => normalise(replies()).includes(normalise(e)));
  await until(all, 4_000);
  return x.expect.filter((e) => !normalise(replies()).includes(normalise(e))).map((e) => `reply to "${x.send}" lacks "${e}" (got "${replies().slice(0, 120)}")`);
}

/** The newest inline button with this label in the chat. */
function findButton(session: TestChatSession, chat: 'private' | 'group', label: string): { data: string; messageId: number } | null {
  const wanted = normalise(label);
  for (const m of session.messages(chat).reverse()) {
    const rows = (m.replyMarkup as { inline_keyboard?: Array<Array<{ text: string; callback_data?: string }>> } | undefined)?.inline_keyboard ?? [];
    const button = rows.flat().find((b) => normalise(b.text).includes(wanted) && b.callback_data);
    if (button) return { data: button.callback_data!, messageId: m.id };
  }
  return null;
}

async function until(check: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return check();
}

async function judge(r: BatchRequest, workDir: string): Promise<Verdict> {
  const provider = builtinProvider();
  const answer = await provider.chat({ message: r.request, history: [], files: [] });
  const { blocks } = parseAssistantReply(answer.reply);
  // A rule's `source` (the request's words it was read from) is no behaviour: the checks read the code without it.
  const code = blocks.map((b) => b.code).join('\n').replace(/^\s*["']?source["']?\s*:\s*(?:"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'),?\s*$/gm, '');
  const words = prose(answer.reply);
  const misses: string[] = [];
  if (!code) misses.push('no bot was built');
  const main = blocks.find((b) => /\.(js|py)$/.test(b.filename));
  const timed = (r.exchanges ?? []).some((x) => /^\d|day\b/i.test(parseSend(x.send).tag ?? ''));
  const live = r.platform === 'telegram' && main !== undefined && main.filename.endsWith('.js') && !timed;
  if (live) misses.push(...(await liveChecks(r, main.filename, main.code, workDir)));
  misses.push(...readChecks(r, code, live, words));
  const unflagged = (r.blanks ?? []).filter((blank) => !blankShown(blank, words));
  const right = misses.length === 0 && unflagged.length === 0;
  // Blanks the answer showed, filled, would make it right only if nothing else was missed.
  const rightAfterBlanks = misses.length === 0;
  const silentlyWrong = !right && !OWNS_UP.test(words);
  return { id: r.id, right, rightAfterBlanks, silentlyWrong, misses: [...misses, ...unflagged.map((b) => `blank "${b}" not shown`)] };
}

/** The lines of the answer's "Needs your words" part. */
function needsYourWords(words: string): string[] {
  const needs = /\*\*Needs your words\*\*[^\n]*\n((?:- [^\n]*\n?)*)/.exec(words)?.[1] ?? '';
  return needs.split('\n').filter((line) => line.trim());
}

/**
 * A blank is shown when the answer names it (a word of 4+ letters of it) in a sentence asking for it, or
 * in a line of its "Needs your words" part (whose heading asks for each of its lines).
 */
function blankShown(blank: string, words: string): boolean {
  const keys = blank.toLowerCase().match(/[a-z]{4,}/g) ?? [];
  const asking = [...words.split(/(?<=[.?!\n])/).filter((sentence) => ASKS.test(sentence)), ...needsYourWords(words)];
  return asking.some((sentence) => keys.some((k) => sentence.toLowerCase().includes(k)));
}

export async function runUnderstanding(): Promise<void> {
  const batches = readdirSync(DIR)
    .filter((f) => /^batch-\d+\.json$/.test(f))
    .sort()
    .map((f) => JSON.parse(readFileSync(path.join(DIR, f), 'utf8')) as Batch)
    .filter((b) => !ONLY || ONLY.includes(b.batch));
  const workDir = mkdtempSync(path.join(tmpdir(), 'understanding-'));
  // The bots' web calls (weather, prices, rates, feeds) go to a server on loopback, never out.
  const web = await startWebServices();
  writeFileSync(path.join(workDir, WEB_TO_LOOPBACK), webToLoopback(web.baseUrl));
  try {
    for (const batch of batches) {
      const verdicts: Verdict[] = [];
      for (const r of batch.requests) verdicts.push(await judge(r, workDir));
      const n = verdicts.length;
      const share = (k: number) => `${k} of ${n} (${Math.round((100 * k) / n)}%)`;
      console.log(`\nbatch ${batch.batch}: ${n} requests`);
      console.log(`  fully right: ${share(verdicts.filter((v) => v.right).length)}`);
      console.log(`  right after filling the blanks shown: ${share(verdicts.filter((v) => v.rightAfterBlanks).length)}`);
      console.log(`  silently wrong: ${share(verdicts.filter((v) => v.silentlyWrong).length)}`);
      for (const v of verdicts.filter((x) => !x.right)) console.log(`  ${v.id}${v.silentlyWrong ? ' (silent)' : ''}: ${v.misses.slice(0, 3).join('; ')}`);
    }
  } finally {
    await web.close();
    rmSync(workDir, { recursive: true, force: true });
  }
}
