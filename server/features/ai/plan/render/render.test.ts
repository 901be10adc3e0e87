// The renderer as a whole: which rules are built, every rendered file compiles (node --check, in one
// batch), only the helpers a plan uses are written (every name the file defines is used), the
// header says each rule in words, and the custom regions are read back and kept.
import { describe, expect, it } from 'vitest';
import { PLAN_PLATFORMS, type BotPlan } from '../../../../../shared/bot-plan.schema';
import { compileMany } from '../../../../testing/compile-batch';
import { builtRules, customRegionsOf, renderPlan } from './index';
import { unusedNames } from './javascript/names-check.harness';
import { EVERY_KIND, newPlan } from './plans.fixture';

describe('builtRules', () => {
  it('leaves out rules with a blank, unsupported rules, polls without options and schedules without a moment', () => {
    const plan = newPlan([
      { when: { kind: 'command', name: 'ok' }, do: [{ kind: 'reply', text: 'fine' }] },
      { when: { kind: 'command', name: 'blank' }, do: [{ kind: 'reply', text: null }] },
      { when: { kind: 'command', name: 'deep' }, do: [{ kind: 'quiz', questions: [{ question: 'Q?', answer: null }], right: 'y', wrong: 'n', done: 'd' }] },
      { when: { kind: 'command', name: 'news' }, do: [{ kind: 'data', source: { kind: 'news', feedUrl: null } }] },
      { when: { kind: 'command', name: 'no' }, do: [{ kind: 'reply', text: 'x' }], unsupported: 'not on Telegram' },
      { when: { kind: 'command', name: 'poll' }, do: [{ kind: 'poll', question: 'Lunch?', options: [] }] },
      { when: { kind: 'command', name: 'ask' }, do: [{ kind: 'poll', question: null, fromArgument: true }] },
      { when: { kind: 'schedule' }, do: [{ kind: 'post', text: 'never' }] },
    ]);
    expect(builtRules(plan).map((r) => r.when.kind === 'command' && r.when.name)).toEqual(['ok', 'ask']);
  });
});

describe('rendered JavaScript files', () => {
  const single = EVERY_KIND.map((rule, i) => ({ key: `rule ${i}: ${JSON.stringify(rule.when)}`, plan: newPlan([rule]) }));
  const cases = [
    ...single,
    { key: 'every kind', plan: newPlan(EVERY_KIND, { settings: { timeZone: 'Europe/Berlin', prefix: '!', unknownCommand: "I don't know that, {name}" } }) },
    { key: 'no rules', plan: newPlan([]) },
    { key: 'odd texts', plan: newPlan([{ when: { kind: 'keyword', words: ["it's */ `${x}` \\ \u2028"] }, do: [{ kind: 'reply', text: "*/ '\" `${y}` \n\\" }] }], { name: "Bob's */ bot\nline" }) },
  ].map((c) => ({ ...c, code: renderPlan(c.plan, { filename: 'bot.js' }).code }));

  it('every one compiles (node --check)', async () => {
    const results = await compileMany(cases.map((c) => ({ key: c.key, filename: 'bot.js', code: c.code })));
    for (const c of cases) expect(results.get(c.key), c.key).toBe('');
  });

  it('defines only what it uses: each helper, constant and require is used', () => {
    for (const c of cases) expect(unusedNames(c.code), c.key).toEqual([]);
  });

  it('writes only the parts of the rules it has', () => {
    const reply = renderPlan(newPlan([{ when: { kind: 'command', name: 'hi' }, do: [{ kind: 'reply', text: 'Hello' }] }]), { filename: 'bot.js' }).code;
    for (const part of ['fetch', 'changeList', 'conversationOf', 'withinHours', 'timesDue', 'Markup', 'keywordMatches', 'message_reaction', 'setInterval']) expect(reply).not.toContain(part);
    const every = cases.find((c) => c.key === 'every kind')!.code;
    for (const part of ['fetchText', 'changeList', 'conversationOf', 'withinHours', 'timesDue', 'everyDue', 'Markup', 'keywordMatches', "'message_reaction'", 'setInterval(tick, 20000)']) expect(every).toContain(part);
  });

  it('opens with what the bot does, one line per rule in words, then the settings and RULES as JSON', () => {
    const plan = newPlan([
      { when: { kind: 'command', name: 'price' }, do: [{ kind: 'reply', text: 'Bread is 3 euros' }] },
      { when: { kind: 'schedule', times: ['21:00'], weekdays: [3], offsetMinutes: -30 }, if: [{ kind: 'chat', name: 'games' }], do: [{ kind: 'post', text: 'Game night soon' }] },
      { when: { kind: 'command', name: 'later' }, do: [{ kind: 'reply', text: null }] },
    ]);
    const { code, env, dependencies } = renderPlan(plan, { filename: 'bot.js' });
    // The plan card's words (ruleInWords), one line per built rule.
    expect(code).toContain("// - When someone sends /price: reply 'Bread is 3 euros'\n// - 30 minutes before Thursday 21:00, only in #games: post 'Game night soon' to the channel\n//\n");
    expect(code).not.toContain('later');
    expect(code).toContain('const RULES = [\n  {\n    "id": "r1",\n    "when": { "kind": "command", "name": "price" },');
    expect(env.map((e) => e.name)).toEqual(['TELEGRAM_BOT_TOKEN', 'TELEGRAM_CHAT_ID', 'DATA_FILE', 'TELEGRAM_API_BASE']);
    expect(dependencies).toEqual(['telegraf']);
  });

  it('keeps the custom regions when rendered again (// and # comments read alike)', () => {
    const plan = newPlan([{ when: { kind: 'command', name: 'magic' }, do: [{ kind: 'custom', name: 'magic-trick', description: 'Does a trick' }] }]);
    const first = renderPlan(plan, { filename: 'bot.js' }).code;
    const regions = customRegionsOf(first);
    expect(regions['magic-trick']).toContain("log('custom code magic-trick is not written yet');");
    const edited = first.replace("log('custom code magic-trick is not written yet');", "await say('Abracadabra');");
    const again = renderPlan(plan, { filename: 'bot.js', custom: customRegionsOf(edited) }).code;
    expect(again).toBe(edited);
    const python = '# ---- custom code: greet (kept when the plan is rendered again) ----\ndef custom_greet(event, vars, say):\n    pass\n# ---- end of custom code: greet ----\n';
    expect(customRegionsOf(python)).toEqual({ greet: 'def custom_greet(event, vars, say):\n    pass' });
    expect(customRegionsOf('// ---- custom code: open (kept when the plan is rendered again) ----\nnever closed')).toEqual({});
  });

  it('renders Python through its own renderer; JavaScript renders every platform with its own library', () => {
    expect(renderPlan(newPlan([], { language: 'python' }), { filename: 'bot.py' }).dependencies).toEqual(['python-telegram-bot']);
    const dependencies = (platform: BotPlan['platform']) => renderPlan(newPlan([], { platform }), { filename: 'bot.js' }).dependencies;
    expect(PLAN_PLATFORMS.map(dependencies)).toEqual([['telegraf'], ['discord.js'], ['@slack/bolt'], ['express'], ['twitter-api-v2'], []]);
  });
});

