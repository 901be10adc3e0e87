// The rendered Telegram Python files: every one compiles and reads no name it does not define (the
// repo's check, compile-batch.ts), for every kind of trigger, condition and action alone and all
// together; the file holds only the parts its rules use; RULES is the plan's built rules. Real:
// python3 (py_compile, ast). Not run: python-telegram-bot cannot be installed here.

import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { BotPlanSchema, type BotPlan, type BotPlanInput } from '../../../../../../shared/bot-plan.schema';
import { compileMany } from '../../../../../testing/compile-batch';
import { ENGINE_CASES } from '../engine-cases/cases';
import { ruleInWords } from '../../../../../../shared/bot-plan-words';
import { pythonBuiltRules, renderPython, renderPythonCore } from './index';

type RuleInput = BotPlanInput['rules'][number];

const run = promisify(execFile);
const PYTHON = existsSync('/usr/bin/python3') ? '/usr/bin/python3' : 'python3';

function plan(rules: RuleInput[], settings: Record<string, unknown> = {}): BotPlan {
  return BotPlanSchema.parse({ name: 'Test Bot', platform: 'telegram', language: 'python', rules, settings });
}

const cmd = (name: string) => ({ kind: 'command' as const, name });
const say = { kind: 'reply' as const, text: 'Hi {name}' };

/** One rule per kind of trigger, condition, action and data source. */
const ONE_OF_EACH: Record<string, RuleInput> = {
  'trigger command': { id: 'a', when: cmd('a'), do: [say] },
  'trigger keyword': { id: 'a', when: { kind: 'keyword', words: ['hi'] }, do: [say] },
  'trigger message': { id: 'a', when: { kind: 'message' }, do: [say] },
  'trigger mention': { id: 'a', when: { kind: 'mention' }, do: [say] },
  'trigger join': { id: 'a', when: { kind: 'join' }, do: [say] },
  'trigger leave': { id: 'a', when: { kind: 'leave' }, do: [say] },
  'trigger button': { id: 'a', when: { kind: 'button', id: 'b' }, do: [say] },
  'trigger reaction': { id: 'a', when: { kind: 'reaction', emoji: '👍' }, do: [say] },
  'trigger schedule times': { id: 'a', when: { kind: 'schedule', times: ['09:00'], weekdays: [1], offsetMinutes: -30 }, do: [say] },
  'trigger schedule every': { id: 'a', when: { kind: 'schedule', everyMinutes: 5 }, do: [say] },
  'trigger schedule no time': { id: 'a', when: { kind: 'schedule' }, do: [say] },
  'condition chat': { id: 'a', when: cmd('a'), if: [{ kind: 'chat', name: 'x' }], do: [say] },
  'condition admins': { id: 'a', when: cmd('a'), if: [{ kind: 'admins' }], do: [say] },
  'condition hours': { id: 'a', when: cmd('a'), if: [{ kind: 'hours', from: '09:00', to: '17:00' }], do: [say] },
  'condition threshold weather': { id: 'a', when: { kind: 'schedule', everyMinutes: 5 }, if: [{ kind: 'threshold', source: { kind: 'weather', city: 'Oslo' }, below: 0 }], do: [say] },
  'condition threshold news': { id: 'a', when: cmd('a'), if: [{ kind: 'threshold', source: { kind: 'news', feedUrl: 'https://a.b/feed' }, above: 3 }], do: [say] },
  'condition warnings': { id: 'a', when: cmd('a'), if: [{ kind: 'warnings', atLeast: 2 }], do: [say] },
  'action reply': { id: 'a', when: cmd('a'), do: [say] },
  'action replyOneOf': { id: 'a', when: cmd('a'), do: [{ kind: 'replyOneOf', texts: ['a', 'b'] }] },
  'action buttons': { id: 'a', when: cmd('a'), do: [{ kind: 'buttons', text: 'Pick', buttons: [{ id: 'x', label: 'X' }] }] },
  'action ask': { id: 'a', when: cmd('a'), do: [{ kind: 'ask', questions: ['Q?'], done: 'Done' }] },
  'action list': { id: 'a', when: cmd('a'), do: [{ kind: 'list', list: 'l', op: 'show', text: '{list}' }] },
  'action count': { id: 'a', when: cmd('a'), do: [{ kind: 'count', counter: 'c' }] },
  'action top': { id: 'a', when: cmd('a'), do: [{ kind: 'top', counter: 'c', text: '{top}' }] },
  'action quiz': { id: 'a', when: cmd('a'), do: [{ kind: 'quiz', questions: [{ question: 'Q?', answer: 'A' }], right: 'R', wrong: 'W', done: 'D' }] },
  'action convert units': { id: 'a', when: cmd('a'), do: [{ kind: 'convert', from: 'km', to: 'mi', text: '{value}' }] },
  'action convert currency': { id: 'a', when: cmd('a'), do: [{ kind: 'convert', from: 'usd', to: 'eur', text: '{value}' }] },
  'action post': { id: 'a', when: cmd('a'), do: [{ kind: 'post', text: 'P' }] },
  'action forward': { id: 'a', when: cmd('a'), do: [{ kind: 'forward' }] },
  'action react': { id: 'a', when: cmd('a'), do: [{ kind: 'react', emoji: '👍' }] },
  'action delete': { id: 'a', when: cmd('a'), do: [{ kind: 'delete' }] },
  'action warn': { id: 'a', when: cmd('a'), do: [{ kind: 'warn', text: 'W' }] },
  'action mute': { id: 'a', when: cmd('a'), do: [{ kind: 'mute', minutes: 5 }] },
  'action kick': { id: 'a', when: cmd('a'), do: [{ kind: 'kick', text: 'K' }] },
  'action ban': { id: 'a', when: cmd('a'), do: [{ kind: 'ban' }] },
  'action poll': { id: 'a', when: cmd('a'), do: [{ kind: 'poll', question: 'Q?', options: ['a', 'b'] }] },
  'action data weather': { id: 'a', when: cmd('a'), do: [{ kind: 'data', source: { kind: 'weather' } }] },
  'action data price': { id: 'a', when: cmd('a'), do: [{ kind: 'data', source: { kind: 'price', coin: 'bitcoin' } }] },
  'action data news': { id: 'a', when: cmd('a'), do: [{ kind: 'data', source: { kind: 'news', feedUrl: 'https://a.b/feed' } }] },
  'action data ai': { id: 'a', when: cmd('a'), do: [{ kind: 'data', source: { kind: 'ai', instructions: 'Be kind' } }] },
  'action data translate': { id: 'a', when: cmd('a'), do: [{ kind: 'data', source: { kind: 'translate', to: 'de' } }] },
  'action custom': { id: 'a', when: cmd('a'), do: [{ kind: 'custom', name: 'my-code', description: 'Does """things""" \\ here' }] },
};

