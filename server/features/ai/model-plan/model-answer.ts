// What a model answers in the chat and in Modify with AI: a few sentences for the person and, when it
// builds or changes a bot, the whole bot plan plus the code of the plan's custom actions. The JSON
// schema the model is asked for and the validation of its answer come from the same zod schema.
import { z } from 'zod';
import { BotPlanSchema, type BotPlan } from '../../../../shared/bot-plan.schema';
import { customFunctionName } from '../plan/render/custom-regions';

export const ModelAnswerSchema = z.object({
  /** A few sentences for the person (the code is not written here: Botwright renders it from the plan). */
  reply: z.string().min(1).max(8000),
  /** The whole plan of the bot built or changed; null for a plain answer (a question, how to run it...). */
  plan: BotPlanSchema.nullable(),
  /** The file name of the bot being changed; null for a new bot. */
  target: z.string().max(200).nullable().default(null),
  /** The code of each custom action the plan lists: the whole custom_<name> function. */
  custom: z
    .array(z.object({ name: z.string().regex(/^[a-z0-9_-]{1,40}$/), code: z.string().min(1).max(20_000) }))
    .max(20)
    .default([]),
});
export type ModelAnswer = z.infer<typeof ModelAnswerSchema>;

function answerJsonSchema(): Record<string, unknown> {
  // The input side: fields with a default may be left out. `strict: false` below for the same reason
  // (strict structured outputs require every field).
  const { $schema: _, ...schema } = z.toJSONSchema(ModelAnswerSchema, { io: 'input' }) as Record<string, unknown>;
  return schema;
}

/** The `response_format` of a request that must answer with a ModelAnswer. */
export const MODEL_ANSWER_FORMAT = {
  type: 'json_schema' as const,
  json_schema: { name: 'bot_plan_answer', description: 'A reply for the person and the bot plan, if any.', schema: answerJsonSchema(), strict: false },
};

/** The custom actions of a plan, by name. */
export function customActionsOf(plan: BotPlan): Set<string> {
  return new Set(plan.rules.flatMap((r) => r.do.flatMap((a) => (a.kind === 'custom' ? [a.name] : []))));
}

/** The line that must open a custom action's code in the plan's language. */
function definesFunction(plan: BotPlan, name: string, code: string): boolean {
  const fn = customFunctionName(name);
  const opening = plan.language === 'python' ? new RegExp(`^(?:async\\s+)?def\\s+${fn}\\s*\\(`, 'm') : new RegExp(`^(?:async\\s+)?function\\s+${fn}\\s*\\(`, 'm');
  return opening.test(code);
}

/**
 * What is wrong with a model's answer, in words it can act on; [] when it can be used. `kept`: the
 * custom regions the file being changed already has (their code stays unless rewritten).
 */
export function answerProblems(answer: ModelAnswer, kept: ReadonlySet<string>): string[] {
  const plan = answer.plan;
  if (!plan) return [];
  const problems: string[] = [];
  const ids = plan.rules.map((r) => r.id);
  for (const id of new Set(ids.filter((id, i) => ids.indexOf(id) !== i))) problems.push(`plan.rules: the rule id "${id}" is used twice; each rule needs its own id`);
  const actions = customActionsOf(plan);
  const written = new Set(answer.custom.map((c) => c.name));
  for (const name of actions) {
    if (!written.has(name) && !kept.has(name)) problems.push(`custom: the plan has the custom action "${name}" but no code for it in "custom"`);
  }
  for (const c of answer.custom) {
    if (!actions.has(c.name)) problems.push(`custom: "${c.name}" is not a custom action of the plan (add {"kind":"custom","name":"${c.name}",...} to a rule, or leave it out)`);
    else if (!definesFunction(plan, c.name, c.code)) {
      const opening = plan.language === 'python' ? `async def ${customFunctionName(c.name)}(event, vars, say):` : `async function ${customFunctionName(c.name)}(event, vars, say) {`;
      problems.push(`custom: the code of "${c.name}" must be the whole function, starting with \`${opening}\` at the start of a line`);
    }
  }
  return problems;
}

export type ReadAnswer = { answer: ModelAnswer } | { problems: string[] };

/** The model's text as an answer, or the problems to send back (not JSON, not the schema, not usable). */
export function readModelAnswer(text: string, keptRegions: (answer: ModelAnswer) => ReadonlySet<string>): ReadAnswer {
  // Some servers wrap JSON in a fence even when asked for JSON only.
  const bare = text.trim().replace(/^```(?:json)?\s*\n([\s\S]*?)\n?```$/, '$1');
  let json: unknown;
  try {
    json = JSON.parse(bare);
  } catch (err) {
    return { problems: [`the answer is not JSON (${(err as Error).message.slice(0, 120)}); answer with one JSON object only`] };
  }
  const parsed = ModelAnswerSchema.safeParse(json);
  if (!parsed.success) {
    return { problems: parsed.error.issues.slice(0, 12).map((i) => `${i.path.join('.') || 'the answer'}: ${i.message}`) };
  }
  const problems = answerProblems(parsed.data, keptRegions(parsed.data));
  return problems.length > 0 ? { problems } : { answer: parsed.data };
}

/** What the model is told when its answer could not be used, before it is asked once more. */
export function planRetryMessage(problems: string[]): string {
  return [
    'Your answer was checked before use and has these problems, so nothing was saved:',
    ...problems.map((p) => `- ${p}`),
    '',
    'Answer the same request again with one complete JSON object that follows the schema (the whole plan, and the code of every custom action).',
  ].join('\n');
}