describe('one list of settings and setup steps for both languages', () => {
  const ECHO = [{ when: { kind: 'message' as const }, do: [{ kind: 'reply' as const, text: '{text}' }] }];
  const both = (platform: BotPlan['platform'], rules: Parameters<typeof newPlan>[0]) =>
    (['javascript', 'python'] as const).map((language) => renderPlan(newPlan(rules, { platform, language }), { filename: 'bot' }));

  it.each(PLAN_PLATFORMS)('%s: the same settings (Python adds LOG_LEVEL) and the same steps, from what the rules use', (platform) => {
    for (const rules of [ECHO, EVERY_KIND]) {
      const [js, py] = both(platform, rules);
      expect(py!.env.filter((e) => e.name !== 'LOG_LEVEL')).toEqual(js!.env);
      expect(py!.setup).toEqual(js!.setup);
      expect(js!.setup.length).toBeGreaterThan(0);
      for (const step of js!.setup.slice(0, 1)) {
        expect(js!.code).toContain(step.slice(0, 40));
        expect(py!.code).toContain(step.slice(0, 40));
      }
    }
  });

  it.each(PLAN_PLATFORMS)('%s: an echo bot reads no channel, owner or data file; a bot that posts requires its channel and owner', (platform) => {
    for (const bot of both(platform, ECHO)) {
      for (const name of ['OWNER_CHAT_ID', 'DATA_FILE', 'OPENAI_API_KEY', 'TELEGRAM_CHAT_ID', 'DISCORD_CHANNEL_ID', 'SLACK_CHANNEL_ID', 'WHATSAPP_RECIPIENTS', 'POST_WEBHOOK_URL']) {
        // A read: process.env.X, requireEnv('X'), os.getenv("X"), require_env("X").
        expect(bot.code).not.toMatch(new RegExp(`process\\.env\\.${name}|requireEnv\\('${name}'|getenv\\("${name}"|require_env\\("${name}"`));
        expect(bot.env.map((e) => e.name)).not.toContain(name);
      }
    }
    const posting = [
      { when: { kind: 'schedule' as const, times: ['09:00'] }, do: [{ kind: 'post' as const, text: 'Morning' }] },
      { when: { kind: 'command' as const, name: 'tell' }, do: [{ kind: 'post' as const, to: 'owner' as const, text: '{args}' }] },
    ];
    for (const bot of both(platform, posting)) {
      const required = bot.env.filter((e) => e.required).map((e) => e.name);
      if (platform !== 'twitter') expect(required).toContain({ telegram: 'TELEGRAM_CHAT_ID', discord: 'DISCORD_CHANNEL_ID', slack: 'SLACK_CHANNEL_ID', whatsapp: 'WHATSAPP_RECIPIENTS', generic: 'POST_WEBHOOK_URL' }[platform]);
      if (platform !== 'generic') expect(required).toContain('OWNER_CHAT_ID');
      expect(bot.env.map((e) => e.name)).toContain('DATA_FILE'); // schedule times remember what they ran
    }
  });
});
