// The offline assistant: deterministic templates, no network, no key. It writes complete bots
// and performs a documented set of edits; anything else it declines (see builtin/). AI Help on the
// runner page reads logs for the failures bots commonly hit (see log-help/).
import { builtinAnswer, builtinModify } from './builtin';
import { builtinLogHelp } from './log-help';
import type { AiProvider } from './provider';

export function builtinProvider(): AiProvider {
  return {
    kind: 'builtin',
    async chat(request, onDelta) {
      const { reply, charged, generated } = builtinAnswer(request.message, request.files, request.botName);
      onDelta?.(reply);
      return { reply, billable: charged, ...(generated ? { generated } : {}) };
    },
    async modify(request) {
      return builtinModify(request.code, request.filename, request.prompt);
    },
    async explainLogs(request) {
      return builtinLogHelp(request);
    },
  };
}
