// The plan card: a file's bot plan in plain words (rules, blanks, what was not built, the defaults),
// and edits made on it without the AI. An edit is rendered from the plan alone (no AI call, no
// charge), keeping the file's custom regions, and offered as a proposal whose plan becomes the file's
// when the person accepts and saves it, like a chat follow-up's.
import type { ZodError } from 'zod';
import type { ServiceCtx } from '../../trpc';
import { AppError } from '../../errors';
import { BotPlanSchema, type BotPlan } from '../../../shared/bot-plan.schema';
import { blanksOf, ruleInWords } from '../../../shared/bot-plan-words';
import { markUnsupported } from '../../../shared/bot-plan-platforms';
import { ownedFile } from '../workspace/files';
import { plansOf } from './bot-plans';
import { recordProposal } from './code-edit-proposals';
import { customRegionsOf, renderPlan, type RenderedBot } from './plan/render';
import type { GeneratedFrom } from './provider';
import { inTransaction } from '../../db/transaction';

/** The file's stored plan; 404 for a file of someone else, or one the assistant did not build. */
async function storedPlan({ deps, userId }: ServiceCtx, fileId: string) {
  const file = await ownedFile(deps.db, userId, fileId);
  const from = (await plansOf(deps.db, [file.id])).get(file.id);
  if (!from?.plan) throw new AppError('NOT_FOUND', 'This file has no plan: it was not built by the assistant');
  return { file, from: from as GeneratedFrom & { plan: BotPlan } };
}

export function planCard(plan: BotPlan) {
  return {
    plan,
    rules: plan.rules.map((rule) => ({ id: rule.id, words: ruleInWords(rule, plan), ...(rule.unsupported ? { unsupported: rule.unsupported } : {}) })),
    blanks: blanksOf(plan),
    notBuilt: plan.notBuilt,
    defaults: plan.defaults,
  };
}

export async function planOfFile(ctx: ServiceCtx, input: { fileId: string }) {
  const { from } = await storedPlan(ctx, input.fileId);
  return planCard(from.plan);
}

/** ['rules', 0, 'when', 'name'] -> "rules[0].when.name". */
function fieldName(path: ReadonlyArray<PropertyKey>): string {
  return path.reduce<string>((name, key) => (typeof key === 'number' ? `${name}[${key}]` : name ? `${name}.${String(key)}` : String(key)), '');
}

function planProblem(error: ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'The plan is not valid';
  const field = fieldName(issue.path);
  return `The plan's ${field ? `field ${field}` : 'text'} is not valid: ${issue.message}`;
}

export async function editPlan(ctx: ServiceCtx, input: { fileId: string; plan: unknown }) {
  const parsed = BotPlanSchema.safeParse(input.plan);
  if (!parsed.success) throw new AppError('BAD_REQUEST', planProblem(parsed.error));
  const { deps, userId } = ctx;
  const { file, from } = await storedPlan(ctx, input.fileId);
  // The file keeps its name, so its language and platform stay what it was built for.
  if (parsed.data.platform !== from.plan.platform || parsed.data.language !== from.plan.language) {
    throw new AppError('BAD_REQUEST', `This file is a ${from.plan.platform} bot in ${from.plan.language}: its plan's platform and language cannot change.`);
  }
  const ids = new Set<string>();
  for (const rule of parsed.data.rules) {
    if (ids.has(rule.id)) throw new AppError('BAD_REQUEST', `Two rules have the id "${rule.id}": each rule needs its own.`);
    ids.add(rule.id);
  }
  const plan = markUnsupported(parsed.data);
  let rendered: RenderedBot;
  try {
    rendered = renderPlan(plan, { filename: file.filename, custom: customRegionsOf(file.content) });
  } catch (err) {
    deps.log.info({ err }, 'a plan edit could not be rendered');
    throw new AppError('UNPROCESSABLE_CONTENT', `This plan cannot be written as code yet: ${err instanceof Error ? err.message : 'unknown reason'}`);
  }
  const generated: GeneratedFrom = { request: from.request, rendered: rendered.code, plan };
  const proposalId = await inTransaction(deps.db, (trx) =>
    recordProposal(trx, deps, {
      userId,
      projectId: file.project_id,
      fileId: file.id,
      filename: file.filename,
      code: rendered.code,
      cost: 0,
      plan: generated,
    }),
  );
  return { proposalId, modifiedCode: rendered.code, filename: file.filename };
}
