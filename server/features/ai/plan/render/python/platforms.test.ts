// The rendered Python files of every platform: for each rule kind the platform can do alone, all of
// them together, no rules and hostile texts, each compiles, reads no name it does not define and
// uses every top-level name it defines (compile-batch.ts + a check here); each file holds what its
// platform needs (settings, intents, events, the slash commands...), read from the text. Real:
// python3 (py_compile, ast). Not run: discord.py, slack_bolt and tweepy cannot be installed here
// (generic.test.ts and whatsapp.test.ts run the Flask bots).

import { describe, expect, it } from 'vitest';
import { BotPlanSchema, type BotPlan, type BotPlanInput } from '../../../../../../shared/bot-plan.schema';
import { markUnsupported } from '../../../../../../shared/bot-plan-platforms';
import { compileMany } from '../../../../../testing/compile-batch';
import { renderPlan } from '../index';
import { EVERY_KIND } from '../plans.fixture';
import { PYTHON_PLATFORMS, renderPython } from './index';

type RuleInput = Omit<BotPlanInput['rules'][number], 'id'>;
type Platform = BotPlan['platform'];

const PLATFORMS = ['discord', 'slack', 'whatsapp', 'twitter', 'generic'] as const;

function plan(platform: Platform, rules: RuleInput[], extra: Partial<BotPlanInput> = {}): BotPlan {
  return markUnsupported(BotPlanSchema.parse({ name: 'Test Bot', platform, language: 'python', rules: rules.map((r, i) => ({ id: `r${i + 1}`, ...r })), ...extra }));
}

/** Beside EVERY_KIND: the kinds it leaves out (a `message` rule with always, whole keywords, hours on weekdays, a warning count, any reaction). */
const MORE_KINDS: RuleInput[] = [
  { when: { kind: 'message', always: true }, do: [{ kind: 'count', counter: 'messages', per: 'chat' }] },
  { when: { kind: 'keyword', words: ['hi', 'hello there'], whole: true }, if: [{ kind: 'hours', from: '09:00', to: '17:00', weekdays: [0, 4] }], do: [{ kind: 'reply', text: 'Hi {name}: {text}' }] },
  { when: { kind: 'command', name: 'warned' }, if: [{ kind: 'warnings', atLeast: 1 }], do: [{ kind: 'reply', text: 'You have warnings' }] },
  { when: { kind: 'reaction' }, do: [{ kind: 'react', emoji: '🎉' }] },
  { when: { kind: 'schedule', everyMinutes: 5 }, if: [{ kind: 'threshold', source: { kind: 'weather', city: 'Oslo' }, below: 0 }], do: [{ kind: 'reply', text: 'Cold: {value}' }] },
];
const ALL_KINDS = [...EVERY_KIND, ...MORE_KINDS];

const HOSTILE: RuleInput[] = [
  { when: { kind: 'keyword', words: ['it\'s """ \\ {x} \u2028'] }, do: [{ kind: 'reply', text: '""" \'\'\' \\n {y} \n\\' }] },
  { when: { kind: 'command', name: 'menu' }, do: [{ kind: 'buttons', text: 'Pick """', buttons: [{ id: 'a-1', label: 'A """ \\' }, { id: 'b', label: 'B' }, { id: 'c', label: 'C' }, { id: 'd', label: 'D' }] }] },
  { when: { kind: 'button', id: 'a-1' }, do: [{ kind: 'reply', text: '\\"' }] },
];

/** Rules posting in a named channel: a schedule (with a reply and a post) and a command's post; each alone too. */
const NAMED: RuleInput[] = [
  { when: { kind: 'schedule', times: ['09:00'] }, channel: 'hall-of-fame', do: [{ kind: 'reply', text: 'Stars of the week' }, { kind: 'post', text: 'Vote now' }] },
  { when: { kind: 'command', name: 'star' }, channel: 'hall-of-fame', do: [{ kind: 'post', text: '{name} starred: {args}' }, { kind: 'reply', text: 'Starred' }] },
];
const SCHEDULE_IN_NAMED: RuleInput = { when: { kind: 'schedule', everyMinutes: 60 }, channel: 'news', do: [{ kind: 'reply', text: 'Hourly news' }] };

