// Counts the assistant's work where every feature reaches it: the provider behind deps.ai. One
// call per chat, modify or explainLogs (the OpenAI client's own retry of a request is not another
// call); an error is a call that failed, unless the person gave up on it (its signal aborted).
import type { AiProvider } from '../ai/provider';

export type AiOperation = 'chat' | 'modify' | 'explain_logs';
export const AI_OPERATIONS: AiOperation[] = ['chat', 'modify', 'explain_logs'];

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
    explainLogs: (request, signal) => count('explain_logs', signal, () => provider.explainLogs(request, signal)),
  };
}
