// The builtin assistant's code edits: a documented set of small, safe changes made in place (change
// a reply text, add a command, add logging, change an interval, add a keyword reply). Anything else
// is declined with a message naming the setting that enables free-form edits.

import { stripControlChars } from '../../../../shared/code-blocks';
import { extensionOf } from '../../../../shared/filenames';
import { addLogging } from './edits/logging';
import { changeInterval } from './edits/intervals';
import { setTableEntry, tableKeys, type EditResult } from './edits/tables';
import { changeNamedText, replaceLiteralText } from './edits/texts';
import type { CodeLanguage } from '../literals';
import { commandRepliesIn, intervalSecondsIn, isCommandName, keywordRepliesIn, maskQuotes } from './phrases';

export type BuiltinModifyResult = { modifiedCode: string } | { unsupported: string };

const ENABLE_FREE_FORM = 'Set OPENAI_API_KEY (or OPENAI_BASE_URL for Ollama/vLLM) to enable free-form edits.';

/** What the builtin assistant can change, as the 422 answer states it. */
export const BUILTIN_MODIFY_HELP =
  'The builtin assistant can change a reply text ("change the welcome message to \'Hi there\'"), ' +
  'add a command ("add a /price command that replies \'Bread is 3 euros\'"), add logging ("add logging"), ' +
  'change an interval ("post every 30 minutes") and add a keyword reply ("reply \'We open at 9\' when someone says hours"). ' +
  ENABLE_FREE_FORM;

function languageOf(filename: string): CodeLanguage | null {
  const ext = extensionOf(filename);
  if (ext === 'py') return 'python';
  if (['js', 'mjs', 'cjs', 'ts', 'jsx', 'tsx'].includes(ext)) return 'javascript';
  return null;
}

function declined(problem: string): BuiltinModifyResult {
  return { unsupported: `${problem} ${BUILTIN_MODIFY_HELP}` };
}

const CHANGE_VERB = /\b(?:change|set|update|make|replace|edit|reword|rewrite|rename|modify|use)\b/i;

function addCommand(code: string, language: CodeLanguage, name: string, reply: string): EditResult {
  if (!isCommandName(name)) return { problem: `"${name}" cannot be a command name (use a-z, 0-9 and _).` };
  if (name === 'help') return changeNamedText(code, 'help', reply, language) ?? { problem: 'This file has no HELP_MESSAGE to change.' };
  if (name === 'remind') return { problem: '/remind is built in and cannot be replaced by a fixed reply.' };
  const result = setTableEntry(code, 'COMMAND_REPLIES', name, reply, language);
  if ('problem' in result) return { problem: 'This file has no COMMAND_REPLIES table (generated Telegram, Discord, Slack, WhatsApp and webhook bots have one), so I cannot add a command to it.' };
  return result;
}

function addKeyword(code: string, language: CodeLanguage, keyword: string, reply: string): EditResult {
  const result = setTableEntry(code, 'KEYWORD_REPLIES', keyword, reply, language);
  if ('problem' in result) return { problem: 'This file has no KEYWORD_REPLIES table, so I cannot add a keyword reply to it.' };
  return result;
}