/** Names the file defines at its top level (functions, classes, constants) that it never uses again. */
function unusedNames(code: string): string[] {
  const defined = [...code.matchAll(/^(?:async def |def |class )(\w+)|^(\w+) = /gm)].map((m) => m[1] ?? m[2]!);
  return defined.filter((name) => name !== '__name__' && code.match(new RegExp(`\\b${name}\\b`, 'g'))!.length < 2);
}

interface Case {
  key: string;
  platform: Platform;
  plan: BotPlan;
}

const CASES: Case[] = PLATFORMS.flatMap((platform) => [
  ...ALL_KINDS.filter((rule) => !plan(platform, [rule]).rules[0]!.unsupported).map((rule, i) => ({ key: `${platform}: kind ${i} ${JSON.stringify(rule.when)} ${rule.do.map((a) => a.kind).join(',')}`, platform, plan: plan(platform, [rule]) })),
  { key: `${platform}: every kind`, platform, plan: plan(platform, ALL_KINDS, { settings: { timeZone: 'Europe/Berlin', prefix: '/', unknownCommand: 'No "{args}"' } }) },
  { key: `${platform}: every kind, prefix !`, platform, plan: plan(platform, ALL_KINDS, { settings: { timeZone: 'UTC', prefix: '!' } }) },
  { key: `${platform}: no rules`, platform, plan: plan(platform, []) },
  { key: `${platform}: hostile texts`, platform, plan: plan(platform, HOSTILE, { name: 'Bob\'s """ bot \\ \n' }) },
  { key: `${platform}: named channels`, platform, plan: plan(platform, [...NAMED, SCHEDULE_IN_NAMED]) },
  { key: `${platform}: a post in a named channel`, platform, plan: plan(platform, [NAMED[1]!]) },
  { key: `${platform}: a schedule in a named channel`, platform, plan: plan(platform, [SCHEDULE_IN_NAMED]) },
]);

const rendered = new Map<Case, string>();
const code = (c: Case) => rendered.get(c) ?? rendered.set(c, renderPython(c.plan, { filename: `${c.platform}_bot.py` }).code).get(c)!;

