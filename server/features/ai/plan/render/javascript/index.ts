// A plan rendered as a JavaScript bot: the engine (shared by every platform) and the platform's
// adapter, chosen here.
import type { BotPlan } from '../../../../../../shared/bot-plan.schema';
import { planEnv, type EnvVar } from '../env';
import { platformSetup } from '../setup';
import { planUses, type PlanUses } from '../plan-uses';
import { javascriptBotFile, type PlatformCode } from './bot-file';
import { discordPlatform } from './discord';
import { genericPlatform } from './generic';
import { slackPlatform } from './slack';
import { TELEGRAM_DEPENDENCIES, telegramCode, telegramRequires } from './telegram';
import { twitterPlatform } from './twitter';
import { whatsappPlatform } from './whatsapp';

function telegramPlatform(uses: PlanUses): PlatformCode {
  return {
    label: 'Telegram (Telegraf 4, Node.js)',
    requires: telegramRequires(uses),
    code: telegramCode(uses),
    dependencies: TELEGRAM_DEPENDENCIES,
  };
}

const PLATFORMS: Record<BotPlan['platform'], (uses: PlanUses, plan: BotPlan) => PlatformCode> = {
  telegram: telegramPlatform,
  discord: discordPlatform,
  slack: slackPlatform,
  whatsapp: whatsappPlatform,
  twitter: twitterPlatform,
  generic: genericPlatform,
};

export function renderJavascript(
  plan: BotPlan,
  options: { filename: string; custom?: Record<string, string> },
): { code: string; env: EnvVar[]; setup: string[]; dependencies: string[] } {
  const uses = planUses(plan);
  const platform = PLATFORMS[plan.platform](uses, plan);
  const facts = { env: planEnv(plan.platform, uses, 'javascript', plan.settings.values), setup: platformSetup(plan, uses) };
  const code = javascriptBotFile(plan, uses, platform, facts, options.filename, options.custom ?? {});
  return { code, ...facts, dependencies: [...platform.dependencies] };
}
