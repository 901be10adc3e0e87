// The assistant on any OpenAI-compatible endpoint (OpenAI, Ollama, vLLM...). Chat replies stream;
// failures become honest 502/504 errors that name the service's answer, never a fake reply.
import OpenAI from 'openai';
import { AppError } from '../../errors';
import { parseAssistantReply } from '../../../shared/code-blocks';
import { CHAT_SYSTEM_PROMPT, MODIFY_SYSTEM_PROMPT, filesContext } from './prompts';
import { AI_HELP_SYSTEM_PROMPT, aiHelpContext } from './ai-help-prompt';
import type { AiProvider } from './provider';

export type OpenAiSettings = { apiKey: string; baseUrl: string | null; model: string; timeoutMs?: number };

function aiError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  if (err instanceof OpenAI.APIConnectionTimeoutError || (err instanceof Error && err.name === 'AbortError')) {
    return new AppError('GATEWAY_TIMEOUT', 'The AI service did not answer in time. Please try again.');
  }
  if (err instanceof OpenAI.APIConnectionError) return new AppError('BAD_GATEWAY', 'The AI service could not be reached. Please try again later.');
  if (err instanceof OpenAI.APIError) {
    const detail = (err.error as { message?: string } | undefined)?.message ?? err.message;
    return new AppError('BAD_GATEWAY', `The AI service answered with an error (${err.status ?? 'no status'}): ${String(detail).slice(0, 300)}`);
  }
  return new AppError('BAD_GATEWAY', 'The AI service failed to answer. Please try again.');
}

/**
 * Only a reply the model finished is used (and so charged): one cut at the length limit, stopped by a
 * content filter, or whose stream ended before any finish reason came is a failure, not a reply.
 */
function assertFinished(finishReason: string | null): void {
  if (finishReason === 'length' || finishReason === null) {
    throw new AppError('BAD_GATEWAY', 'The AI answer was cut off before it was finished, so it was not used and nothing was charged. Please try again, or ask for a smaller change.');
  }
  if (finishReason === 'content_filter') {
    throw new AppError('BAD_GATEWAY', "The AI service's content filter stopped the answer, so it was not used and nothing was charged.");
  }
}

export function openAiProvider(settings: OpenAiSettings): AiProvider {
  const client = new OpenAI({
    apiKey: settings.apiKey,
    baseURL: settings.baseUrl ?? undefined,
    timeout: settings.timeoutMs ?? 120_000,
    maxRetries: 1,
  });
  return {
    kind: 'openai',
    async chat(request, onDelta, signal) {
      try {
        const stream = await client.chat.completions.create(
          {
            model: settings.model,
            stream: true,
            messages: [
              { role: 'system', content: CHAT_SYSTEM_PROMPT },
              { role: 'system', content: filesContext(request.files) },
              ...request.history.map((t) => ({ role: t.role, content: t.content })),
              { role: 'user', content: request.message },
            ],
          },
          { signal },
        );
        let reply = '';
        let finishReason: string | null = null;
        for await (const chunk of stream) {
          const delta = chunk.choices[0]?.delta?.content ?? '';
          if (delta) {
            reply += delta;
            onDelta?.(delta);
          }
          finishReason = chunk.choices[0]?.finish_reason ?? finishReason;
        }
        assertFinished(finishReason);
        if (!reply.trim()) throw new AppError('BAD_GATEWAY', 'The AI service sent an empty answer. Please try again.');
        return { reply, billable: true };
      } catch (err) {
        throw aiError(err);
      }
    },
    async modify(request, signal) {
      try {
        const completion = await client.chat.completions.create(
          {
            model: settings.model,
            messages: [
              { role: 'system', content: MODIFY_SYSTEM_PROMPT },
              { role: 'user', content: `File ${request.filename}:\n\`\`\`\n${request.code}\n\`\`\`\n\nChange requested: ${request.prompt}` },
            ],
          },
          { signal },
        );
        const choice = completion.choices[0];
        if (choice?.message?.refusal) throw new AppError('BAD_GATEWAY', `The AI service declined to answer: ${choice.message.refusal.slice(0, 300)}`);
        assertFinished(choice?.finish_reason ?? null);
        const text = choice?.message?.content ?? '';
        const block = parseAssistantReply(text).blocks[0];
        const modifiedCode = block ? block.code : text.trim();
        if (!modifiedCode.trim()) throw new AppError('BAD_GATEWAY', 'The AI service sent an empty answer. Please try again.');
        return { modifiedCode };
      } catch (err) {
        throw aiError(err);
      }
    },
    async help(request, signal) {
      try {
        const completion = await client.chat.completions.create(
          {
            model: settings.model,
            messages: [
              { role: 'system', content: AI_HELP_SYSTEM_PROMPT },
              { role: 'system', content: aiHelpContext(request) },
              { role: 'user', content: request.message },
            ],
          },
          { signal },
        );
        const message = completion.choices[0]?.message;
        if (message?.refusal) throw new AppError('BAD_GATEWAY', `The AI service declined to answer: ${message.refusal.slice(0, 300)}`);
        assertFinished(completion.choices[0]?.finish_reason ?? null);
        const reply = message?.content?.trim() ?? '';
        if (!reply) throw new AppError('BAD_GATEWAY', 'The AI service sent an empty answer. Please try again.');
        return { reply, billable: true };
      } catch (err) {
        throw aiError(err);
      }
    },
  };
}
