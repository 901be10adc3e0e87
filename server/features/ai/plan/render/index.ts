// The bot plan rendered as code: one bot file (and the settings and packages it needs) per language
// and platform. Both languages write the same behaviour (the engine spec), from the same built rules.
import type { BotPlan } from '../../../../../shared/bot-plan.schema';
import type { EnvVar } from './env';
import { renderJavascript } from './javascript';
import { renderPython } from './python';

export { builtRules } from './built-rules';
export { customRegionsOf } from './custom-regions';
export type { EnvVar } from './env';

export interface RenderedBot {
  code: string;
  env: EnvVar[];
  /** The steps to set the bot up on its platform (setup.ts), as its header and the assistant's answer say them. */
  setup: string[];
  dependencies: string[];
}

/**
 * The platforms whose new bots the builtin renders from a plan (the others still use its templates).
 * None on main until the switch lands with its tests (branch plan-switch).
 */
const RENDERED: ReadonlySet<BotPlan['platform']> = new Set(['telegram', 'discord', 'slack', 'whatsapp', 'twitter', 'generic']);

export function rendersPlan(platform: BotPlan['platform'], _language: BotPlan['language']): boolean {
  return RENDERED.has(platform);
}

/** `custom`: the code of the file's custom regions (customRegionsOf the file as it was), put back as written. */
export function renderPlan(plan: BotPlan, options: { filename: string; custom?: Record<string, string> }): RenderedBot {
  return plan.language === 'python' ? renderPython(plan, options) : renderJavascript(plan, options);
}
