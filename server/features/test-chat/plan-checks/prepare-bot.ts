// What the server does by itself once the assistant has built a Telegram bot from a plan: installs
// its packages into the bot's volume (skipped when they are there), starts it in test mode and runs
// the plan checks, then says what happened in words for the assistant's reply: "Checked in the test
// chat: 7 of 7" and the exchanges behind a fold, or each failing check with what came back. Checks
// that all pass are kept as the bot's saved chats, which later changes are checked against. Free:
// no credits are spent on any of it.
import type { ServiceCtx } from '../../../trpc';
import type { BotPlan } from '../../../../shared/bot-plan.schema';
import { CHECKS_FENCE } from '../../../../shared/code-blocks';
import { installDependencies } from '../../runner/dependencies/installer';
import { packagesNotInstalled } from '../../runner/dependencies/installed-packages';
import { replyProblems } from '../../ai/reply-check';
import { planChecks, type SkippedCheck } from './checks-of-plan';
import { runPlanChecks, type CheckResult } from './run-checks';
import { replaySavedOn, storeSavedChat } from '../saved-chats';
import type { TranscriptStep } from '../transcript';
import type { TestChatKind, TestChatResult } from '../../../../shared/test-chat.schema';

export type PrepareInput = {
  projectId: string;
  fileId: string;
  filename: string;
  plan: BotPlan;
  /** The file's code, checked by reading when it cannot be run. */
  code: string;
  /** The packages the bot needs (the assistant's answer names them). */
  dependencies: string[];
  /** A change the assistant proposes to a saved bot: `code` is checked in a run of its own, before Accept. */
  proposed?: boolean;
};

/**
 * What the checks found: `text`, the reply's part about them ('' when there is nothing to say);
 * `failures`, when the bot ran and did not do what its plan says (or did not start), the failing
 * exchanges and the bot's error lines, in words a model can fix the bot from.
 */
export type Checked = { text: string; failures: string | null };

/** Prepares and checks the bot; `onLine` hears each step as it starts. */
export async function prepareAndCheck(ctx: ServiceCtx, input: PrepareInput, onLine?: (line: string) => void): Promise<Checked> {
  if (input.plan.platform !== 'telegram') return { text: '', failures: null };
  const { checks, skipped } = planChecks(input.plan);
  const notRun = async (why: string, failures: string | null = null) => ({ text: await notRunReport(ctx, input, why, skipped), failures });
  if (checks.length === 0) return notRun('none of its rules can be tried in the test chat');

  const missing = await packagesNotInstalled(ctx.deps, input.projectId, input.plan.language === 'python' ? 'pip' : 'npm', input.dependencies);
  if (missing.length > 0) {
    onLine?.(`Installing ${missing.join(', ')}...`);
    try {
      await installDependencies(ctx, { command: input.plan.language === 'python' ? 'pip install' : 'npm install', dependencies: missing, projectId: input.projectId });
    } catch (err) {
      const why = (err as Error).message;
      return notRun(`its packages could not be installed (${why.length > 300 ? `${why.slice(0, 297)}...` : why})`);
    }
  }
  onLine?.(`Starting the bot in test mode and checking ${checks.length} ${checks.length === 1 ? 'rule' : 'rules'}...`);
  // Again now that the packages are in: a schedule's moments are the next ones after the bot starts.
  const checksNow = planChecks(input.plan, Date.now()).checks;
  const run = await runPlanChecks(ctx, { fileId: input.fileId, filename: input.filename, checks: checksNow, ...(input.proposed ? { content: input.code } : {}) });
  if ('notStarted' in run) return notRun(`it did not start: ${run.notStarted}`, `The bot did not start in the test chat: ${run.notStarted}`);
  const failed = run.results.filter((r) => !r.passed);
  // A new bot's checks that all passed are its first saved chats: 'Run tests' and later changes replay them.
  if (!input.proposed && failed.length === 0) await keepAsSavedChats(ctx, input.fileId, run.transcripts);
  const failures =
    failed.length === 0
      ? null
      : [
          ...failed.flatMap((r) => [`Check failed: ${r.words}`, ...r.lines.map((l) => `  ${l}`)]),
          ...(run.errors.length ? ['The bot printed these errors:', ...run.errors.map((l) => `  ${l}`)] : []),
        ].join('\n');
  const text = report(run.results, skipped, input.filename, input.proposed);
  // A change is also held against the bot's saved chats (its first checks among them), as 'Check with
  // saved chats' does: what it answers differently from before is shown before Accept.
  const replayed = input.proposed ? await replaySavedOn(ctx, { fileId: input.fileId, content: input.code }) : null;
  return { text: replayed ? `${text}\n\n${replayInWords(replayed)}` : text, failures };
}

