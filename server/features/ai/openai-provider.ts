// The assistant on any OpenAI-compatible endpoint (OpenAI, Ollama, vLLM...). The chat (and Modify with
// AI on a planned file) asks for structured output: a reply and a bot plan that the same renderer as
// the builtin's turns into code (model-plan/). Failures become honest 502/504/422 errors that name
// the service's answer, never a fake reply.
import OpenAI from 'openai';
import { AppError } from '../../errors';
import { parseAssistantReply } from '../../../shared/code-blocks';
import { MODIFY_SYSTEM_PROMPT } from './prompts';
import { AI_HELP_SYSTEM_PROMPT, aiHelpContext } from './ai-help-prompt';
import { customRegionsOf } from './plan/render/custom-regions';
import { MODEL_ANSWER_FORMAT, planRetryMessage, readModelAnswer, type ModelAnswer } from './model-plan/model-answer';
import { PLAN_SYSTEM_PROMPT, planFilesContext, planModifyMessage } from './model-plan/plan-prompt';
import type { AiHelpAnswer, AiHelpRequest, AiProvider, ChatAnswer, ChatRequest, ModifyAnswer, ModifyRequest } from './provider';

type Message = { role: 'system' | 'user' | 'assistant'; content: string };

// Turning a plan into the answer pulls the renderers and the builtin's words: loaded when first needed.
const plannedAnswers = () => import('./model-plan/planned-answer');

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

/** The service the provider talks to: its client and the model it asks. */
type Service = { client: OpenAI; model: string };

/**
 * One completion, streamed; `onDelta` sees the text as it comes. Only a finished, non-empty text
 * is returned (assertFinished).
 */
async function complete(ai: Service, messages: Message[], signal: AbortSignal | undefined, options: { onDelta?: (text: string) => void; json?: boolean }): Promise<string> {
  const stream = await ai.client.chat.completions.create(
    { model: ai.model, stream: true, messages, ...(options.json ? { response_format: MODEL_ANSWER_FORMAT } : {}) },
    { signal },
  );
  let text = '';
  let finishReason: string | null = null;
  for await (const chunk of stream) {
    const delta = chunk.choices[0]?.delta?.content ?? '';
    if (delta) {
      text += delta;
      options.onDelta?.(delta);
    }
    finishReason = chunk.choices[0]?.finish_reason ?? finishReason;
  }
  assertFinished(finishReason);
  if (!text.trim()) throw new AppError('BAD_GATEWAY', 'The AI service sent an empty answer. Please try again.');
  return text;
}

/** One completion, not streamed: its text (possibly empty), once the model finished it without declining. */
async function completeAtOnce(ai: Service, messages: Message[], signal: AbortSignal | undefined): Promise<string> {
  const completion = await ai.client.chat.completions.create({ model: ai.model, messages }, { signal });
  const choice = completion.choices[0];
  if (choice?.message?.refusal) throw new AppError('BAD_GATEWAY', `The AI service declined to answer: ${choice.message.refusal.slice(0, 300)}`);
  assertFinished(choice?.finish_reason ?? null);
  return choice?.message?.content ?? '';
}

/**
 * The model's answer as a plan (model-answer.ts). One that cannot be used is sent back once with
 * its problems; failing again, it is refused before anything is charged.
 */
async function askForPlan(ai: Service, messages: Message[], kept: (answer: ModelAnswer) => ReadonlySet<string>, signal?: AbortSignal): Promise<ModelAnswer> {
  const first = await complete(ai, messages, signal, { json: true });
  const read = readModelAnswer(first, kept);
  if ('answer' in read) return read.answer;
  const retry = [...messages, { role: 'assistant' as const, content: first }, { role: 'user' as const, content: planRetryMessage(read.problems) }];
  const again = readModelAnswer(await complete(ai, retry, signal, { json: true }), kept);
  if ('answer' in again) return again.answer;
  throw new AppError(
    'UNPROCESSABLE_CONTENT',
    `The AI answer was not saved and nothing was charged: its bot plan still had problems after one retry. ${again.problems.slice(0, 8).join('; ')}`,
  );
}