const PLANS: Record<string, BotPlan> = {
  'no rules': plan([]),
  'every kind at once': plan(Object.values(ONE_OF_EACH).map((rule, i) => ({ ...rule, id: `r${i}` })), { timeZone: 'Europe/Berlin', unknownCommand: 'Unknown "{args}"' }),
  ...Object.fromEntries(Object.entries(ONE_OF_EACH).map(([name, rule]) => [name, plan([rule])])),
  ...Object.fromEntries(ENGINE_CASES.map((c) => [`case: ${c.name}`, BotPlanSchema.parse({ name: 'Case "bot" \\', platform: 'telegram', language: 'python', ...c.plan })])),
};

describe('the rendered Telegram Python file', () => {
  it('compiles and defines every name it reads, for each kind alone, all together and every engine case (and so does the core alone)', async () => {
    const files = Object.entries(PLANS).flatMap(([name, p]) => [
      { key: name, filename: 'telegram_bot.py', code: renderPython(p, { filename: 'telegram_bot.py' }).code },
      { key: `${name} (core)`, filename: 'telegram_bot.py', code: renderPythonCore(p, { filename: 'telegram_bot.py' }) },
    ]);
    const results = await compileMany(files);
    const failed = [...results.entries()].filter(([, complaint]) => complaint !== '');
    expect(failed).toEqual([]);
    expect(results.size).toBe(files.length);
  });

  it('holds only the parts its rules use', () => {
    const code = renderPython(plan([ONE_OF_EACH['action reply']!]), { filename: 'bot.py' }).code;
    for (const unused of ['do_list', 'urllib', 'ZoneInfo', 'random', 'CallbackQueryHandler', 'MessageReactionHandler', 'ChatPermissions', 'tick_forever', 'def tick(self):\n        """Runs', 'start_questions', 'CUSTOM_CODE', 'TelegramError']) {
      expect(code, unused).not.toContain(unused);
    }
    const all = renderPython(PLANS['every kind at once']!, { filename: 'bot.py' }).code;
    for (const used of ['do_list', 'urllib.request', 'ZoneInfo', 'random.choice', 'CallbackQueryHandler(on_button, pattern=r"^b:")', 'MessageReactionHandler(on_reaction)', 'ChatPermissions(can_send_messages=False)', 'tick_forever', 'start_questions', 'CUSTOM_CODE']) {
      expect(all, used).toContain(used);
    }
  });

  it('talks to TELEGRAM_API_BASE when set, asks for every kind of update, kicks with a ban and an unban', () => {
    const { code } = renderPython(PLANS['every kind at once']!, { filename: 'bot.py' });
    expect(code).toContain('builder = builder.base_url(f"{api_base}/bot").base_file_url(f"{api_base}/file/bot")');
    expect(code).toContain('application.run_polling(allowed_updates=Update.ALL_TYPES)');
    expect(code).toMatch(/async def kick\(self, event\):[\s\S]*?ban_chat_member[\s\S]*?unban_chat_member\(event\["chat"\], int\(event\["user"\]\), only_if_banned=True\)/);
    expect(code).toContain('member.status in ("administrator", "creator")');
    expect(code).toContain('os.getenv("TELEGRAM_CHAT_ID", "").strip() or None');
    expect(code).toContain('os.getenv("OWNER_CHAT_ID", "").strip() or None');
  });

  it('holds the same engine as the core the engine tests run', () => {
    for (const p of Object.values(PLANS)) {
      const core = renderPythonCore(p, { filename: 'bot.py' });
      const engine = core.slice(core.indexOf('# ---- The engine:'));
      expect(engine.length).toBeGreaterThan(1000);
      expect(renderPython(p, { filename: 'bot.py' }).code).toContain(engine.trimEnd());
    }
  });

  it('has RULES equal to the plan\'s built rules (no blank, nothing unsupported) and a header line for each', async () => {
    const p = plan([
      { id: 'ok', when: cmd('ok'), do: [{ kind: 'reply', text: 'Fine "quoted" \\ {name}\nnext line' }], source: 'when someone says /ok' },
      { id: 'blank', when: cmd('blank'), do: [{ kind: 'reply', text: null }] },
      { id: 'blank-deep', when: cmd('quiz'), do: [{ kind: 'quiz', questions: [{ question: 'Q', answer: null }], right: 'R', wrong: 'W', done: 'D' }] },
      { id: 'no', when: cmd('no'), do: [say], unsupported: 'Telegram cannot' },
      { id: 'later', when: { kind: 'keyword', words: ['a'] }, if: [{ kind: 'hours', from: '09:00', to: '10:00' }], do: [say, { kind: 'count', counter: 'c' }] },
    ]);
    expect(pythonBuiltRules(p).map((r) => r.id)).toEqual(['ok', 'later']);
    const { code } = renderPython(p, { filename: 'bot.py' });
    const script = 'import ast, json, sys\nfor node in ast.parse(sys.stdin.read()).body:\n    if isinstance(node, ast.Assign) and node.targets[0].id == "RULES":\n        print(json.dumps(ast.literal_eval(node.value)))';
    const child = run(PYTHON, ['-c', script], { timeout: 20_000 });
    child.child.stdin!.end(code);
    expect(JSON.parse((await child).stdout)).toEqual(pythonBuiltRules(p));
    // The plan card's words (ruleInWords), one line per built rule, backslashes doubled for the docstring.
    expect(code).toContain(`- When someone sends /ok: reply 'Fine "quoted" \\\\ {name} / next line'\n- ${ruleInWords(pythonBuiltRules(p)[1]!, p)}\n(3 rule(s)`);
  });

  it('lists the environment it reads and python-telegram-bot as its dependency', () => {
    const bare = renderPython(plan([ONE_OF_EACH['action reply']!]), { filename: 'bot.py' });
    expect(bare.env.map((e) => [e.name, e.required])).toEqual([
      ['TELEGRAM_BOT_TOKEN', true],
      ['TELEGRAM_API_BASE', false],
      ['LOG_LEVEL', false],
    ]);
    expect(bare.dependencies).toEqual(['python-telegram-bot']);
    const all = renderPython(PLANS['every kind at once']!, { filename: 'bot.py' });
    expect(all.env.filter((e) => e.required).map((e) => e.name)).toEqual(['TELEGRAM_BOT_TOKEN', 'OPENAI_API_KEY', 'TELEGRAM_CHAT_ID', 'OWNER_CHAT_ID']);
    expect(all.env.map((e) => e.name)).toEqual(expect.arrayContaining(['TELEGRAM_CHAT_ID', 'OWNER_CHAT_ID', 'DATA_FILE', 'OPENAI_BASE_URL', 'OPENAI_MODEL']));
    for (const e of all.env) expect(all.code).toContain(e.name);
  });
});