/** The saved chats replayed on a change: how many answer as before, and where the others differ. */
function replayInWords(results: TestChatResult[]): string {
  const same = results.filter((r) => r.passed).length;
  const head = `**Saved chats, replayed on the change: ${same} of ${results.length} answer as before.**`;
  const differ = results.filter((r) => !r.passed).map((r) => {
    const at = r.expected.findIndex((answer, i) => answer !== r.actual[i]);
    const i = at < 0 ? Math.min(r.expected.length, r.actual.length) : at;
    return `- "${r.name}": it answered "${short(r.expected[i] ?? '(nothing)')}", now "${short(r.actual[i] ?? '(nothing)')}"`;
  });
  return [head, ...differ].join('\n');
}

const short = (text: string) => (text.length > 120 ? `${text.slice(0, 117)}...` : text).replace(/\n/g, ' / ');

/** Names of the saved chats the checks leave, by chat. */
export const CHECKS_SAVED_AS: Record<TestChatKind, string> = { private: 'Checked by the assistant', group: 'Checked by the assistant (group)' };

async function keepAsSavedChats(ctx: ServiceCtx, fileId: string, transcripts: Record<TestChatKind, TranscriptStep[]>): Promise<void> {
  for (const chat of ['private', 'group'] as const) {
    if (transcripts[chat].length === 0) continue;
    // Past the person's storage or the saved chats a file may have, the checks are simply not kept.
    await storeSavedChat(ctx, { fileId, name: CHECKS_SAVED_AS[chat], chat, steps: transcripts[chat] }).catch((err: Error) =>
      ctx.deps.log.info({ fileId, reason: err.message }, 'the plan checks were not kept as a saved chat'),
    );
  }
}

/** The summary, visible, then every check's exchange in a fold the builder opens on demand. */
export function report(results: CheckResult[], skipped: SkippedCheck[], filename: string, proposed = false): string {
  const passed = results.filter((r) => r.passed).length;
  const failed = results.filter((r) => !r.passed);
  const checked = `**Checked in the test chat${proposed ? ', before you accept' : ''}: ${passed} of ${results.length}.**`;
  const summary =
    failed.length === 0
      ? `${checked} ${proposed ? 'The change does what its plan says.' : 'The bot is running in test mode: open Test chat to try it.'}`
      : `${checked} ${failed.length === 1 ? 'This check failed' : 'These checks failed'}:\n${failed
          .map((r) => `- ${r.words}: ${r.lines.at(-1)}`)
          .join('\n')}`;
  const body = [
    ...results.flatMap((r) => [`${r.passed ? '✓' : '✗'} ${r.words}`, ...r.lines.map((l) => `  ${l}`)]),
    ...skipped.map(notChecked),
  ];
  return `${summary}\n\n\`\`\`${CHECKS_FENCE} ${filename}\n${body.join('\n')}\n\`\`\``;
}

/** Why the bot was not run, and what reading its code found instead. */
async function notRunReport(ctx: ServiceCtx, input: PrepareInput, why: string, skipped: SkippedCheck[]): Promise<string> {
  const problems = await replyProblems(ctx.deps, [{ filename: input.filename, language: input.plan.language, code: input.code }]);
  const read =
    problems.length === 0
      ? 'Its code was checked instead: it parses, and everything it imports can be installed.'
      : `Reading its code found: ${problems.slice(0, 5).join('; ')}`;
  const fold = skipped.length > 0 ? `\n\n\`\`\`${CHECKS_FENCE} ${input.filename}\n${skipped.map(notChecked).join('\n')}\n\`\`\`` : '';
  return `**Not checked in the test chat${input.proposed ? ' (the change)' : ''}:** ${why}. ${read}${fold}`;
}

const notChecked = (s: SkippedCheck) => `– Not checked: ${s.words} (${s.reason})`;
