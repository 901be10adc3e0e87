// A plan rendered as a JavaScript bot: the engine (shared by every platform) and the platform's
// adapter. Telegram first; the other platforms come later.
import type { BotPlan } from '../../../../../../shared/bot-plan.schema';
import type { EnvVar } from '../env';
import { planUses } from '../plan-uses';
import { javascriptBotFile } from './bot-file';
import { TELEGRAM_DEPENDENCIES, telegramCode, telegramEnv, telegramRequires } from './telegram';

export function renderJavascript(plan: BotPlan, options: { filename: string; custom?: Record<string, string> }): { code: string; env: EnvVar[]; dependencies: string[] } {
  const uses = planUses(plan);
  if (plan.platform !== 'telegram') throw new Error(`JavaScript rendering for ${plan.platform} is not built yet`);
  const platform = {
    label: 'Telegram (Telegraf 4, Node.js)',
    requires: telegramRequires(uses),
    code: telegramCode(uses),
    env: telegramEnv(uses),
    dependencies: TELEGRAM_DEPENDENCIES,
  };
  const code = javascriptBotFile(plan, uses, platform, options.filename, options.custom ?? {});
  return { code, env: platform.env, dependencies: [...platform.dependencies] };
}
