// After the assistant's answer is stored: each bot it built or changed from a plan is prepared and
// tried by the server (test-chat/plan-checks), and what happened becomes the end of the reply. With a
// model, a new bot that fails a check gets fix rounds: the model is given the failing exchanges, the
// bot's error lines and its code, and changes the bot through its plan (as Modify with AI does); the
// fix is saved and checked again, at most twice. The rounds are part of the message's charge.
import type { ServiceCtx } from '../../trpc';
import type { BotPlan } from '../../../shared/bot-plan.schema';
import type { CodeBlock } from '../../../shared/code-blocks';
import { prepareAndCheck } from '../test-chat/plan-checks/prepare-bot';
import { fileWriting, writeFile } from '../workspace/file-writes';
import { savePlan } from './bot-plans';
import type { GeneratedFrom } from './provider';
import { inTransaction } from '../../db/transaction';

export type BuiltFile = { fileId: string; filename: string; proposed: boolean };

export const MAX_FIX_ROUNDS = 2;

/** The reply's parts about the checks, one per bot file checked (none when no file has a plan). */
export async function checkBuiltBots(
  ctx: ServiceCtx,
  input: { projectId: string; built: BuiltFile[]; generated: Record<string, GeneratedFrom> | undefined; blocks: CodeBlock[]; dependencies: string[] },
  onDelta?: (text: string) => void,
): Promise<string[]> {
  const onLine = onDelta ? (line: string) => onDelta(`\n\n_${line}_`) : undefined;
  const parts: string[] = [];
  for (const { fileId, filename, proposed } of input.built) {
    const from = input.generated?.[filename];
    const code = input.blocks.find((b) => b.filename === filename)?.code;
    if (!from?.plan || code === undefined) continue;
    const bot = { projectId: input.projectId, fileId, filename, plan: from.plan, code, dependencies: input.dependencies, proposed };
    let checked = await prepareAndCheck(ctx, bot, onLine);
    const fixes: string[] = [];
    // A model fixes a new bot it built; a change waiting for Accept is the person's to judge.
    for (let round = 1; round <= MAX_FIX_ROUNDS && checked.failures && !proposed && ctx.deps.ai.kind === 'openai'; round++) {
      onLine?.(`A check failed: the AI is fixing the bot (round ${round} of ${MAX_FIX_ROUNDS})...`);
      const fixed = await fixRound(ctx, { ...bot, request: from.request, failures: checked.failures });
      if (!fixed) break;
      fixes.push(checked.failures.split('\n')[0]!.replace(/^Check failed: /, ''));
      Object.assign(bot, { plan: fixed.plan, code: fixed.code });
      checked = await prepareAndCheck(ctx, bot, onLine);
    }
    if (checked.text) parts.push(fixes.length > 0 ? `${fixesInWords(fixes, checked.failures === null)}\n\n${checked.text}` : checked.text);
  }
  return parts;
}

/** What the fix rounds did, before the last checks' report. */
function fixesInWords(fixes: string[], passed: boolean): string {
  const rounds = fixes.length === 1 ? 'one fix round' : `${fixes.length} fix rounds`;
  const failed = fixes.map((f) => `"${f}"`).join(', then ');
  return passed
    ? `**Fixed by the AI after its checks** (${rounds}, no extra credits): the file now holds the fixed code. It had failed: ${failed}.`
    : `**The AI could not fix the bot** in ${rounds} (no extra credits): the file holds its last try. It failed: ${failed}; what still fails is below.`;
}

/** One fix by the model, saved to the file with its plan; null when the model gave no usable fix. */
async function fixRound(
  ctx: ServiceCtx,
  bot: { projectId: string; fileId: string; filename: string; plan: BotPlan; code: string; request: string; failures: string },
): Promise<{ plan: BotPlan; code: string } | null> {
  const { deps, userId } = ctx;
  const prompt = [
    'The bot you built was started in Botwright\'s test chat and did not do what its plan says:',
    bot.failures,
    'Fix the bot so that every rule does what the plan says. Keep the plan\'s rules and texts; change what is wrong (usually custom code).',
  ].join('\n\n');
  let answer;
  try {
    answer = await deps.ai.modify({ code: bot.code, filename: bot.filename, prompt, generatedFrom: { request: bot.request, rendered: bot.code, plan: bot.plan } });
  } catch (err) {
    deps.log.info({ fileId: bot.fileId, reason: (err as Error).message }, 'the fix round got no answer from the model');
    return null;
  }
  if ('unsupported' in answer || !answer.generated?.plan || answer.modifiedCode === bot.code) return null;
  const generated = answer.generated;
  const w = await fileWriting(deps, userId);
  await inTransaction(deps.db, async (trx) => {
    await writeFile(trx, w, { userId, projectId: bot.projectId, filename: bot.filename, content: answer.modifiedCode, reason: 'ai_chat' });
    await savePlan(trx, deps, bot.fileId, generated);
  });
  return { plan: generated.plan!, code: answer.modifiedCode };
}

