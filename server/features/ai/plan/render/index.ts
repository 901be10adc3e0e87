// The bot plan rendered as code: one bot file (and the settings and packages it needs) per language
// and platform. Both languages write the same behaviour (the engine spec), from the same built rules.
import type { BotPlan } from '../../../../../shared/bot-plan.schema';
import type { EnvVar } from './env';
import { renderJavascript } from './javascript';

export { builtRules } from './built-rules';
export { customRegionsOf } from './custom-regions';
export type { EnvVar } from './env';

export interface RenderedBot {
  code: string;
  env: EnvVar[];
  dependencies: string[];
}

/** `custom`: the code of the file's custom regions (customRegionsOf the file as it was), put back as written. */
export function renderPlan(plan: BotPlan, options: { filename: string; custom?: Record<string, string> }): RenderedBot {
  if (plan.language === 'python') throw new Error('Python rendering is not built yet');
  return renderJavascript(plan, options);
}
