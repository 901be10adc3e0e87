// A message in a bot's chat: a change to the bot the builtin assistant built ("add a /joke
// command", "make the welcome shorter", "also post at 9am"), a change to a hand-written file, or
// a new bot. A change goes through the bot's plan (change-planned-bot.ts) and is answered with the
// whole new file under its own name, which the chat turns into a diff to accept or reject
// (ai.service.ts); what the person edited by hand is kept.

import { formatCodeBlock, stripControlChars } from '../../../../../shared/code-blocks';
import { extensionOf, isCodeFile } from '../../../../../shared/filenames';
import type { GeneratedFrom, ProjectFile } from '../../provider';
import { builtinModify } from '../modify';
import { planFromRequest } from '../plan-from-request';
import { builtinChat, defaultBotName, type BuiltinChatResult } from '../reply';
import { understandRequest, type BotRequest } from '../request';
import { changePlannedBot } from './change-planned-bot';

export interface BuiltinAnswer extends BuiltinChatResult {
  /** Per file name, what the builtin built the file in the answer from. */
  generated?: Record<string, GeneratedFrom>;
}

/** "another bot", "a new file", "a second Discord bot", "start from scratch". */
const ASKS_FOR_NEW =
  /\b(?:new|another|second|separate|different|extra|fresh)\s+(?:[\w-]+\s+){0,3}?(?:bot|bots|file|script|project|one)\b|\b(?:start (?:over|again)|from scratch)\b/i;
const ASKS_FOR_CHANGE =
  /^\s*(?:please\s+)?(?:also|add|remove|delete|drop|make|change|rename|set|use|let|turn|stop|update|edit|fix|replace|put|include|reply|answer|post|mute|ban)\b|\b(?:instead|as well|too)\b/i;

/** "Make a Telegram bot that ...", "I want a bot for my shop": a description of a whole bot. */
const DESCRIBES_A_BOT = /\b(?:a|an|my|some)\s+(?:[\w-]+\s+){0,4}?bot\b/i;

const isCode = (f: ProjectFile) => isCodeFile(f.filename);

/** The file the message names, else the one open in the editor, else the newest (files come newest first). */
function fileToChange<F extends ProjectFile>(message: string, files: F[], openFile?: string): F | undefined {
  const lower = message.toLowerCase();
  return files.find((f) => lower.includes(f.filename.toLowerCase())) ?? files.find((f) => f.filename === openFile) ?? files[0];
}

function readStoredRequest(generatedFrom: GeneratedFrom): BotRequest | null {
  try {
    return JSON.parse(generatedFrom.request) as BotRequest;
  } catch {
    return null;
  }
}

const free = (reply: string): BuiltinAnswer => ({ reply, charged: false });

/**
 * A change to a bot the builtin built. A bot built before plans (its stored request has no plan) gets
 * its plan from that request first: the change then renders it from the plan like any other.
 */
function changeGeneratedBot(message: string, file: ProjectFile & { generatedFrom: GeneratedFrom }): BuiltinAnswer | null {
  const stored = readStoredRequest(file.generatedFrom);
  if (!stored) return null;
  const delta = understandRequest(message);
  if (!delta) {
    return free(
      `I could not tell what to change in \`${file.filename}\`. Nothing was charged. Ask for one change at a time, for example "add a /joke command", "make the welcome shorter", "also post 'Good morning' at 9am" or "remove the echo". To build another bot instead, say "a new bot that ...".`,
    );
  }
  // Another platform or language is another bot.
  if ((delta.platformSource === 'stated' && delta.platform !== stored.platform) || (delta.languageStated && delta.language !== stored.language)) {
    return null;
  }
  const plan = file.generatedFrom.plan ?? planFromRequest({ ...stored, rules: stored.rules ?? [], prefixWritten: stored.prefixWritten ?? null }, stored.botName ?? defaultBotName(stored));
  return changePlannedBot(message, { ...file, generatedFrom: { ...file.generatedFrom, plan } }, delta);
}

function changeHandWrittenFile(message: string, file: ProjectFile): BuiltinAnswer {
  const result = builtinModify(file.content, file.filename, message);
  if ('unsupported' in result) {
    return free(`I cannot make that change to \`${file.filename}\`, which I did not generate: ${result.unsupported} Nothing was charged.`);
  }
  const language = extensionOf(file.filename) === 'py' ? 'python' : 'javascript';
  return {
    reply: [
      `I changed \`${file.filename}\`. Review the change in the editor: **Accept** keeps it (then save), **Reject** discards it and refunds this message.`,
      '',
      formatCodeBlock({ filename: file.filename, language, code: result.modifiedCode.replace(/\n$/, '') }),
    ].join('\n'),
    charged: true,
  };
}

/** The builtin assistant's answer to a chat message in a bot's project (`botName`: the name the person gave it). */
export function builtinAnswer(message: string, files: ProjectFile[], botName?: string, openFile?: string): BuiltinAnswer {
  const clean = stripControlChars(message).trim();
  const code = files.filter(isCode);
  if (!ASKS_FOR_NEW.test(clean)) {
    const generated = code.filter((f): f is ProjectFile & { generatedFrom: GeneratedFrom } => f.generatedFrom !== undefined);
    const target = fileToChange(clean, generated, openFile);
    if (target) {
      const change = changeGeneratedBot(clean, target);
      if (change) return change;
    } else if (code.length > 0 && ASKS_FOR_CHANGE.test(clean) && !DESCRIBES_A_BOT.test(clean)) {
      return changeHandWrittenFile(clean, fileToChange(clean, code, openFile)!);
    }
  }
  return builtinChat(clean, { existingFilenames: files.map((f) => f.filename), ...(botName ? { botName } : {}), hasBuiltBot: files.some((f) => f.generatedFrom !== undefined) });
}
