// Slack in Python: Bolt for Python in Socket Mode (no public URL needed), "!" text commands.

import type { BotPlan } from '../plan';
import { lines, sections } from './compose';
import { describeFeatures, pyHeader, pyHelpers, pyImports, pyLogging, pySettings } from './python-common';

export function slackPython(plan: BotPlan, filename: string): string {
  const f = plan.features;
  const threads = f.has('scheduled') || f.has('reminders');

  const imports = pyImports(
    ['logging', 'os', 're', ...(threads ? ['threading'] : []), ...(f.has('scheduled') ? ['time'] : [])],
    [
      'from slack_bolt import App',
      'from slack_bolt.adapter.socket_mode import SocketModeHandler',
      threads && 'from slack_sdk.errors import SlackApiError',
      f.has('llm') && 'from openai import OpenAI',
    ],
  );

  const app = 'app = App(token=require_env("SLACK_BOT_TOKEN"))';

  const postMessage =
    threads &&
    lines(
      'def post_message(channel, text):',
      '    """Posts to a channel outside of an event (reminders, scheduled posts)."""',
      '    try:',
      '        app.client.chat_postMessage(channel=channel, text=text)',
      '        logger.info("Posted to %s: %s", channel, text)',
      '    except SlackApiError as error:',
      '        logger.error("Posting to %s failed: %s", channel, error.response["error"])',
    );

  const runCommand = lines(
    'def run_command(name, args, event, say):',
    '    """Answers a "!" command; unknown commands are left alone."""',
    '    user = event.get("user", "someone")',
    '    logger.info("!%s from %s", name, user)',
    f.has('reminders') &&
      lines(
        '    if name == "remind":',
        '        parsed = parse_reminder(args)',
        '        if parsed is None:',
        '            say(text=REMINDER_USAGE, thread_ts=event.get("thread_ts"))',
        '            return',
        '        minutes, text = parsed',
        '        reminder = "<@" + user + "> reminder: " + text',
        '        timer = threading.Timer(minutes * 60, post_message, args=(event["channel"], reminder))',
        '        timer.daemon = True',
        '        timer.start()',
        '        say(text="OK, I will remind you in " + str(minutes) + " minute(s).", thread_ts=event.get("thread_ts"))',
        '        return',
      ),
    '    reply = command_reply(name)',
    '    if reply is not None:',
    '        say(text=reply, thread_ts=event.get("thread_ts"))',
  );

  const onMessage = lines(
    '@app.event("message")',
    'def on_message(event, say, context):',
    '    """Every message in the channels the bot is in, and direct messages."""',
    '    if event.get("subtype") or event.get("bot_id"):',
    '        return  # edits, joins and other bots',
    '    text = event.get("text", "")',
    '    user = event.get("user", "someone")',
    '    logger.info("Message from %s in %s: %s", user, event.get("channel"), text)',
    '    mention = "<@" + str(context.bot_user_id) + ">"',
    f.has('moderation') &&
      lines(
        '    banned = find_banned_word(text)',
        '    if banned is not None:',
        '        logger.warning("Message from %s contains %r", user, banned)',
        '        say(text=BANNED_WORD_WARNING.replace("{name}", "<@" + user + ">"), thread_ts=event["ts"])',
        '        return',
      ),
    '    cleaned = text.replace(mention, "").strip()',
    '    command = parse_command(cleaned)',
    '    if command is not None:',
    '        run_command(command[0], command[1], event, say)',
    '        return',
    '    mentioned = event.get("channel_type") == "im" or mention in text',
    '    if REPLY_ONLY_WHEN_MENTIONED and not mentioned and keyword_reply(cleaned) is None:',
    '        return',
    '    reply = reply_to(cleaned)',
    '    if reply:',
    '        say(text=reply, thread_ts=event.get("thread_ts"))',
    '        logger.info("Replied to %s: %s", user, reply)',
  );

  const welcome =
    f.has('welcome') &&
    lines(
      '@app.event("member_joined_channel")',
      'def welcome(event, say):',
      '    """Greets people who join a channel the bot is in."""',
      '    logger.info("%s joined %s", event.get("user"), event.get("channel"))',
      '    say(text=WELCOME_MESSAGE.replace("{name}", "<@" + event.get("user", "") + ">"))',
    );

  const scheduled =
    f.has('scheduled') &&
    lines(
      'def post_regularly(channel):',
      '    """Posts SCHEDULED_POSTS in turn, one every POST_INTERVAL_MINUTES."""',
      '    index = 0',
      '    while True:',
      '        time.sleep(POST_INTERVAL_MINUTES * 60)',
      '        post_message(channel, SCHEDULED_POSTS[index % len(SCHEDULED_POSTS)])',
      '        index += 1',
    );

  const main = lines(
    'def main():',
    '    app_token = require_env("SLACK_APP_TOKEN")',
    f.has('scheduled') &&
      lines(
        '    channel = require_env("SLACK_CHANNEL_ID")',
        '    threading.Thread(target=post_regularly, args=(channel,), daemon=True).start()',
        '    logger.info("Posting to %s every %s minute(s)", channel, POST_INTERVAL_MINUTES)',
      ),
    '    logger.info("%s is starting (Socket Mode)", BOT_NAME)',
    '    SocketModeHandler(app, app_token).start()',
  );

  return `${sections(
    2,
    sections(1, pyHeader(plan, filename, describeFeatures(plan)), imports, pyLogging(plan), pySettings(plan)),
    pyHelpers(plan, { async: false, textCommands: true }),
    app,
    postMessage,
    runCommand,
    onMessage,
    welcome,
    scheduled,
    main,
    lines('if __name__ == "__main__":', '    main()'),
  )}\n`;
}
