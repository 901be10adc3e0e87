// The assistant behind one interface: `builtin` (offline, deterministic templates) or `openai`
// (any OpenAI-compatible endpoint). Features call these; neither knows about credits or storage.
export type ChatTurn = { role: 'user' | 'assistant'; content: string };
export type ProjectFile = { filename: string; content: string };

export type ChatRequest = { message: string; history: ChatTurn[]; files: ProjectFile[] };
/** `billable` is false for answers that create nothing (e.g. the builtin help text). */
export type ChatAnswer = { reply: string; billable: boolean };

export type ModifyRequest = { code: string; filename: string; prompt: string };
export type ModifyAnswer = { modifiedCode: string } | { unsupported: string };

export interface AiProvider {
  readonly kind: 'builtin' | 'openai';
  /** `onDelta` receives the reply as it is written (streamed providers call it per token). */
  chat(request: ChatRequest, onDelta?: (text: string) => void, signal?: AbortSignal): Promise<ChatAnswer>;
  modify(request: ModifyRequest, signal?: AbortSignal): Promise<ModifyAnswer>;
}
