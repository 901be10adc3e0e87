// The bot's own settings: getMe, logOut/close, the command menu (setMyCommands, getMyCommands,
// deleteMyCommands, by scope and language), getFile, and a few settings the emulator accepts
// without showing them anywhere (descriptions, name, menu button).
import { badRequest } from './bot-api-errors';
import { optionalArray, optionalObject, optionalString, type Params } from './bot-api-params';
import type { BotMethod } from './bot-method';
import type { BotCommand } from './session-core';

const MAX_DOWNLOAD_BYTES = 20 * 1024 * 1024;
/** Command lists kept per session (scope x language); the oldest goes past this. */
const MAX_COMMAND_LISTS = 100;

export const getMe: BotMethod = ({ core }) => ({
  ...core.ids.bot,
  can_join_groups: true,
  can_read_all_group_messages: false,
  supports_inline_queries: false,
  can_connect_to_business: false,
  has_main_web_app: false,
});

export const accept: BotMethod = () => true;

/**
 * Botwright's own method, not Telegram's: the time a bot in test mode goes by (Unix milliseconds), which
 * the plan checks move to a schedule's moment. Bots call it only when TEST_CLOCK is set.
 */
export const getTestClock: BotMethod = ({ core }) => ({ now: core.testNow() });

/** The key of a command list: its scope (default, all_private_chats, chat...) and language. */
export function commandsKey(params: Params): string {
  const scope = optionalObject(params, 'scope', "can't parse BotCommandScope JSON object") ?? { type: 'default' };
  const { type, chat_id, user_id } = scope as { type?: unknown; chat_id?: unknown; user_id?: unknown };
  return JSON.stringify([type ?? 'default', chat_id ?? null, user_id ?? null, optionalString(params, 'language_code') ?? '']);
}

export const setMyCommands: BotMethod = ({ core, params }) => {
  const list = optionalArray(params, 'commands', "can't parse commands JSON object");
  if (!list) throw badRequest('parameter "commands" is required');
  if (list.length > 100) throw badRequest('BOT_COMMANDS_TOO_MUCH');
  const commands: BotCommand[] = list.map((item) => {
    const { command, description } = (item ?? {}) as { command?: unknown; description?: unknown };
    if (typeof command !== 'string' || !/^\/?[a-z0-9_]{1,32}$/.test(command)) throw badRequest('BOT_COMMAND_INVALID');
    if (typeof description !== 'string' || description.trim() === '' || description.length > 256) throw badRequest('BOT_COMMAND_DESCRIPTION_INVALID');
    return { command: command.replace(/^\//, ''), description };
  });
  const key = commandsKey(params);
  core.commands.delete(key);
  if (commands.length > 0) core.commands.set(key, commands);
  if (core.commands.size > MAX_COMMAND_LISTS) core.commands.delete(core.commands.keys().next().value!);
  return true;
};

export const getMyCommands: BotMethod = ({ core, params }) => core.commands.get(commandsKey(params)) ?? [];

export const deleteMyCommands: BotMethod = ({ core, params }) => {
  core.commands.delete(commandsKey(params));
  return true;
};

export const getFile: BotMethod = ({ core, params }) => {
  const fileId = optionalString(params, 'file_id');
  const file = fileId ? core.files.get(fileId) : undefined;
  if (!file) throw badRequest('invalid file_id');
  if (!file.bytes && file.size > MAX_DOWNLOAD_BYTES) throw badRequest('file is too big');
  return { file_id: file.fileId, file_unique_id: file.uniqueId, file_size: file.size, file_path: file.filePath };
};

export const getMyName: BotMethod = ({ core }) => ({ name: core.ids.bot.first_name });
export const getMyDescription: BotMethod = () => ({ description: '' });
export const getMyShortDescription: BotMethod = () => ({ short_description: '' });
export const getChatMenuButton: BotMethod = () => ({ type: 'default' });
