// A message in a bot's chat: a change to the bot the builtin assistant built ("add a /joke
// command", "make the welcome shorter", "also post at 9am"), a change to a hand-written file, or
// a new bot. A change is answered with the whole new file under its own name, which the chat turns
// into a diff to accept or reject (ai.service.ts); what the person edited by hand is kept.

import { formatCodeBlock, formatDependencies, stripControlChars } from '../../../../../shared/code-blocks';
import { extensionOf } from '../../../../../shared/filenames';
import type { GeneratedFrom, ProjectFile } from '../../provider';
import { builtinModify } from '../modify';
import { planBot, type BotPlan } from '../plan';
import { asSaved, builtinChat, type BuiltinChatResult } from '../reply';
import { understandRequest, type BotRequest } from '../request';
import { renderBot } from '../templates';
import { describeFeatures } from '../templates/python-common';
import { keepOwnEdits } from './keep-own-edits';
import { mergeRequests } from './merge-request';
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

const CODE_EXTENSIONS = new Set(['py', 'js', 'mjs', 'cjs', 'ts']);
const isCode = (f: ProjectFile) => CODE_EXTENSIONS.has(extensionOf(f.filename));

/** The file the message names, else the newest (files come newest first). */
function fileToChange<F extends ProjectFile>(message: string, files: F[]): F | undefined {
  const lower = message.toLowerCase();
  return files.find((f) => lower.includes(f.filename.toLowerCase())) ?? files[0];
}

function readStoredRequest(generatedFrom: GeneratedFrom): BotRequest | null {
  try {
    return JSON.parse(generatedFrom.request) as BotRequest;
  } catch {
    return null;
  }
}

const free = (reply: string): BuiltinAnswer => ({ reply, charged: false });

function bullets(title: string, items: string[]): string[] {
  return items.length > 0 ? ['', title, ...items.map((i) => `- ${i}`)] : [];
}

/** What the person should know about the parts of the message that were not built. */
function unbuilt(request: BotRequest, plan: BotPlan): string[] {
  return [
    ...bullets(
      '**Not built**',
      [...request.impossible.map((i) => `${i.what}: ${i.why}`), ...plan.dropped.map((d) => `${d.feature}: ${d.reason}.`)],
    ),
    ...bullets(
      '**Not understood** (say it another way and I will add it)',
      request.notUnderstood.map((t) => `"${t}"`),
    ),
  ];
}

function changeGeneratedBot(message: string, file: ProjectFile & { generatedFrom: GeneratedFrom }): BuiltinAnswer | null {
  const stored = readStoredRequest(file.generatedFrom);
  if (!stored) return null;
  const delta = understandRequest(message);
  if (!delta) {
    return free(
      `I could not tell what to change in \`${file.filename}\`. Nothing was charged. Ask for one change at a time, for example "add a /joke command", "make the welcome shorter", "also post at 9am" or "remove the echo". To build another bot instead, say "a new bot that ...".`,
    );
  }
  // Another platform or language is another bot.
  if ((delta.platformSource === 'stated' && delta.platform !== stored.platform) || (delta.languageStated && delta.language !== stored.language)) {
    return null;
  }
  if (file.generatedFrom.plan) return changePlannedBot(message, { ...file, generatedFrom: { ...file.generatedFrom, plan: file.generatedFrom.plan } }, delta);

  const before = planBot(stored);
  const merged = mergeRequests(stored, delta);
  const after = planBot(merged);
  const next = asSaved(renderBot(after, file.filename));
  if (next === file.generatedFrom.rendered) {
    const notes = unbuilt(delta, after);
    const lead = notes.length > 0 ? `Nothing changed in \`${file.filename}\`, and nothing was charged.` : `\`${file.filename}\` already does that: nothing changed and nothing was charged.`;
    return free([lead, ...notes].join('\n'));
  }
  const merge = keepOwnEdits(file, file.generatedFrom.rendered, next);
  if ('conflict' in merge) {
    return free(
      `I did not change \`${file.filename}\`: ${merge.conflict}. Nothing was charged. Make the change in the editor, or undo your edit there (History) and ask again.`,
    );
  }

  const wasSaid = new Set(describeFeatures(before));
  const nowSaid = describeFeatures(after);
  const added = nowSaid.filter((d) => !wasSaid.has(d));
  const gone = [...wasSaid].filter((d) => !nowSaid.includes(d));
  const newDefaults = after.defaults.filter((d) => !before.defaults.includes(d));
  const newDeps = after.dependencies.filter((d) => !before.dependencies.includes(d));
  const newEnv = after.env.filter((e) => e.required && !before.env.some((b) => b.name === e.name));

  const reply = [
    `I changed **${after.botName}** (\`${file.filename}\`). Review the change in the editor: **Accept** keeps it (then save), **Reject** discards it and refunds this message.`,
    ...bullets('**Now it also**', added),
    ...bullets('**It no longer**', gone.map((d) => d.replace(/\.$/, ''))),
    ...bullets('**Defaults I chose**', newDefaults),
    ...bullets('**New settings to set**', newEnv.map((e) => `\`${e.name}\`: ${e.description}`)),
    ...unbuilt(delta, after),
    ...(file.content !== file.generatedFrom.rendered ? ['', 'Your own edits to the file are kept.'] : []),
    '',
    formatCodeBlock({ filename: file.filename, language: after.language, code: merge.code }),
    ...(newDeps.length > 0 ? ['', formatDependencies(after.dependencies)] : []),
  ].join('\n');
  return { reply, charged: true, generated: { [file.filename]: { request: JSON.stringify(merged), rendered: next } } };
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
export function builtinAnswer(message: string, files: ProjectFile[], botName?: string): BuiltinAnswer {
  const clean = stripControlChars(message).trim();
  const code = files.filter(isCode);
  if (!ASKS_FOR_NEW.test(clean)) {
    const generated = code.filter((f): f is ProjectFile & { generatedFrom: GeneratedFrom } => f.generatedFrom !== undefined);
    const target = fileToChange(clean, generated);
    if (target) {
      const change = changeGeneratedBot(clean, target);
      if (change) return change;
    } else if (code.length > 0 && ASKS_FOR_CHANGE.test(clean) && !DESCRIBES_A_BOT.test(clean)) {
      return changeHandWrittenFile(clean, fileToChange(clean, code)!);
    }
  }
  return builtinChat(clean, { existingFilenames: files.map((f) => f.filename), ...(botName ? { botName } : {}) });
}