describe('the rendered Python files of Discord, Slack, WhatsApp, X and the HTTP webhook', () => {
  it('compile and define every name they read: each kind the platform can do alone, all together, none, hostile texts', async () => {
    const results = await compileMany(CASES.map((c) => ({ key: c.key, filename: `${c.platform}_bot.py`, code: code(c) })));
    expect([...results.entries()].filter(([, complaint]) => complaint !== '')).toEqual([]);
    expect(results.size).toBe(CASES.length);
  }, 120_000); // some 300 files, with a test file beside it

  it('use every top-level name they define (so do the Telegram files)', () => {
    for (const c of CASES) expect(unusedNames(code(c)), c.key).toEqual([]);
    const telegram = plan('telegram', ALL_KINDS);
    expect(unusedNames(renderPython(telegram, { filename: 'bot.py' }).code)).toEqual([]);
  });

  it('leave out the rules the platform cannot do, and the code for them', () => {
    const every = (platform: Platform) => renderPython(plan(platform, ALL_KINDS), { filename: 'bot.py' }).code;
    expect(every('generic')).not.toMatch(/async def (mute|kick|ban|delete_message)\(/);
    expect(every('twitter')).not.toMatch(/async def (mute|kick|ban|delete_message)\(|when\["kind"\] == "(button|reaction)"/);
    expect(every('whatsapp')).not.toMatch(/async def (mute|kick|ban|delete_message)\(|when\["kind"\] == "(join|leave)"/);
    expect(every('slack')).not.toMatch(/async def (mute|ban|delete_message)\(/);
    const bare = renderPython(plan('discord', [{ when: { kind: 'command', name: 'hi' }, do: [{ kind: 'reply', text: 'Hi' }] }]), { filename: 'bot.py' }).code;
    for (const part of ['on_interaction', 'on_raw_reaction_add', 'on_member_join', 'intents.members', 'tick_forever', 'member_of', 'discord.Poll']) expect(bare, part).not.toContain(part);
  });

  it('are what renderPlan gives for Python on every platform, with each platform\'s packages', () => {
    expect(PYTHON_PLATFORMS).toEqual(['telegram', 'discord', 'slack', 'whatsapp', 'twitter', 'generic']);
    const packages = Object.fromEntries(PYTHON_PLATFORMS.map((p) => [p, renderPlan(plan(p, []), { filename: 'bot.py' }).dependencies]));
    expect(packages).toEqual({
      telegram: ['python-telegram-bot'],
      discord: ['discord.py'],
      slack: ['slack_bolt', 'aiohttp'],
      whatsapp: ['flask', 'requests'],
      twitter: ['tweepy'],
      generic: ['flask'],
    });
    for (const p of PLATFORMS) expect(renderPlan(plan(p, EVERY_KIND), { filename: 'bot.py' }).code).toBe(renderPython(plan(p, EVERY_KIND), { filename: 'bot.py' }).code);
  });

  it('list the settings each platform reads, all of them read in the file', () => {
    const names = (p: Platform, rules: RuleInput[]) => renderPython(plan(p, rules), { filename: 'bot.py' }).env.map((e) => [e.name, e.required]);
    const reply: RuleInput[] = [{ when: { kind: 'command', name: 'hi' }, do: [{ kind: 'reply', text: 'Hi' }] }];
    expect(names('discord', reply)).toEqual([['DISCORD_BOT_TOKEN', true], ['LOG_LEVEL', false]]);
    expect(names('slack', reply)).toEqual([['SLACK_BOT_TOKEN', true], ['SLACK_APP_TOKEN', true], ['LOG_LEVEL', false]]);
    expect(names('whatsapp', reply)).toEqual([
      ['WHATSAPP_TOKEN', true], ['WHATSAPP_PHONE_NUMBER_ID', true], ['WHATSAPP_VERIFY_TOKEN', true], ['WHATSAPP_APP_SECRET', false], ['LOG_LEVEL', false], ['PORT', false], ['HOST', false],
    ]);
    expect(names('twitter', reply)).toEqual([['TWITTER_API_KEY', true], ['TWITTER_API_SECRET', true], ['TWITTER_ACCESS_TOKEN', true], ['TWITTER_ACCESS_SECRET', true], ['LOG_LEVEL', false]]);
    expect(names('generic', reply)).toEqual([['WEBHOOK_SECRET', false], ['LOG_LEVEL', false], ['PORT', false], ['HOST', false]]);
    const posts: RuleInput[] = [{ when: { kind: 'schedule', times: ['09:00'] }, do: [{ kind: 'post', text: 'Morning' }] }, { when: { kind: 'command', name: 'x' }, if: [{ kind: 'admins' }], do: [{ kind: 'forward' }] }];
    expect(names('discord', posts).map(([n]) => n)).toEqual(['DISCORD_BOT_TOKEN', 'DISCORD_CHANNEL_ID', 'OWNER_CHAT_ID', 'DATA_FILE', 'LOG_LEVEL']);
    expect(names('slack', posts).map(([n]) => n)).toContain('SLACK_CHANNEL_ID');
    expect(names('whatsapp', posts).map(([n]) => n)).toContain('WHATSAPP_RECIPIENTS');
    expect(names('twitter', posts).map(([n]) => n)).toContain('OWNER_CHAT_ID');
    expect(names('generic', posts).map(([n]) => n)).toEqual(expect.arrayContaining(['POST_WEBHOOK_URL', 'OWNER_CHAT_ID']));
    expect(names('generic', [{ when: { kind: 'command', name: 'x' }, if: [{ kind: 'admins' }], do: [{ kind: 'reply', text: 'ok' }] }]).map(([n]) => n)).toContain('OWNER_CHAT_ID');
    for (const p of PLATFORMS) {
      const rendered = renderPython(plan(p, ALL_KINDS), { filename: 'bot.py' });
      for (const e of rendered.env) expect(rendered.code, `${p} reads ${e.name}`).toContain(`"${e.name}"`);
    }
  });
});

describe('what each platform\'s file holds', () => {
  const every = (p: Platform, extra: Partial<BotPlanInput> = {}) => renderPython(plan(p, ALL_KINDS, extra), { filename: `${p}_bot.py` }).code;

  it('Discord: the intents, text commands with the plan\'s prefix, buttons, raw reactions, timeouts, permissions, the owner by DM', () => {
    const code = every('discord', { settings: { timeZone: 'UTC', prefix: '!' } });
    expect(code).toContain('import discord');
    expect(code).toContain('intents.message_content = True');
    expect(code).toContain('intents.members = True');
    expect(code).toContain('"prefix": "!"');
    expect(code).toContain('custom_id="b:" + button["id"]');
    expect(code).toMatch(/async def on_interaction\(interaction\):[\s\S]*?custom_id\.startswith\("b:"\)[\s\S]*?buttonId=custom_id\[2:\]/);
    expect(code).toContain('async def on_raw_reaction_add(payload):');
    expect(code).toContain('async def on_member_join(member):');
    expect(code).toContain('async def on_member_remove(member):');
    expect(code).toContain('await member.timeout(timedelta(minutes=minutes)');
    expect(code).toContain('await member.kick(');
    expect(code).toContain('await member.ban(');
    expect(code).toContain('permissions.administrator or permissions.manage_guild');
    expect(code).toContain('if not hasattr(discord, "Poll"):');
    expect(code).toContain('poll.add_answer(text=option[:55])');
    expect(code).toContain('client.user in message.mentions');
    expect(code).toContain('os.getenv("DISCORD_CHANNEL_ID", "").strip() or None');
    expect(code).toMatch(/async def owner\(self\):[\s\S]*?OWNER_CHAT_ID[\s\S]*?create_dm\(\)/);
    expect(code).toContain('client.run(token, log_handler=None)');
    expect(code).toContain('background_tasks.add(asyncio.create_task(tick_forever(engine)))');
    expect(code).toContain('Server Members intent');
  });

  it('Slack: Socket Mode, slash commands registered only when commands start with "/", app_mention, Block Kit buttons, reactions by name, kick', () => {
    const slash = every('slack', { settings: { timeZone: 'UTC', prefix: '/' } });
    expect(slash).toContain('from slack_bolt.async_app import AsyncApp');
    expect(slash).toContain('await handler.start_async()');
    expect(slash).toContain('app.command("/" + name)(on_slash_command)');
    expect(slash).toMatch(/async def on_slash_command\(ack, command\):\n\s+"""[^\n]*"""\n\s+await ack\(\)/);
    const slashLine = /Create the slash commands [^\n]*/.exec(slash)?.[0] ?? '';
    for (const name of ['/apply', '/ask', '/btc', '/ctof', '/de', '/drop']) expect(slashLine).toContain(name);
    expect(slash).toContain('scopes chat:write');
    expect(slash).toContain('commands');
    const bang = every('slack', { settings: { timeZone: 'UTC', prefix: '!' } });
    expect(bang).not.toContain('app.command(');
    expect(bang).not.toContain('slash commands');
    for (const code of [slash, bang]) {
      expect(code).toContain('@app.event("app_mention")');
      expect(code).toContain('@app.event("member_joined_channel")');
      expect(code).toContain('@app.event("member_left_channel")');
      expect(code).toContain('@app.event("reaction_added")');
      expect(code).toContain('@app.action(re.compile(r"^b:"))');
      expect(code).toContain('"action_id": "b:" + button["id"]');
      expect(code).toContain('conversations_kick(channel=event["chat"], user=event["user"])');
      expect(code).toContain('"👍": "+1"');
      expect(code).toContain('os.getenv("SLACK_CHANNEL_ID", "").strip() or None');
      expect(code).toContain('numbered("📊 " + question, options)');
    }
  });

  it('Discord and Slack find a named channel by name, only for a plan whose rules post in one; the others post in the configured channel', () => {
    const named = (p: Platform) => renderPython(plan(p, NAMED), { filename: `${p}_bot.py` }).code;
    const discord = named('discord');
    expect(discord).toContain('    async def channel_named(self, name):');
    expect(discord).toContain('for channel in self.client.get_all_channels():');
    expect(discord).toContain('isinstance(channel, discord.TextChannel) and channel.name.lower() == wanted and channel.permissions_for(channel.guild.me).view_channel');
    expect(discord).toContain('- The rules post in #hall-of-fame: the bot finds each text channel by name');
    const slack = named('slack');
    expect(slack).toContain('import time');
    expect(slack).toContain('self.channel_ids = {}');
    expect(slack).toContain('await self.app.client.conversations_list(types="public_channel", exclude_archived=True, limit=1000, cursor=cursor)');
    expect(slack).toContain('if wanted not in self.channel_ids and time.monotonic() - self.channels_read >= 60:');
    expect(slack).toContain('- The rules post in #hall-of-fame: the bot finds each public channel by name (invite it there too)');
    for (const code of [discord, slack]) {
      expect(code).toContain('    async def channel_for(self, rule):');
      expect(code).toContain('        chat = await self.target("channel", rule)');
    }
    for (const p of ['whatsapp', 'twitter', 'generic'] as const) {
      expect(named(p), p).toContain('    async def channel_for(self, rule):');
      expect(named(p), p).not.toContain('def channel_named(');
    }
    for (const p of ['discord', 'slack'] as const) expect(every(p)).not.toMatch(/channel_named|channel_for|channel_ids|import time/);
  });

  it('WhatsApp: the verify token, the signature check, reply buttons (numbered beyond 3), reactions both ways, the recipients', () => {
    const code = every('whatsapp');
    expect(code).toContain('hub.verify_token');
    expect(code).toContain('X-Hub-Signature-256');
    expect(code).toContain('"type": "button", "body"');
    expect(code).toContain('if buttons and len(buttons) <= 3 and len(text) <= 1024 and all(len(button["label"]) <= 20 for button in buttons):');
    expect(code).toContain('button = pressed(adapter.offered.get(message["from"]), text)');
    expect(code).toContain('{"type": "reaction", "reaction": {"message_id": message_id, "emoji": emoji}}');
    expect(code).toContain('if kind == "reaction" and message["reaction"].get("emoji"):');
    expect(code).toContain('for number in [number.strip().lstrip("+") for number in chat.split(",") if number.strip()]:');
    expect(code).toContain('GRAPH_API = "https://graph.facebook.com/v21.0"');
  });

  it('X: mentions polled with tweepy, the bot\'s @name taken out, replies under the mention, likes, posts, X polls, DMs to the owner', () => {
    const code = every('twitter');
    expect(code).toContain('import tweepy');
    expect(code).toContain('client.get_users_mentions');
    expect(code).toContain('"mentioned": True');
    expect(code).toContain('"text": mention_text(tweet.text, own_name),');
    expect(code).toContain('re.sub(r"^(\\s*@\\w+)+", "", own_name.sub("", text)).strip()');
    expect(code).toContain('in_reply_to_tweet_id=self.answering.id');
    expect(code).toContain('self.client.like, event["raw"].id');
    expect(code).toContain('create_direct_message, participant_id=int(chat)');
    expect(code).toContain('poll_options=[option[:25] for option in options[:4]], poll_duration_minutes=1440');
    expect(code).toContain('return TIMELINE');
    expect(code).toContain('consumer_key=require_env("TWITTER_API_KEY")');
  });
});
