// A generic bot in Python: a small Flask webhook (POST /message -> {"reply": ...}) that any
// service able to call a URL can talk to.

import type { BotPlan } from '../plan';
import { lines, sections } from './compose';
import { describeFeatures, pyHeader, pyHelpers, pyImports, pyLogging, pySettings } from './python-common';

export function genericPython(plan: BotPlan, filename: string): string {
  const f = plan.features;
  const outgoing = f.has('scheduled') || f.has('reminders');

  const imports = pyImports(
    ['hmac', 'logging', 'os', 're', ...(outgoing ? ['json', 'threading', 'urllib.error', 'urllib.request'] : []), ...(f.has('scheduled') ? ['time'] : [])],
    ['from flask import Flask, jsonify, request', f.has('llm') && 'from openai import OpenAI'],
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

  const answer = lines(
    'def answer(user, text):',
    '    """The JSON answer to one message."""',
    f.has('moderation') &&
      lines(
        '    banned = find_banned_word(text)',
        '    if banned is not None:',
        '        logger.warning("Message from %s contains %r", user, banned)',
        '        return {"reply": BANNED_WORD_WARNING.replace("{name}", user), "blocked": True}',
      ),
    f.has('commands') &&
      lines(
        '    command = parse_command(text)',
        '    if command is not None:',
        '        logger.info("/%s from %s", command[0], user)',
        f.has('reminders') &&
          lines(
            '        if command[0] == "remind":',
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
    '    return {"reply": reply_to(text)}',
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
    '    logger.info("Message from %s: %s", user, text)',
    '    result = answer(user, text)',
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
  );

  const scheduled =
    f.has('scheduled') &&
    lines(
      'def post_regularly():',
      '    """Sends SCHEDULED_POSTS in turn to the outgoing webhook, one every POST_INTERVAL_MINUTES."""',
      '    index = 0',
      '    while True:',
      '        time.sleep(POST_INTERVAL_MINUTES * 60)',
      '        send_outgoing(SCHEDULED_POSTS[index % len(SCHEDULED_POSTS)])',
      '        index += 1',
    );

  const main = lines(
    'def main():',
    f.has('scheduled') && '    threading.Thread(target=post_regularly, daemon=True).start()',
    f.has('scheduled') && '    logger.info("Posting every %s minute(s)", POST_INTERVAL_MINUTES)',
    '    port = int(os.getenv("PORT", "5000"))',
    '    logger.info("%s is listening on port %s: POST /message with {\\"user\\", \\"text\\"}", BOT_NAME, port)',
    '    app.run(host="0.0.0.0", port=port)',
  );

  return `${sections(
    2,
    sections(1, pyHeader(plan, filename, describeFeatures(plan)), imports, pyLogging(plan), pySettings(plan)),
    pyHelpers(plan, { async: false, textCommands: true }),
    app,
    sendOutgoing,
    authorised,
    answer,
    routes,
    scheduled,
    main,
    lines('if __name__ == "__main__":', '    main()'),
  )}\n`;
}
