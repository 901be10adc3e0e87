// The offline assistant: deterministic templates, no network, no key. It writes complete bots
// and performs a documented set of edits; anything else it declines (see builtin/). AI Help on the
// runner page reads logs for the failures bots commonly hit (see ai-help/).
import { builtinAiHelp } from './ai-help';
import type { AiProvider } from './provider';

// Its templates are most of the server's code: loaded on the first request that needs them, not at start-up.
const builtin = () => import('./builtin');

export function builtinProvider(): AiProvider {
  return {
    kind: 'builtin',
    async chat(request, onDelta) {
      const { reply, charged, generated, newBot } = (await builtin()).builtinAnswer(request.message, request.files, request.botName, request.openFile);
      onDelta?.(reply);
      return { reply, billable: charged, ...(generated ? { generated } : {}), ...(newBot ? { newBot } : {}) };
    },
    async modify(request) {
      const b = await builtin();
      const plan = request.generatedFrom?.plan;
      if (request.generatedFrom && plan) {
        const file = { filename: request.filename, content: request.code, generatedFrom: { ...request.generatedFrom, plan } };
        const planned = b.modifyPlannedBot(request.prompt, file);
        if (planned) return planned;
      }
      return b.builtinModify(request.code, request.filename, request.prompt);
    },
    async help(request) {
      return builtinAiHelp(request);
    },
  };
}
