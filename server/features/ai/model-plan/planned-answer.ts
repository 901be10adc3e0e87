// A model's valid answer made into the assistant's answer the same way the builtin makes its own: the
// plan marked for its platform, the file named as the builtin names it, the code rendered from the
// plan (custom regions from the answer, else kept from the file), the reply composed by plan-reply.ts.
// Loaded on the first planned answer (it pulls the renderers and the builtin's words).
import type { BotPlan } from '../../../../shared/bot-plan.schema';
import { markUnsupported } from '../../../../shared/bot-plan-platforms';
import { extensionOf } from '../../../../shared/filenames';
import { customRegionsOf, renderPlan } from '../plan/render';
import { planAnswer } from '../builtin/plan-reply';
import { PLATFORM_INFO } from '../builtin/platforms';
import { asSaved, chooseFilename } from '../builtin/reply';
import { keepOwnEdits } from '../builtin/follow-up/keep-own-edits';
import type { ChatAnswer, ChatRequest, ModifyAnswer, ModifyRequest, ProjectFile } from '../provider';
import type { ModelAnswer } from './model-answer';

const extensionFor = (plan: Pick<BotPlan, 'language'>) => (plan.language === 'python' ? 'py' : 'js');

/**
 * The file a planned answer writes: the target it names when the project has it in the plan's
 * language, else a name chosen as the builtin chooses (which may be an existing file: "update my bot").
 */
export function placeOf(answer: ModelAnswer & { plan: BotPlan }, request: Pick<ChatRequest, 'files' | 'message'>): { filename: string; current?: ProjectFile } {
  const ext = extensionFor(answer.plan);
  const target = request.files.find((f) => f.filename === answer.target && extensionOf(f.filename) === ext);
  const stem = PLATFORM_INFO[answer.plan.platform].fileStem;
  const filename = target?.filename ?? chooseFilename(stem, ext, request.files.map((f) => f.filename), request.message);
  const current = request.files.find((f) => f.filename.toLowerCase() === filename.toLowerCase());
  if (current) return { filename: current.filename, current };
  // A new bot beside one the assistant built goes to a project of its own (ai.service.ts): its plain name.
  return { filename: request.files.some((f) => f.generatedFrom !== undefined) ? `${stem}.${ext}` : filename };
}

/** The custom regions the chat answer's file keeps from its current text (for the answer check). */
export function keptRegions(answer: ModelAnswer, request: Pick<ChatRequest, 'files' | 'message'>): Set<string> {
  if (!answer.plan) return new Set();
  const { current } = placeOf({ ...answer, plan: answer.plan }, request);
  return new Set(current ? Object.keys(customRegionsOf(current.content)) : []);
}

/** The code of the custom regions: the file's own, each replaced where the model wrote it anew. */
function customCode(answer: ModelAnswer, currentText: string | undefined): Record<string, string> {
  const kept = currentText === undefined ? {} : customRegionsOf(currentText);
  return { ...kept, ...Object.fromEntries(answer.custom.map((c) => [c.name, c.code.replace(/\n+$/, '')])) };
}

/** The rendered file put onto the current one, keeping what the person edited by hand (follow-up/keep-own-edits.ts). */
function withOwnEdits(current: ProjectFile | undefined, next: string): { code: string } | { conflict: string } {
  if (!current?.generatedFrom) return { code: next };
  return keepOwnEdits(current, current.generatedFrom.rendered, next);
}

/** A chat answer with a plan: the bot rendered from it, explained like the builtin's. */
export function chatAnswerFromPlan(answer: ModelAnswer & { plan: BotPlan }, request: ChatRequest): ChatAnswer {
  const plan = markUnsupported(answer.plan);
  const { filename, current } = placeOf(answer, request);
  const bot = renderPlan(plan, { filename, custom: customCode(answer, current?.content) });
  const next = asSaved(bot.code);
  const merge = withOwnEdits(current, next);
  if ('conflict' in merge) {
    return { reply: `${answer.reply}\n\nI did not change \`${filename}\`: ${merge.conflict}. Nothing was charged. Edit its plan instead, or undo your edit in the editor (History) and ask again.`, billable: false };
  }
  const ownEdits = current?.generatedFrom && current.content !== current.generatedFrom.rendered ? ['', 'Your own edits to the file are kept.'] : [];
  const reply = [answer.reply, '', planAnswer({ plan, filename, replacing: current !== undefined, notUnderstood: [], bot, code: merge.code }), ...ownEdits].join('\n');
  // Another bot where the assistant built one gets a project of its own (ai.service.ts).
  const newBot = current === undefined && request.files.some((f) => f.generatedFrom !== undefined);
  return { reply, billable: true, generated: { [filename]: { request: request.message, rendered: next, plan } }, ...(newBot ? { newBot } : {}) };
}

/** Modify with AI on a planned file; null when its platform does not render yet. */
export function modifyAnswerFromPlan(answer: ModelAnswer, request: ModifyRequest): ModifyAnswer {
  if (!answer.plan) return { unsupported: answer.reply };
  if (extensionFor(answer.plan) !== extensionOf(request.filename)) {
    return { unsupported: `That would make it a ${answer.plan.language} bot, a new file: ask for it in the chat instead.` };
  }
  const plan = markUnsupported(answer.plan);
  const bot = renderPlan(plan, { filename: request.filename, custom: customCode(answer, request.code) });
  const next = asSaved(bot.code);
  const file = { filename: request.filename, content: request.code, ...(request.generatedFrom ? { generatedFrom: request.generatedFrom } : {}) };
  const merge = withOwnEdits(file, next);
  if ('conflict' in merge) return { unsupported: `I did not change \`${request.filename}\`: ${merge.conflict}. Edit its plan instead, or undo your edit (History) and ask again.` };
  return { modifiedCode: merge.code, generated: { request: request.generatedFrom?.request ?? request.prompt, rendered: next, plan } };
}
