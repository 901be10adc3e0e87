// The builtin's answer for a bot built from its plan: the plan first, as the card the page shows (a
// `bot-plan` block, one line per rule in plain words), then what still needs the person's words,
// what was not built or not understood, how to try it, and the file behind its fold.
import type { BotPlan } from '../../../../shared/bot-plan.schema';
import { blanksOf, ruleInWords } from '../../../../shared/bot-plan-words';
import { formatCodeBlock, formatDependencies } from '../../../../shared/code-blocks';
import type { EnvVar } from '../plan/render/env';
import type { RenderedBot } from '../plan/render';
import { PLATFORM_INFO } from './platforms';

export interface PlanReplyParts {
  plan: BotPlan;
  filename: string;
  replacing: boolean;
  notUnderstood: string[];
  env: EnvVar[];
  /** The steps to set the bot up on its platform, from the renderer (plan/render/setup.ts). */
  setup: string[];
  dependencies: string[];
}

/** The fenced block the chat shows as the plan card (plain lines for any other reader). */
export function planBlock(plan: BotPlan, filename: string): string {
  const lines = plan.rules.map((r) => `- ${ruleInWords(r, plan)}${r.unsupported ? ` (not built: ${r.unsupported})` : ''}`);
  return ['```bot-plan ' + filename, ...(lines.length > 0 ? lines : ['- (no rules yet)']), '```'].join('\n');
}

/** A few commands to send first, from the plan's built rules. */
function firstMessages(plan: BotPlan): string {
  const built = plan.rules.filter((r) => !r.unsupported && !blanksOf({ ...plan, rules: [r] }).length);
  const commands = built.flatMap((r) => (r.when.kind === 'command' ? [`\`${plan.settings.prefix}${r.when.name}\``] : []));
  const keyword = built.find((r) => r.when.kind === 'keyword')?.when;
  const examples = [...new Set(commands)].slice(0, 4);
  if (keyword?.kind === 'keyword' && keyword.words[0]) examples.push(`a message with "${keyword.words[0]}"`);
  if (examples.length === 0) return 'a message';
  return examples.length === 1 ? examples[0]! : `${examples.slice(0, -1).join(', ')} and ${examples.at(-1)}`;
}

/**
 * The line that sends a Telegram bot's owner to the test chat; the server's own checks take its place
 * when they ran (the bot is already running there, or it could not be).
 */
export const TRY_IN_TEST_CHAT = /^\*\*Try it now\*\*: press \*\*Test chat\*\* below.*$\n?/m;

function tryIt(plan: BotPlan, env: EnvVar[]): string {
  if (plan.platform === 'telegram') return `**Try it now**: press **Test chat** below (no token needed) and send ${firstMessages(plan)}.`;
  const required = env.filter((e) => e.required).map((e) => `\`${e.name}\``);
  const where = plan.platform === 'generic' ? 'to its HTTP endpoint' : `on ${PLATFORM_INFO[plan.platform].label}`;
  return `**Try it**: set ${required.join(' and ') || 'its settings'}, press **Run**, then send ${firstMessages(plan)} ${where}.`;
}

export function explainPlan(p: PlanReplyParts): string {
  const { plan, filename } = p;
  const info = PLATFORM_INFO[plan.platform];
  const languageName = plan.language === 'python' ? 'Python' : 'JavaScript (Node.js)';
  const saved = p.replacing ? `It replaces \`${filename}\` once you accept the change.` : `It is saved as \`${filename}\`.`;
  const parts: string[] = [
    `Here is **${plan.name}**, a ${info.label} bot in ${languageName}. ${saved} Its plan, in your words (edit any line, fill the blanks):`,
    '',
    planBlock(plan, filename),
  ];
  const blanks = blanksOf(plan);
  if (blanks.length > 0) {
    parts.push('', '**Needs your words** (the bot leaves these rules out until you fill them in above, or tell me here)', ...blanks.map((b) => `- ${b.label}`));
  }
  if (plan.notBuilt.length > 0) parts.push('', '**Not built**', ...plan.notBuilt.map((n) => `- "${n.words}": ${n.reason}`));
  const unsupported = plan.rules.filter((r) => r.unsupported);
  if (unsupported.length > 0 && plan.notBuilt.length === 0) parts.push('', '**Not built**', ...unsupported.map((r) => `- ${ruleInWords(r, plan)}: ${r.unsupported}`));
  if (p.notUnderstood.length > 0) {
    parts.push('', '**Not understood** (say it another way and I will add it)', ...p.notUnderstood.map((t) => `- "${t}"`));
  }
  parts.push('', tryIt(plan, p.env));
  if (plan.defaults.length > 0) parts.push('', '**Defaults I chose** (edit the plan to change them)', ...plan.defaults.map((d) => `- ${d}`));
  parts.push(
    '',
    '**Settings** (set them in the Runner under Environment Variables; never paste tokens into the code)',
    ...p.env.map((e) => `- \`${e.name}\` (${e.required ? 'required' : 'optional'}): ${e.description}`),
    '',
    `**Set it up on ${info.label}**`,
    ...p.setup.map((s, i) => `${i + 1}. ${s}`),
  );
  const install =
    p.dependencies.length === 0
      ? "It uses only Node's built-in modules: there is nothing to install."
      : `Press **Install Dependencies** (or run \`${plan.language === 'python' ? 'pip install' : 'npm install'} ${p.dependencies.join(' ')}\`).`;
  parts.push('', '**Run it**', `1. ${install}`, '2. Set the settings above.', `3. Press **Run** (or run \`${plan.language === 'python' ? 'python' : 'node'} ${filename}\`).`);
  return parts.join('\n');
}

/**
 * The whole answer for a bot rendered from its plan (the builtin's and a model's alike): the
 * explanation with its plan card, the file as saved (`code`), then the Dependencies line.
 */
export function planAnswer(p: Omit<PlanReplyParts, 'env' | 'setup' | 'dependencies'> & { bot: RenderedBot; code: string }): string {
  const { bot, code, ...parts } = p;
  return [
    explainPlan({ ...parts, env: bot.env, setup: bot.setup, dependencies: bot.dependencies }),
    '',
    formatCodeBlock({ filename: p.filename, language: p.plan.language, code }),
    ...(bot.dependencies.length > 0 ? ['', formatDependencies(bot.dependencies)] : []),
  ].join('\n');
}
