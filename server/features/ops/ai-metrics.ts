// Counts the assistant's work where every feature reaches it: the provider behind deps.ai. One
// call per chat, modify or help (the OpenAI client's own retry of a request is not another
// call); an error is a call that failed, unless the person gave up on it (its signal aborted).
import type { AiProvider } from '../ai/provider';

export type AiOperation = 'chat' | 'modify' | 'ai_help';
export const AI_OPERATIONS: AiOperation[] = ['chat', 'modify', 'ai_help'];

type Counted = { inc(labels: { provider: string; operation: string }): void };

export function countAiCalls(provider: AiProvider, counters: { calls: Counted; errors: Counted }): AiProvider {
  const count = async <T>(operation: AiOperation, signal: AbortSignal | undefined, work: () => Promise<T>): Promise<T> => {
    const labels = { provider: provider.kind, operation };
    counters.calls.inc(labels);
    try {
      return await work();
    } catch (err) {
      if (!signal?.aborted) counters.errors.inc(labels);
      throw err;
    }
  };
  return {
    kind: provider.kind,
    chat: (request, onDelta, signal) => count('chat', signal, () => provider.chat(request, onDelta, signal)),
    modify: (request, signal) => count('modify', signal, () => provider.modify(request, signal)),
    help: (request, signal) => count('ai_help', signal, () => provider.help(request, signal)),
  };
}
