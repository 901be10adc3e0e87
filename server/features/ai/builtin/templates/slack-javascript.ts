// Slack in JavaScript: Bolt for JavaScript in Socket Mode (no public URL needed), "!" text commands.

import type { BotPlan } from '../plan';
import { lines, sections } from './compose';
import { describeFeatures } from './python-common';
import { jsHeader, jsHelpers, jsRequires, jsSettings } from './javascript-common';

export function slackJavascript(plan: BotPlan, filename: string): string {
  const f = plan.features;

  const requires = jsRequires("const { App } = require('@slack/bolt');", f.has('llm') && "const OpenAI = require('openai');");

  const app = lines(
    'const app = new App({',
    "  token: requireEnv('SLACK_BOT_TOKEN'),",
    "  appToken: requireEnv('SLACK_APP_TOKEN'),",
    '  socketMode: true,',
    '});',
  );

  const postMessage =
    (f.has('scheduled') || f.has('reminders')) &&
    lines(
      '// Posts to a channel outside of an event (reminders, scheduled posts).',
      'async function postMessage(channel, text) {',
      '  try {',
      '    await app.client.chat.postMessage({ channel, text });',
      "    log('Posted to ' + channel + ': ' + text);",
      '  } catch (error) {',
      "    logError('Posting to ' + channel + ' failed:', error.message);",
      '  }',
      '}',
    );

  const runCommand = lines(
    '// Answers a "!" command; unknown commands are left alone.',
    `async function runCommand(name, ${f.has('reminders') ? 'args, ' : ''}message, say) {`,
    "  log('!' + name + ' from ' + message.user);",
    f.has('reminders') &&
      lines(
        "  if (name === 'remind') {",
        '    const parsed = parseReminder(args);',
        '    if (!parsed) {',
        '      await say({ text: REMINDER_USAGE, thread_ts: message.thread_ts });',
        '      return;',
        '    }',
        "    const reminder = '<@' + message.user + '> reminder: ' + parsed.text;",
        '    setTimeout(() => postMessage(message.channel, reminder), parsed.minutes * 60 * 1000);',
        "    await say({ text: 'OK, I will remind you in ' + parsed.minutes + ' minute(s).', thread_ts: message.thread_ts });",
        '    return;',
        '  }',
      ),
    '  const reply = commandReply(name);',
    '  if (reply !== null) await say({ text: reply, thread_ts: message.thread_ts });',
    '}',
  );

  const onMessage = lines(
    '// Every message in the channels the bot is in, and direct messages.',
    'app.message(async ({ message, say, context }) => {',
    '  if (message.subtype || message.bot_id) return; // edits, joins and other bots',
    "  const text = message.text || '';",
    "  log('Message from ' + message.user + ' in ' + message.channel + ': ' + text);",
    "  const mention = '<@' + context.botUserId + '>';",
    f.has('moderation') &&
      lines(
        '  const banned = findBannedWord(text);',
        '  if (banned !== null) {',
        "    log('Message from ' + message.user + ' contains \"' + banned + '\"');",
        "    await say({ text: BANNED_WORD_WARNING.replace('{name}', '<@' + message.user + '>'), thread_ts: message.ts });",
        '    return;',
        '  }',
      ),
    "  const cleaned = text.split(mention).join('').trim();",
    '  const command = parseCommand(cleaned);',
    '  if (command) {',
    `    await runCommand(command.name, ${f.has('reminders') ? 'command.args, ' : ''}message, say);`,
    '    return;',
    '  }',
    "  const mentioned = message.channel_type === 'im' || text.includes(mention);",
    '  if (REPLY_ONLY_WHEN_MENTIONED && !mentioned && keywordReply(cleaned) === null) return;',
    '  const reply = await replyTo(cleaned);',
    '  if (reply) {',
    '    await say({ text: reply, thread_ts: message.thread_ts });',
    "    log('Replied to ' + message.user + ': ' + reply);",
    '  }',
    '});',
  );

  const welcome =
    f.has('welcome') &&
    lines(
      '// Greets people who join a channel the bot is in.',
      "app.event('member_joined_channel', async ({ event, say }) => {",
      "  log(event.user + ' joined ' + event.channel);",
      "  await say(WELCOME_MESSAGE.replace('{name}', '<@' + event.user + '>'));",
      '});',
    );

  const scheduled =
    f.has('scheduled') &&
    lines(
      'let postIndex = 0;',
      '',
      '// Posts SCHEDULED_POSTS in turn, one every POST_INTERVAL_MINUTES.',
      'function postScheduled(channel) {',
      '  const text = SCHEDULED_POSTS[postIndex % SCHEDULED_POSTS.length];',
      '  postIndex += 1;',
      '  return postMessage(channel, text);',
      '}',
    );

  const main = lines(
    "app.error(async (error) => logError('Error while handling an event:', error));",
    '',
    'async function main() {',
    f.has('scheduled') && "  const channel = requireEnv('SLACK_CHANNEL_ID');",
    "  log(BOT_NAME + ' is starting (Socket Mode)');",
    '  await app.start();',
    "  log(BOT_NAME + ' is connected to Slack');",
    f.has('scheduled') &&
      lines(
        '  setInterval(() => postScheduled(channel), POST_INTERVAL_MINUTES * 60 * 1000);',
        "  log('Posting to ' + channel + ' every ' + POST_INTERVAL_MINUTES + ' minute(s)');",
      ),
    '}',
    '',
    'main().catch((error) => {',
    "  logError('The bot stopped:', error);",
    '  process.exit(1);',
    '});',
  );

  return `${sections(
    1,
    jsHeader(plan, filename, describeFeatures(plan)),
    requires,
    jsSettings(plan),
    jsHelpers(plan, { textCommands: true }),
    app,
    postMessage,
    runCommand,
    onMessage,
    welcome,
    scheduled,
    main,
  )}\n`;
}
