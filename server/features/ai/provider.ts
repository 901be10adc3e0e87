// The assistant behind one interface: `builtin` (offline, deterministic templates) or `openai`
// (any OpenAI-compatible endpoint). Features call these; neither knows about credits or storage.
import type { BotPlan } from '../../../shared/bot-plan.schema';

export type ChatTurn = { role: 'user' | 'assistant'; content: string };
/**
 * What the builtin assistant built a file from: the request it understood (JSON) and the text its
 * templates rendered, the base that lets a follow-up keep the person's own edits (bot-plans.ts).
 */
export type GeneratedFrom = { request: string; rendered: string; plan?: BotPlan };
/** A file of the bot's project, newest first; `generatedFrom` only for files the builtin wrote. */
export type ProjectFile = { filename: string; content: string; generatedFrom?: GeneratedFrom };

/** `botName`: the name the person gave the bot (its project), when they gave one. */
/** `openFile`: the file open in the editor, which a change goes to unless the message names another. */
export type ChatRequest = { message: string; history: ChatTurn[]; files: ProjectFile[]; botName?: string; openFile?: string };
/**
 * `billable` is false for answers that create nothing (e.g. the builtin help text). A file block
 * whose name the project already has becomes a proposal to review, not a write (ai.service.ts).
 * `generated`: per file name, what the builtin built it from.
 */
/** `newBot`: the answer is another bot than the one(s) the project has: it gets a project of its own. */
export type ChatAnswer = { reply: string; billable: boolean; generated?: Record<string, GeneratedFrom>; newBot?: boolean };

/** `generatedFrom`: what the assistant built the file from, when it did (its plan goes through the same understanding as the chat). */
export type ModifyRequest = { code: string; filename: string; prompt: string; generatedFrom?: GeneratedFrom };
/** `generated`: the new plan of the file, kept with the proposal until it is accepted. */
export type ModifyAnswer = { modifiedCode: string; generated?: GeneratedFrom } | { unsupported: string };

/**
 * The runner's AI Help: the person's question, the last log lines and the file that ran, with every
 * saved secret value already masked. `envVarNames`: the names (never values) saved for the file's
 * project; absent when the request names no file.
 */
export type AiHelpRequest = { message: string; logs: string[]; filename?: string; fileContent?: string; envVarNames?: string[] };
/**
 * `billable` is false for answers that read nothing (the builtin's "run your bot first"). `fix`: the
 * file with the error fixed, when the helper can make the fix itself (offered as a proposal).
 */
export type AiHelpAnswer = { reply: string; billable: boolean; fix?: { modifiedCode: string; summary: string } };

export interface AiProvider {
  readonly kind: 'builtin' | 'openai';
  /** `onDelta` receives the reply as it is written (streamed providers call it per token). */
  chat(request: ChatRequest, onDelta?: (text: string) => void, signal?: AbortSignal): Promise<ChatAnswer>;
  modify(request: ModifyRequest, signal?: AbortSignal): Promise<ModifyAnswer>;
  help(request: AiHelpRequest, signal?: AbortSignal): Promise<AiHelpAnswer>;
}
