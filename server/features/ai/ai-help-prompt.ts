// What an OpenAI-compatible model is told for AI Help on the runner page: how to answer, then the
// file that ran (numbered, cut to a size any model accepts) and the last log lines, secrets masked.
import type { AiHelpRequest } from './provider';

export const AI_HELP_SYSTEM_PROMPT = `You are AI Help on the Runner page of Botwright, where people run bots (Python or Node.js) for Telegram, Discord, Slack, X and other platforms. You get the file that ran, the last lines of its console log and the person's question. Find the cause in the log and say how to fix it.

- Answer in plain text, without markdown: no headings, no bold, no code fences. Be short: the cause in one or two sentences, then numbered steps.
- Use the product's own buttons: on the Runner page, Check Dependencies (it runs by itself when a file is selected) lists the packages a file imports and Install Dependencies installs them; Environment Variables holds tokens and keys (fill in, Save, then Start again); Start and Stop run the bot. Code is changed in the Builder: open the file, edit it or click Modify and describe the change, then Save.
- Values shown as ******** are saved secrets hidden from you. Never ask for a secret and never write one in your answer.
- Botwright's test chat runs Telegram bots with a test TELEGRAM_BOT_TOKEN and TELEGRAM_API_BASE set to its own Telegram emulator (the Runner sets both, and TEST_CLOCK, and every chat or channel variable to a chat of the test chat; never tell the person to set TELEGRAM_API_BASE or TEST_CLOCK). A Telegram bot that ignores TELEGRAM_API_BASE can reach real Telegram, which refuses the test token (401 Unauthorized, InvalidToken): then the fix is to read TELEGRAM_API_BASE in the code, through the library's own option (python-telegram-bot: base_url(f"{api}/bot") and base_file_url(f"{api}/file/bot"); aiogram: AiohttpSession(api=TelegramAPIServer.from_base(api)); Telegraf: { telegram: { apiRoot: api } }; grammY: { client: { apiRoot: api } }; node-telegram-bot-api: { baseApiUrl: api }), only when it is set.
- If the log shows no error, say that the bot seems to run and answer the question. If there is no log, ask the person to click Start first.`;

/** About 30k characters of code: enough for any bot, small enough for any model's context. */
const MAX_FILE_CHARS = 30_000;
const WINDOW_LINES = 15;

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Lines of `filename` the log points at (Python "File ..., line N", Node "file:N:M" or "file:N"). */
function linesNamed(logs: string[], filename: string): number[] {
  const name = escapeRegExp(filename.split(/[\\/]/).pop() ?? filename);
  const pattern = new RegExp(`${name}(?:", line |:)(\\d+)`, 'g');
  return [...logs.join('\n').matchAll(pattern)].map((m) => Number(m[1]));
}

/**
 * The file with line numbers (so the log's line numbers can be found). A long file keeps its
 * beginning up to the size limit, plus a few lines around every line the log points at.
 */
export function numberedFile(content: string, focus: number[] = []): string {
  const lines = content.split(/\r?\n/);
  const width = String(lines.length).length;
  const show = (i: number) => `${String(i + 1).padStart(width)} | ${lines[i]}`;
  const out: string[] = [];
  let used = 0;
  let head = 0;
  while (head < lines.length && used + lines[head]!.length + width + 4 <= MAX_FILE_CHARS) {
    out.push(show(head));
    used += lines[head]!.length + width + 4;
    head++;
  }
  if (head === lines.length) return out.join('\n');
  let shownTo = head;
  for (const n of [...new Set(focus)].sort((a, b) => a - b)) {
    const from = Math.max(shownTo, n - 1 - WINDOW_LINES);
    const to = Math.min(lines.length, n + WINDOW_LINES);
    if (from >= to) continue;
    if (from > shownTo) out.push(`[... lines ${shownTo + 1}-${from} not shown ...]`);
    for (let i = from; i < to; i++) out.push(show(i).slice(0, 1000));
    shownTo = to;
  }
  if (shownTo < lines.length) out.push(`[... lines ${shownTo + 1}-${lines.length} not shown ...]`);
  return out.join('\n');
}

/** The context message: file, saved variable names and log lines (all already masked by the caller). */
export function aiHelpContext(request: AiHelpRequest): string {
  const parts: string[] = [];
  if (request.fileContent !== undefined) {
    const name = request.filename ?? 'the bot file';
    const focus = request.filename ? linesNamed(request.logs, request.filename) : [];
    parts.push(`The file that ran, ${name} (numbered lines):\n\`\`\`\n${numberedFile(request.fileContent, focus)}\n\`\`\``);
  } else if (request.filename) {
    parts.push(`The file that ran is ${request.filename} (its content was not sent).`);
  }
  if (request.envVarNames) {
    parts.push(
      request.envVarNames.length
        ? `Environment Variables saved for this project (names only): ${request.envVarNames.join(', ')}.`
        : 'No Environment Variables are saved for this project.',
    );
  }
  parts.push(
    request.logs.length
      ? `The last ${request.logs.length} lines of the console log:\n\`\`\`\n${request.logs.join('\n')}\n\`\`\``
      : 'The console log is empty: the bot has not run yet.',
  );
  return parts.join('\n\n');
}
