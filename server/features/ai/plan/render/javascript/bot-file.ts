// A whole JavaScript bot file from a plan: the header in plain words, the settings, RULES, the
// custom code regions, the engine, then the platform's adapter. CommonJS, runs with plain `node`.
import type { BotPlan } from '../../../../../../shared/bot-plan.schema';
import { ruleInWords } from '../../../../../../shared/bot-plan-words';
import { jsString } from '../../../literals';
import { lines, sections } from '../compose';
import { regionEnd, regionStart } from '../custom-regions';
import type { EnvVar } from '../env';
import type { PlanUses } from '../plan-uses';
import { prettyJson } from '../pretty-json';
import { engineCode } from './engine';

export interface PlatformCode {
  /** How the header names it: 'Telegram (Telegraf 4)'. */
  label: string;
  requires: string;
  code: string;
  dependencies: string[];
}

/** What the file's header lists beside the rules: the settings (env.ts) and the setup steps (setup.ts). */
export interface BotFacts {
  env: EnvVar[];
  setup: string[];
}

/** A line comment's text: line breaks (which would end the comment) become spaces. */
function commentLine(text: string): string {
  return text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ');
}

function header(plan: BotPlan, uses: PlanUses, platform: PlatformCode, facts: BotFacts, filename: string): string {
  const required = facts.env.filter((e) => e.required).map((e) => e.name);
  return lines(
    "'use strict';",
    `// ${commentLine(plan.name)}: a ${platform.label} bot, written by Botwright from its plan.`,
    '//',
    '// What it does:',
    ...(uses.rules.length > 0 ? uses.rules.map((rule) => `// - ${commentLine(ruleInWords(rule, plan))}`) : ['// - Nothing yet: the plan has no finished rules.']),
    '//',
    '// Settings it reads from the environment (never written in this file):',
    ...facts.env.map((e) => `//   ${e.name}${e.required ? ' (required)' : ''}: ${commentLine(e.description)}`),
    ...(facts.setup.length > 0 ? ['//', '// Set it up:', ...facts.setup.map((step) => `// - ${commentLine(step)}`)] : []),
    '//',
    ...runIt(required, platform.dependencies, filename),
  );
}

/** 'Run it: set X, install y (npm install y), then run `node bot.js`', without the parts a bot has none of. */
function runIt(required: string[], dependencies: string[], filename: string): string[] {
  const steps = [
    required.length > 0 && `set ${required.join(', ')}`,
    dependencies.length > 0 && `install ${dependencies.join(', ')} (npm install ${dependencies.join(' ')})`,
  ].filter((step): step is string => typeof step === 'string');
  return [
    steps.length > 0 ? `// Run it: ${steps.join(', ')},` : '// Run it:',
    `// then run \`node ${commentLine(filename)}\`. To change what it says, edit the texts in RULES below.`,
  ];
}

function settings(plan: BotPlan): string {
  return lines(
    '// ==== Settings ====',
    `const BOT_NAME = ${jsString(plan.name)};`,
    '// timeZone: of hours and schedules; prefix: what commands start with; unknownCommand: the answer to a',
    '// command no rule has (none: stay silent).',
    `const SETTINGS = ${prettyJson(plan.settings)};`,
    ...(Object.keys(plan.settings.values ?? {}).length > 0
      ? ['// The settings your message gave (SETTINGS.values) count when the environment has none.', 'for (const [name, value] of Object.entries(SETTINGS.values)) if (!process.env[name]) process.env[name] = value;']
      : []),
  );
}

function rules(uses: PlanUses): string {
  return lines(
    '// ==== Rules: when <trigger> [if <conditions>] -> do <actions>, in order ====',
    '// Texts may hold {name} (the sender), {args} (what follows the command), {text} (the whole message),',
    '// {count}, {list}, {item}, {top}, {value} and {answers} (what an earlier action of the rule found).',
    `const RULES = ${prettyJson(uses.rules)};`,
  );
}

/** custom_<name>: a JavaScript name for a custom action ('-' is not allowed in one). */
export function customFunctionName(name: string): string {
  return `custom_${name.replace(/-/g, '_')}`;
}

function customRegions(uses: PlanUses, custom: Record<string, string>): string | false {
  if (uses.customNames.length === 0) return false;
  const descriptions = new Map<string, string>();
  for (const rule of uses.rules) for (const a of rule.do) if (a.kind === 'custom' && !descriptions.has(a.name)) descriptions.set(a.name, a.description);
  const regions = uses.customNames.map((name) => {
    const fn = customFunctionName(name);
    const body =
      custom[name] ??
      lines(
        descriptions.get(name) && `// ${commentLine(descriptions.get(name)!)}`,
        '// event: the message ({ chat, user, name, text, ... }); vars: {name}, {args}...; say(text) answers in the chat.',
        `async function ${fn}(event, vars, say) {`,
        `  log(${jsString(`custom code ${name} is not written yet`)});`,
        '}',
      );
    return lines(regionStart('//', name), body, regionEnd('//', name));
  });
  return sections(
    1,
    '// ==== Custom code: what the plan cannot say, written by hand (kept when the plan is rendered again) ====',
    ...regions,
    lines('const CUSTOM_CODE = {', ...uses.customNames.map((name) => `  ${jsString(name)}: ${customFunctionName(name)},`), '};'),
  );
}

const ENDING = lines(
  '// ==== Start ====',
  '// Run with `node`: the bot starts. Loaded with require() (a test of its rules), it starts nothing.',
  'if (require.main === module) {',
  '  start().catch((error) => {',
  "    logError('The bot stopped:', error);",
  '    process.exit(1);',
  '  });',
  '}',
  '',
  'module.exports = { createEngine, RULES, SETTINGS };',
);

export function javascriptBotFile(plan: BotPlan, uses: PlanUses, platform: PlatformCode, facts: BotFacts, filename: string, custom: Record<string, string>): string {
  const requires = lines(
    "const fs = require('node:fs');",
    "const path = require('node:path');",
    platform.requires,
  );
  return `${sections(1, header(plan, uses, platform, facts, filename), requires, settings(plan), rules(uses), customRegions(uses, custom), engineCode(uses), platform.code, ENDING)}\n`;
}

