// Slack in JavaScript: Bolt for JavaScript in Socket Mode (no public URL needed), "!" text commands.

import type { BotPlan } from '../plan';
import { usesModel } from './behaviour-kinds';
import { jsBehaviourRequires, jsHasBehaviourCommands } from './behaviours-javascript';
import { jsStartJobs } from './behaviours-javascript-time';
import { code, lines, sections } from './compose';
import { describeFeatures } from './describe';
import { jsHeader, jsHelpers, jsRequires, jsSettings, jsStartOrExit } from './javascript-common';

export function slackJavascript(plan: BotPlan, filename: string): string {
  const f = plan.features;
  const remind = plan.commands.remind ?? 'remind';
  const behaviours = jsHasBehaviourCommands(plan);

  const requires = jsRequires("const { App } = require('@slack/bolt');", ...jsBehaviourRequires(plan), usesModel(plan) && "const OpenAI = require('openai');");

  const app = lines(
    'const app = new App({',
    "  token: requireEnv('SLACK_BOT_TOKEN'),",
    "  appToken: requireEnv('SLACK_APP_TOKEN'),",
    '  socketMode: true,',
    '});',
  );

  const postMessage =
    (f.has('scheduled') || f.has('reminders') || f.has('news')) &&
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

  const answers =
    behaviours &&
    sections(
      1,
      lines(
        `// Sends what a behaviour answered: a text${f.has('menu') ? ', or the menu with its buttons' : ''}.`,
        'async function sendAnswer(say, message, answer) {',
        '  if (!answer) return;',
        f.has('menu') && '  if (answer.menu) return say({ text: answer.text, blocks: menuBlocks(), thread_ts: message.thread_ts });',
        '  return say({ text: answer, thread_ts: message.thread_ts });',
        '}',
      ),
      f.has('menu') &&
        code`
// MENU_TITLE and one button per item of MENU (Slack shows at most 25).
function menuBlocks() {
  const buttons = MENU.slice(0, 25).map((item, index) => ({
    type: 'button',
    text: { type: 'plain_text', text: item.label.slice(0, 75) },
    action_id: 'menu_' + index,
    value: String(index),
  }));
  return [{ type: 'section', text: { type: 'plain_text', text: MENU_TITLE } }, { type: 'actions', elements: buttons }];
}

// A press on a menu button: answered with the item's reply.
app.action(/^menu_\d+$/, async ({ ack, action, body, say }) => {
  await ack();
  const item = MENU[Number(action.value)];
  if (!item) return;
  log('Menu "' + item.label + '" from ' + body.user.id);
  await say(item.reply);
});`,
    );

  const runCommand = lines(
    '// Answers a "!" command; unknown commands are left alone.',
    'async function runCommand(name, args, message, say) {',
    behaviours && '  if (isBehaviour(name)) {',
    behaviours && "    const sender = { chat: message.channel, user: message.user, name: '<@' + message.user + '>' };",
    behaviours && '    await sendAnswer(say, message, await runBehaviour(name, args, sender));',
    behaviours && '    return;',
    behaviours && '  }',
    "  log('!' + name + ' from ' + message.user);",
    f.has('reminders') &&
      lines(
        `  if (name === '${remind}') {`,
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
    "  const sender = { chat: message.channel, user: message.user, name: '<@' + message.user + '>' };",
    "  log('Message from ' + message.user + ' in ' + message.channel + ': ' + text);",
    "  const mention = '<@' + context.botUserId + '>';",
    f.has('moderation') &&
      lines(
        '  const banned = findBannedWord(text);',
        '  if (banned !== null) {',
        "    log('Message from ' + message.user + ' contains \"' + banned + '\"');",
        "    await say({ text: BANNED_WORD_WARNING.split('{name}').join(sender.name), thread_ts: message.ts });",
        '    return;',
        '  }',
      ),
    "  const cleaned = text.split(mention).join('').trim();",
    '  const command = parseCommand(cleaned);',
    '  if (command) {',
    '    await runCommand(command.name, command.args, message, say);',
    '    return;',
    '  }',
    f.has('counter') && '  countMessage(sender);',
    "  const mentioned = message.channel_type === 'im' || text.includes(mention);",
    '  if (REPLY_ONLY_WHEN_MENTIONED && !mentioned && keywordReply(cleaned) === null) return;',
    '  const reply = await replyTo(cleaned, sender);',
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
      "  await say(WELCOME_MESSAGE.split('{name}').join('<@' + event.user + '>'));",
      '});',
    );

  const goodbye =
    f.has('goodbye') &&
    code`
// Says goodbye when someone leaves a channel the bot is in.
app.event('member_left_channel', async ({ event, say }) => {
  log(event.user + ' left ' + event.channel);
  await say(GOODBYE_MESSAGE.split('{name}').join('<@' + event.user + '>'));
});`;

  const jobs =
    (f.has('scheduled') || f.has('news')) &&
    (f.has('scheduled')
      ? lines(
          jsStartJobs(plan, '(text) => postMessage(channel, text)', '  '),
          "  log('Posting to ' + channel);",
        )
      : lines(
          '  if (channel) {',
          jsStartJobs(plan, '(text) => postMessage(channel, text)', '    '),
          "    log('Posting new headlines to ' + channel + ' every ' + NEWS_INTERVAL_MINUTES + ' minute(s)');",
          '  } else {',
          `    log('SLACK_CHANNEL_ID is not set: new headlines are not posted (!${plan.commands.news} still shows them)');`,
          '  }',
        ));

  const main = lines(
    "app.error(async (error) => logError('Error while handling an event:', error));",
    '',
    'async function main() {',
    f.has('scheduled') && "  const channel = requireEnv('SLACK_CHANNEL_ID');",
    !f.has('scheduled') && f.has('news') && "  const channel = (process.env.SLACK_CHANNEL_ID || '').trim();",
    "  log(BOT_NAME + ' is starting (Socket Mode)');",
    '  await app.start();',
    "  log(BOT_NAME + ' is connected to Slack');",
    jobs,
    '}',
    '',
    jsStartOrExit(),
  );

  return `${sections(
    1,
    jsHeader(plan, filename, describeFeatures(plan)),
    requires,
    jsSettings(plan),
    jsHelpers(plan, { textCommands: true, menu: 'buttons', filename }),
    app,
    postMessage,
    answers,
    runCommand,
    onMessage,
    welcome,
    goodbye,
    main,
  )}\n`;
}
