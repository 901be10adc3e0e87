// The builtin assistant: an offline, deterministic bot generator and a small set of code edits,
// used when no OpenAI-compatible model is configured.

export { builtinChat, type BuiltinChatContext, type BuiltinChatResult } from './reply';
export { builtinModify, BUILTIN_MODIFY_HELP, type BuiltinModifyResult } from './modify';
export { understandRequest, type BotRequest } from './request';
export { builtinAnswer, type BuiltinAnswer } from './follow-up/follow-up';
export { modifyPlannedBot } from './follow-up/change-planned-bot';
