// A follow-up to a bot built from its plan: the message changes the plan (merge-plan.ts), the file
// is rendered again from it (its custom code regions kept), and what the person edited by hand
// elsewhere in the file is kept by the same three-way merge as before. The answer shows the new
// plan and names the rules added, changed and removed.
import type { BotPlan } from '../../../../../shared/bot-plan.schema';
import { blanksOf, ruleInWords } from '../../../../../shared/bot-plan-words';
import { formatCodeBlock, formatDependencies, parseAssistantReply } from '../../../../../shared/code-blocks';
import type { GeneratedFrom, ProjectFile } from '../../provider';
import { customRegionsOf, renderPlan } from '../../plan/render';
import { planBlock } from '../plan-reply';
import { asSaved, type BuiltinChatResult } from '../reply';
import { understandRequest, type BotRequest } from '../request';
import { keepOwnEdits } from './keep-own-edits';
import { mergePlan } from './merge-plan';

type PlannedFile = ProjectFile & { generatedFrom: GeneratedFrom & { plan: BotPlan } };

function bullets(title: string, items: string[]): string[] {
  return items.length > 0 ? ['', title, ...items.map((i) => `- ${i}`)] : [];
}

export function changePlannedBot(message: string, file: PlannedFile, delta: BotRequest): BuiltinChatResult {
  const current = file.generatedFrom.plan;
  const change = mergePlan(current, delta, message);
  const notes = [
    ...bullets('**Not built**', change.plan.notBuilt.map((n) => `"${n.words}": ${n.reason}`)),
    ...bullets('**Not understood** (say it another way and I will add it)', delta.notUnderstood.map((t) => `"${t}"`)),
  ];
  const bot = renderPlan(change.plan, { filename: file.filename, custom: customRegionsOf(file.content) });
  const before = renderPlan(current, { filename: file.filename });
  const newSettings = bot.env.filter((e) => !before.env.some((b) => b.name === e.name));
  const next = asSaved(bot.code);
  if (next === file.generatedFrom.rendered && JSON.stringify(change.plan) !== JSON.stringify(current)) {
    // Only rules still waiting for words changed: the plan is kept (the card shows the blanks), the file is not.
    const reply = [
      `I added it to the plan of **${change.plan.name}** (\`${file.filename}\`), but the bot cannot do it until you give its words: fill the blanks in the plan, or tell me here. Nothing was built, so nothing was charged.`,
      ...bullets('**Needs your words**', blanksOf(change.plan).map((b) => b.label)),
      ...notes,
      '',
      planBlock(change.plan, file.filename),
    ].join('\n');
    return { reply, charged: false, generated: { [file.filename]: { ...file.generatedFrom, plan: change.plan } } };
  }
  if (next === file.generatedFrom.rendered) {
    const lead = notes.length > 0 ? `Nothing changed in \`${file.filename}\`, and nothing was charged.` : `\`${file.filename}\` already does that: nothing changed and nothing was charged.`;
    return { reply: [lead, ...notes].join('\n'), charged: false };
  }
  const merge = keepOwnEdits(file, file.generatedFrom.rendered, next);
  if ('conflict' in merge) {
    return {
      reply: `I did not change \`${file.filename}\`: ${merge.conflict}. Nothing was charged. Edit its plan instead, or undo your edit in the editor (History) and ask again.`,
      charged: false,
    };
  }
  const words = (rules: typeof change.added) => rules.map((r) => ruleInWords(r, change.plan));
  const reply = [
    `I changed the plan of **${change.plan.name}** (\`${file.filename}\`). Review the change in the editor: **Accept** keeps it, **Reject** discards it and refunds this message.`,
    ...bullets('**Added**', words(change.added)),
    ...bullets('**Changed**', words(change.replaced)),
    ...bullets('**Removed**', words(change.removed)),
    ...bullets('**Needs your words** (fill them in the plan, or tell me here)', blanksOf(change.plan).map((b) => b.label)),
    ...bullets('**New settings to set**', newSettings.map((e) => `\`${e.name}\`: ${e.description}`)),
    ...notes,
    '',
    planBlock(change.plan, file.filename),
    ...(file.content !== file.generatedFrom.rendered ? ['', 'Your own edits to the file are kept.'] : []),
    '',
    formatCodeBlock({ filename: file.filename, language: change.plan.language, code: merge.code }),
    ...(bot.dependencies.length > 0 ? ['', formatDependencies(bot.dependencies)] : []),
  ].join('\n');
  return { reply, charged: true, generated: { [file.filename]: { request: file.generatedFrom.request, rendered: next, plan: change.plan } } };
}

/**
 * The editor's Modify box on a file built from a plan: the same understanding as the chat. Null when
 * the words name no change of the plan (the code edits of modify.ts may still apply).
 */
export function modifyPlannedBot(prompt: string, file: PlannedFile): { modifiedCode: string; generated: GeneratedFrom } | { unsupported: string } | null {
  const delta = understandRequest(prompt);
  if (!delta) return null;
  const answer = changePlannedBot(prompt, file, delta);
  const block = parseAssistantReply(answer.reply).blocks.find((b) => b.filename === file.filename);
  if (!answer.charged || !block || !answer.generated) return { unsupported: answer.reply.split('\n')[0]!.replace(/\s*Nothing was charged\.?/, '') };
  return { modifiedCode: block.code, generated: answer.generated[file.filename]! };
}
