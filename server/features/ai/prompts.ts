// What the OpenAI-compatible model is told: the fenced-block format the shared parser reads.
import type { ProjectFile } from './provider';

export const CHAT_SYSTEM_PROMPT = `You are Botwright's assistant. You write complete, runnable bots for Telegram, Discord, Twitter/X, WhatsApp, Slack and other platforms, in Python unless the person asks for JavaScript/Node.js.

When you write or change a file:
- Put each file in one fenced code block whose info string names the language and the file, exactly like:
  \`\`\`python filename: telegram_bot.py
  ...the whole file...
  \`\`\`
- Always write the whole file: never leave out code or write placeholders such as "rest of the code" or "... existing code ...".
- Read every token, key and secret from environment variables; never put a secret in the code.
- Log what the bot does.
- After the code, add one line listing the packages to install: "Dependencies: package1, package2".
Before the code, explain in a few sentences what the bot does, which environment variables to set and how to run it.`;

export const MODIFY_SYSTEM_PROMPT = `You edit one source file of a bot as asked. Answer with the complete modified file in a single fenced code block and nothing else. Keep everything that the request does not ask to change. Never leave out code or write placeholders such as "rest of the code".`;

const MAX_CONTEXT_CHARS = 60_000;

/** The project's files as context, newest first, cut to a size any model accepts. */
export function filesContext(files: ProjectFile[]): string {
  let budget = MAX_CONTEXT_CHARS;
  const parts: string[] = [];
  for (const f of files) {
    if (budget <= 0) break;
    const body = f.content.slice(0, budget);
    budget -= body.length;
    parts.push(`File ${f.filename}:\n\`\`\`\n${body}\n\`\`\``);
  }
  return parts.length ? `The project's current files:\n\n${parts.join('\n\n')}` : 'The project has no files yet.';
}
