// Slack in Python: Bolt for Python in Socket Mode (no public URL needed), "!" text commands.

import type { BotPlan } from '../plan';
import { usesModel } from './behaviour-kinds';
import { hasBehaviourCommands } from './behaviours-python';
import { pyStartJobs } from './behaviours-python-time';
import { code, lines, sections } from './compose';
import { describeFeatures } from './describe';
import { pyHeader, pyHelpers, pyImports, pyLogging, pySettings, type PyOptions } from './python-common';

export function slackPython(plan: BotPlan, filename: string): string {
  const f = plan.features;
  const posts = f.has('scheduled') || f.has('reminders') || f.has('news');
  const behaviours = hasBehaviourCommands(plan);
  const options: PyOptions = { async: false, textCommands: true, menu: 'buttons', filename };
  const remind = plan.commands.remind ?? 'remind';

  const imports = pyImports(
    ['logging', 'os', 're', ...(f.has('reminders') ? ['threading'] : [])],
    [
      'from slack_bolt import App',
      'from slack_bolt.adapter.socket_mode import SocketModeHandler',
      posts && 'from slack_sdk.errors import SlackApiError',
      usesModel(plan) && 'from openai import OpenAI',
    ],
    { plan, options },
  );

  const app = 'app = App(token=require_env("SLACK_BOT_TOKEN"))';

  const postMessage =
    posts &&
    lines(
      'def post_message(channel, text):',
      '    """Posts to a channel outside of an event (reminders, scheduled posts)."""',
      '    try:',
      '        app.client.chat_postMessage(channel=channel, text=text)',
      '        logger.info("Posted to %s: %s", channel, text)',
      '    except SlackApiError as error:',
      '        logger.error("Posting to %s failed: %s", channel, error.response["error"])',
    );

  const answers =
    behaviours &&
    sections(
      2,
      lines(
        'def send_answer(say, event, answer):',
        `    """Sends what a behaviour answered: a text${f.has('menu') ? ', or the menu with its buttons' : ''}."""`,
        f.has('menu') && '    if isinstance(answer, dict) and "menu" in answer:',
        f.has('menu') && '        say(text=answer["text"], blocks=menu_blocks(), thread_ts=event.get("thread_ts"))',
        `    ${f.has('menu') ? 'elif' : 'if'} answer:`,
        '        say(text=answer, thread_ts=event.get("thread_ts"))',
      ),
      f.has('menu') &&
        code`
def menu_blocks():
    """MENU_TITLE and one button per item of MENU (Slack shows at most 25)."""
    buttons = [
        {"type": "button", "text": {"type": "plain_text", "text": item["label"][:75]}, "action_id": "menu_" + str(index), "value": str(index)}
        for index, item in enumerate(MENU[:25])
    ]
    return [{"type": "section", "text": {"type": "plain_text", "text": MENU_TITLE}}, {"type": "actions", "elements": buttons}]


@app.action(re.compile(r"^menu_\d+$"))
def menu_pressed(ack, action, body, say):
    """A press on a menu button: answered with the item's reply."""
    ack()
    index = int(action["value"])
    if index < len(MENU):
        logger.info("Menu %r from %s", MENU[index]["label"], body["user"]["id"])
        say(text=MENU[index]["reply"])`,
    );

  const runCommand = lines(
    'def run_command(name, args, event, say):',
    '    """Answers a "!" command; unknown commands are left alone."""',
    '    user = event.get("user", "someone")',
    behaviours && '    if name in BEHAVIOUR_COMMANDS:',
    behaviours && '        sender = Sender(event.get("channel", ""), user, "<@" + user + ">")',
    behaviours && '        send_answer(say, event, run_behaviour(name, args, sender))',
    behaviours && '        return',
    '    logger.info("!%s from %s", name, user)',
    f.has('reminders') &&
      lines(
        `    if name == "${remind}":`,
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
    '    sender = Sender(event.get("channel", ""), user, "<@" + user + ">")',
    '    logger.info("Message from %s in %s: %s", user, event.get("channel"), text)',
    '    mention = "<@" + str(context.bot_user_id) + ">"',
    f.has('moderation') &&
      lines(
        '    banned = find_banned_word(text)',
        '    if banned is not None:',
        '        logger.warning("Message from %s contains %r", user, banned)',
        '        say(text=BANNED_WORD_WARNING.replace("{name}", sender.name), thread_ts=event["ts"])',
        '        return',
      ),
    '    cleaned = text.replace(mention, "").strip()',
    '    command = parse_command(cleaned)',
    '    if command is not None:',
    '        run_command(command[0], command[1], event, say)',
    '        return',
    f.has('counter') && '    count_message(sender)',
    '    mentioned = event.get("channel_type") == "im" or mention in text',
    '    if REPLY_ONLY_WHEN_MENTIONED and not mentioned and keyword_reply(cleaned) is None:',
    '        return',
    '    reply = reply_to(cleaned, sender)',
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

  const goodbye =
    f.has('goodbye') &&
    code`
@app.event("member_left_channel")
def goodbye(event, say):
    """Says goodbye when someone leaves a channel the bot is in."""
    logger.info("%s left %s", event.get("user"), event.get("channel"))
    say(text=GOODBYE_MESSAGE.replace("{name}", "<@" + event.get("user", "") + ">"))`;

  const jobs = f.has('scheduled') || f.has('news');
  const startJobs =
    jobs &&
    (f.has('scheduled')
      ? lines(
          '    channel = require_env("SLACK_CHANNEL_ID")',
          '',
          '    def send(text):',
          '        app.client.chat_postMessage(channel=channel, text=text)',
          '',
          pyStartJobs(plan, false, 'send'),
          '    logger.info("Posting to %s", channel)',
        )
      : lines(
          '    channel = os.getenv("SLACK_CHANNEL_ID", "").strip()',
          '',
          '    def send(text):',
          '        app.client.chat_postMessage(channel=channel, text=text)',
          '',
          '    if channel:',
          pyStartJobs(plan, false, 'send', '        '),
          '        logger.info("Posting new headlines to %s every %s minute(s)", channel, NEWS_INTERVAL_MINUTES)',
          '    else:',
          `        logger.info("SLACK_CHANNEL_ID is not set: new headlines are not posted (!${plan.commands.news} still shows them)")`,
        ));

  const main = lines(
    'def main():',
    '    app_token = require_env("SLACK_APP_TOKEN")',
    startJobs,
    '    logger.info("%s is starting (Socket Mode)", BOT_NAME)',
    '    SocketModeHandler(app, app_token).start()',
  );

  return `${sections(
    2,
    sections(1, pyHeader(plan, filename, describeFeatures(plan)), imports, pyLogging(plan), pySettings(plan)),
    pyHelpers(plan, options),
    app,
    postMessage,
    answers,
    runCommand,
    onMessage,
    welcome,
    goodbye,
    main,
    lines('if __name__ == "__main__":', '    main()'),
  )}\n`;
}