async function chatAnswer(ai: Service, request: ChatRequest, onDelta: ((text: string) => void) | undefined, signal: AbortSignal | undefined): Promise<ChatAnswer> {
  const planned = await plannedAnswers();
  const answer = await askForPlan(
    ai,
    [
      { role: 'system', content: PLAN_SYSTEM_PROMPT },
      { role: 'system', content: planFilesContext(request.files) },
      ...request.history.map((t) => ({ role: t.role, content: t.content })),
      { role: 'user', content: request.message },
    ],
    (a) => planned.keptRegions(a, request),
    signal,
  );
  // The JSON is never shown: the person gets the composed reply once it is ready.
  if (!answer.plan) {
    onDelta?.(answer.reply);
    return { reply: answer.reply, billable: true };
  }
  const built = planned.chatAnswerFromPlan({ ...answer, plan: answer.plan }, request);
  onDelta?.(built.reply);
  return built;
}

/** A file built from a plan is changed through its plan, as in the chat. */
async function modifyThroughPlan(ai: Service, request: ModifyRequest, signal: AbortSignal | undefined): Promise<ModifyAnswer> {
  const planned = await plannedAnswers();
  const file = { filename: request.filename, content: request.code, generatedFrom: request.generatedFrom };
  const kept = new Set(Object.keys(customRegionsOf(request.code)));
  const answer = await askForPlan(
    ai,
    [
      { role: 'system', content: PLAN_SYSTEM_PROMPT },
      { role: 'system', content: planFilesContext([file]) },
      { role: 'user', content: planModifyMessage(request.filename, request.prompt) },
    ],
    () => kept,
    signal,
  );
  return planned.modifyAnswerFromPlan(answer, request);
}

/** Any other file: the model writes the whole changed file, in a code block (or as its whole answer). */
async function modifyAnswer(ai: Service, request: ModifyRequest, signal: AbortSignal | undefined): Promise<ModifyAnswer> {
  if (request.generatedFrom?.plan) return modifyThroughPlan(ai, request, signal);
  const text = await completeAtOnce(
    ai,
    [
      { role: 'system', content: MODIFY_SYSTEM_PROMPT },
      { role: 'user', content: `File ${request.filename}:\n\`\`\`\n${request.code}\n\`\`\`\n\nChange requested: ${request.prompt}` },
    ],
    signal,
  );
  const block = parseAssistantReply(text).blocks[0];
  const modifiedCode = block ? block.code : text.trim();
  if (!modifiedCode.trim()) throw new AppError('BAD_GATEWAY', 'The AI service sent an empty answer. Please try again.');
  return { modifiedCode };
}

async function helpAnswer(ai: Service, request: AiHelpRequest, signal: AbortSignal | undefined): Promise<AiHelpAnswer> {
  const text = await completeAtOnce(
    ai,
    [
      { role: 'system', content: AI_HELP_SYSTEM_PROMPT },
      { role: 'system', content: aiHelpContext(request) },
      { role: 'user', content: request.message },
    ],
    signal,
  );
  const reply = text.trim();
  if (!reply) throw new AppError('BAD_GATEWAY', 'The AI service sent an empty answer. Please try again.');
  return { reply, billable: true };
}

export function openAiProvider(settings: OpenAiSettings): AiProvider {
  const client = new OpenAI({
    apiKey: settings.apiKey,
    baseURL: settings.baseUrl ?? undefined,
    timeout: settings.timeoutMs ?? 120_000,
    maxRetries: 1,
  });
  const ai: Service = { client, model: settings.model };
  return {
    kind: 'openai',
    async chat(request, onDelta, signal) {
      try {
        return await chatAnswer(ai, request, onDelta, signal);
      } catch (err) {
        throw aiError(err);
      }
    },
    async modify(request, signal) {
      try {
        return await modifyAnswer(ai, request, signal);
      } catch (err) {
        throw aiError(err);
      }
    },
    async help(request, signal) {
      try {
        return await helpAnswer(ai, request, signal);
      } catch (err) {
        throw aiError(err);
      }
    },
  };
}
