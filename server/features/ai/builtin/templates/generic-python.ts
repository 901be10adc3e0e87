// A generic bot in Python: a small Flask webhook (POST /message -> {"reply": ...}) that any
// service able to call a URL can talk to.

import type { BotPlan } from '../plan';
import { usesModel } from './behaviour-kinds';
import { hasBehaviourCommands } from './behaviours-python';
import { pyStartJobs } from './behaviours-python-time';
import { code, lines, sections } from './compose';
import { describeFeatures } from './describe';
import { pyHeader, pyHelpers, pyImports, pyLogging, pySettings, type PyOptions } from './python-common';

export function genericPython(plan: BotPlan, filename: string): string {
  const f = plan.features;
  const outgoing = f.has('scheduled') || f.has('reminders') || f.has('news');
  const behaviours = hasBehaviourCommands(plan);
  const mutes = f.has('moderation') && plan.warnLimit > 0;
  const options: PyOptions = { async: false, textCommands: true, menu: 'json', filename };
  const remind = plan.commands.remind ?? 'remind';

  const imports = pyImports(
    ['hmac', 'logging', 'os', 're', ...(outgoing ? ['json', 'threading', 'urllib.error', 'urllib.request'] : []), ...(mutes ? ['time'] : [])],
    ['from flask import Flask, jsonify, request', usesModel(plan) && 'from openai import OpenAI'],
    { plan, options },
  );

  const app = 'app = Flask(__name__)';

  const sendOutgoing =
    outgoing &&
    lines(
      'def send_outgoing(text):',
      '    """Sends a message to OUTGOING_WEBHOOK_URL as JSON {"text": ...}; only logs it when that is not set."""',
      '    url = os.getenv("OUTGOING_WEBHOOK_URL", "")',
      '    if not url:',
      '        logger.info("Outgoing message (set OUTGOING_WEBHOOK_URL to deliver it): %s", text)',
      '        return',
      '    body = json.dumps({"bot": BOT_NAME, "text": text}).encode()',
      '    outgoing = urllib.request.Request(url, data=body, headers={"Content-Type": "application/json"}, method="POST")',
      '    try:',
      '        with urllib.request.urlopen(outgoing, timeout=15) as response:',
      '            logger.info("Sent to the outgoing webhook (HTTP %s): %s", response.status, text)',
      '    except (urllib.error.URLError, OSError) as error:',
      '        logger.error("Outgoing webhook failed: %s", error)',
    );

  const authorised = lines(
    'def authorised():',
    '    """True when WEBHOOK_SECRET is not set, or the caller sent it in the X-Webhook-Secret header."""',
    '    secret = os.getenv("WEBHOOK_SECRET", "")',
    '    given = request.headers.get("X-Webhook-Secret", "")',
    '    return not secret or hmac.compare_digest(given.encode(), secret.encode())',
  );

  const muted =
    mutes &&
    code`
muted_until = {}  # person -> when their mute ends (time.monotonic())


def is_muted(user):
    """True while the person is muted (too many warnings)."""
    return muted_until.get(user, 0) > time.monotonic()`;

  const answer = lines(
    'def answer(sender, text):',
    '    """The JSON answer to one message."""',
    '    user = sender.user',
    mutes && '    if is_muted(user):',
    mutes && '        return {"reply": None, "muted": True, "blocked": True}',
    f.has('moderation') &&
      lines(
        '    banned = find_banned_word(text)',
        '    if banned is not None:',
        '        logger.warning("Message from %s contains %r", user, banned)',
        mutes
          ? lines(
              '        count = add_warning(sender)',
              '        if must_mute(count):',
              '            muted_until[user] = time.monotonic() + MUTE_MINUTES * 60',
              '            logger.info("Muted %s for %s minute(s)", user, MUTE_MINUTES)',
              '            return {"reply": mute_text(sender), "blocked": True, "muted": True}',
              '        return {"reply": warning_text(sender, count), "blocked": True}',
            )
          : '        return {"reply": BANNED_WORD_WARNING.replace("{name}", user), "blocked": True}',
      ),
    f.has('commands') &&
      lines(
        '    command = parse_command(text)',
        '    if command is not None:',
        behaviours &&
          lines(
            '        if command[0] in BEHAVIOUR_COMMANDS:',
            '            result = run_behaviour(command[0], command[1], sender)',
            '            if isinstance(result, dict):',
            '                return {"reply": result["text"], "menu": result["menu"]}',
            '            return {"reply": result}',
          ),
        '        logger.info("/%s from %s", command[0], user)',
        f.has('reminders') &&
          lines(
            `        if command[0] == "${remind}":`,
            '            parsed = parse_reminder(command[1])',
            '            if parsed is None:',
            '                return {"reply": REMINDER_USAGE}',
            '            minutes, reminder = parsed',
            '            timer = threading.Timer(minutes * 60, send_outgoing, args=("Reminder for " + user + ": " + reminder,))',
            '            timer.daemon = True',
            '            timer.start()',
            '            return {"reply": "OK, I will remind you in " + str(minutes) + " minute(s)."}',
          ),
        '        reply = command_reply(command[0])',
        '        return {"reply": reply if reply is not None else help_text()}',
      ),
    f.has('counter') && '    count_message(sender)',
    '    return {"reply": reply_to(text, sender)}',
  );

  const routes = lines(
    '@app.get("/health")',
    'def health():',
    '    return jsonify(status="ok", bot=BOT_NAME)',
    '',
    '',
    '@app.post("/message")',
    'def message():',
    '    """Receives {"user": "...", "text": "..."} and answers {"reply": "..."}."""',
    '    if not authorised():',
    '        logger.warning("Rejected a call without the right X-Webhook-Secret")',
    '        return jsonify(error="Unauthorized"), 401',
    '    data = request.get_json(silent=True) or {}',
    '    text = str(data.get("text", "")).strip()',
    '    user = str(data.get("user", "someone"))',
    '    if not text:',
    '        return jsonify(error="Send JSON like {\\"user\\": \\"ann\\", \\"text\\": \\"hello\\"}"), 400',
    '    sender = Sender(str(data.get("chat") or "webhook"), user, user)  # polls are kept per chat',
    '    logger.info("Message from %s: %s", user, text)',
    '    result = answer(sender, text)',
    '    logger.info("Reply to %s: %s", user, result["reply"])',
    '    return jsonify(result)',
    f.has('welcome') &&
      lines(
        '',
        '',
        '@app.post("/join")',
        'def join():',
        '    """Receives {"user": "..."} when someone new arrives and answers the welcome message."""',
        '    if not authorised():',
        '        return jsonify(error="Unauthorized"), 401',
        '    data = request.get_json(silent=True) or {}',
        '    user = str(data.get("user", "there"))',
        '    logger.info("New user: %s", user)',
        '    return jsonify(reply=WELCOME_MESSAGE.replace("{name}", user))',
      ),
    f.has('goodbye') &&
      lines(
        '',
        '',
        '@app.post("/leave")',
        'def leave():',
        '    """Receives {"user": "..."} when someone leaves and answers the goodbye message."""',
        '    if not authorised():',
        '        return jsonify(error="Unauthorized"), 401',
        '    data = request.get_json(silent=True) or {}',
        '    user = str(data.get("user", "there"))',
        '    logger.info("User left: %s", user)',
        '    return jsonify(reply=GOODBYE_MESSAGE.replace("{name}", user))',
      ),
  );

  const main = lines(
    'def main():',
    (f.has('scheduled') || f.has('news')) && pyStartJobs(plan, false, 'send_outgoing'),
    '    port = int(os.getenv("PORT", "5000"))',
    '    logger.info("%s is listening on port %s: POST /message with {\\"user\\", \\"text\\"}", BOT_NAME, port)',
    '    app.run(host="0.0.0.0", port=port)',
  );

  return `${sections(
    2,
    sections(1, pyHeader(plan, filename, describeFeatures(plan)), imports, pyLogging(plan), pySettings(plan)),
    pyHelpers(plan, options),
    app,
    sendOutgoing,
    authorised,
    muted,
    answer,
    routes,
    main,
    lines('if __name__ == "__main__":', '    main()'),
  )}\n`;
}