/** "change the reply to hours to 'X'", "change the welcome message to 'X'", "change 'A' to 'B'". */
function changeText(code: string, language: CodeLanguage, masked: string, quotes: string[]): EditResult | null {
  const pair = /\u0001(\d+)\u0002\s*(?:to|with|into|by|->|=>|→)\s*\u0001(\d+)\u0002/.exec(masked);
  if (pair) return replaceLiteralText(code, quotes[Number(pair[1])]!, quotes[Number(pair[2])]!, language);

  const m = /\b(?:change|set|update|make|replace|edit|reword|rewrite|rename|modify|use)\s+(?:the\s+|its\s+|my\s+)?(.+?)\s*(?:\bto\b|\binto\b|\bwith\b|\bas\b|:|=)\s*(?:say\s+|read\s+)?\u0001(\d+)\u0002/i.exec(masked)
    ?? /\b(?:make|let)\s+(?:the\s+)?(.+?)\s+(?:say|read|be)\s+\u0001(\d+)\u0002/i.exec(masked);
  if (!m) return null;
  const target = m[1]!.replace(/\u0001(\d+)\u0002/g, (_, i: string) => quotes[Number(i)]!);
  const value = quotes[Number(m[2])]!;
  const lowerTarget = target.toLowerCase();

  // A command's reply: "/price reply", "the price command".
  const command = /[/!]([a-z]\w*)|\b([a-z]\w*)\s+command\b/.exec(lowerTarget);
  const commands = tableKeys(code.split('\n'), 'COMMAND_REPLIES', language);
  const commandName = command ? (command[1] ?? command[2])! : null;
  if (commandName && commands.includes(commandName)) return setTableEntry(code, 'COMMAND_REPLIES', commandName, value, language);

  // A keyword's reply: "the reply to hours", "the answer for 'opening hours'".
  const keywords = tableKeys(code.split('\n'), 'KEYWORD_REPLIES', language);
  const keyword = keywords.find((k) => new RegExp(`(?:^|\\W)${k.toLowerCase().replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?:\\W|$)`).test(lowerTarget));
  if (keyword !== undefined && /\b(?:reply|replies|answer|answers|response|text|message)\b/.test(lowerTarget)) {
    return setTableEntry(code, 'KEYWORD_REPLIES', keyword, value, language);
  }

  const named = changeNamedText(code, target, value, language);
  if (named) return named;
  const replyTo = /\b(?:reply|replies|answer|response)\s+(?:to|for|when\s+\w+\s+says)\s+(.+)$/.exec(lowerTarget);
  if (replyTo) {
    const key = replyTo[1]!.trim();
    return { problem: `This file has no keyword reply for "${key}"; to add one, ask "reply '${value}' when someone says ${key}".` };
  }
  return { problem: `I could not tell which text "${target}" is in this file.` };
}

/** Applies one of the documented edits to `code`, or declines. Never drops any other code. */
export function builtinModify(code: string, filename: string, prompt: string): BuiltinModifyResult {
  const language = languageOf(filename);
  if (!language) return declined(`The builtin assistant edits only Python and JavaScript files, not ${filename}.`);
  const crlf = code.includes('\r\n');
  const source = crlf ? code.replace(/\r\n/g, '\n') : code;
  const request = stripControlChars(prompt).trim();
  const mask = maskQuotes(request);
  const lower = mask.masked.toLowerCase();

  let result: EditResult | null = null;
  const commands = commandRepliesIn(mask);
  const keywords = keywordRepliesIn(mask);
  const seconds = intervalSecondsIn(mask.masked);

  if (commands.length > 0 && !(CHANGE_VERB.test(lower) && /\b(?:reply|answer|text|message) (?:of|to|for)\b/.test(lower))) {
    result = { code: source };
    for (const c of commands) {
      result = addCommand(result.code, language, c.name, c.reply);
      if ('problem' in result) break;
    }
  } else if (keywords.length > 0) {
    result = { code: source };
    for (const k of keywords) {
      result = addKeyword(result.code, language, k.keyword, k.reply);
      if ('problem' in result) break;
    }
  } else if (seconds !== null && !/\u0001\d+\u0002/.test(mask.masked)) {
    result = changeInterval(source, request, seconds, language);
  } else if (/\blog(?:s|ging)?\b/.test(lower) && /\b(?:add|more|enable|turn on|include|insert|with|put|log)\b|^\s*logging\s*$/.test(lower)) {
    result = addLogging(source, language);
  } else if (mask.quotes.length > 0) {
    result = changeText(source, language, mask.masked, mask.quotes);
  }

  if (result === null) return declined("That edit isn't one the builtin assistant knows.");
  if ('problem' in result) return declined(result.problem);
  if (result.code === source) return declined('That change leaves the file as it is.');
  return { modifiedCode: crlf ? result.code.replace(/\n/g, '\r\n') : result.code };
}
