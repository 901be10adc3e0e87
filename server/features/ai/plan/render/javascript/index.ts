// A plan rendered as a JavaScript bot: the engine (shared by every platform) and the platform's
// adapter, chosen here.
import type { BotPlan } from '../../../../../../shared/bot-plan.schema';
import type { EnvVar } from '../env';
import { planUses, type PlanUses } from '../plan-uses';
import { javascriptBotFile, type PlatformCode } from './bot-file';
import { discordPlatform } from './discord';
import { genericPlatform } from './generic';
import { slackPlatform } from './slack';
import { TELEGRAM_DEPENDENCIES, telegramCode, telegramEnv, telegramRequires } from './telegram';
import { twitterPlatform } from './twitter';
import { whatsappPlatform } from './whatsapp';

function telegramPlatform(uses: PlanUses): PlatformCode {
  return {
    label: 'Telegram (Telegraf 4, Node.js)',
    requires: telegramRequires(uses),
    code: telegramCode(uses),
    env: telegramEnv(uses),
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

export function renderJavascript(plan: BotPlan, options: { filename: string; custom?: Record<string, string> }): { code: string; env: EnvVar[]; dependencies: string[] } {
  const uses = planUses(plan);
  const platform = PLATFORMS[plan.platform](uses, plan);
  const code = javascriptBotFile(plan, uses, platform, options.filename, options.custom ?? {});
  return { code, env: platform.env, dependencies: [...platform.dependencies] };
}
