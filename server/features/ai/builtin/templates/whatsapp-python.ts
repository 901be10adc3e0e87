// WhatsApp in Python: a Flask webhook for the WhatsApp Cloud API, answers sent with requests.

import type { BotPlan } from '../plan';
import { usesModel } from './behaviour-kinds';
import { hasBehaviourCommands } from './behaviours-python';
import { pyStartJobs } from './behaviours-python-time';
import { lines, sections } from './compose';
import { describeFeatures } from './describe';
import { pyHeader, pyHelpers, pyImports, pyLogging, pySettings, type PyOptions } from './python-common';

export function whatsappPython(plan: BotPlan, filename: string): string {
  const f = plan.features;
  const behaviours = hasBehaviourCommands(plan);
  const options: PyOptions = { async: false, textCommands: true, menu: 'text', filename };
  const remind = plan.commands.remind ?? 'remind';

  const imports = pyImports(
    ['hashlib', 'hmac', 'logging', 'os', 're', 'threading'],
    ['import requests', 'from flask import Flask, request', usesModel(plan) && 'from openai import OpenAI'],
    { plan, options },
  );

  const setup = lines(
    'GRAPH_API = "https://graph.facebook.com/v21.0"',
    'app = Flask(__name__)',
    f.has('welcome') && 'known_contacts = set()  # numbers that already got the welcome message (until a restart)',
  );

  const sendText = lines(
    'def send_text(to, body):',
    '    """Sends a text message through the WhatsApp Cloud API."""',
    '    url = GRAPH_API + "/" + os.environ["WHATSAPP_PHONE_NUMBER_ID"] + "/messages"',
    '    payload = {"messaging_product": "whatsapp", "to": to, "type": "text", "text": {"body": body}}',
    '    try:',
    '        response = requests.post(',
    '            url, json=payload, headers={"Authorization": "Bearer " + os.environ["WHATSAPP_TOKEN"]}, timeout=15',
    '        )',
    '    except requests.RequestException as error:',
    '        logger.error("Sending to %s failed: %s", to, error)',
    '        return',
    '    if response.ok:',
    '        logger.info("Sent to %s: %s", to, body)',
    '    else:',
    '        logger.error("Sending to %s failed (%s): %s", to, response.status_code, response.text)',
  );

  const handleText = lines(
    'def handle_text(sender, name, text):',
    '    """Answers one incoming text message."""',
    '    logger.info("Message from %s (%s): %s", sender, name, text)',
    "    who = Sender(\"everyone\", sender, name)  # everyone talks in their own chat: polls are shared by all",
    f.has('welcome') &&
      lines(
        '    if sender not in known_contacts:',
        '        known_contacts.add(sender)',
        '        send_text(sender, WELCOME_MESSAGE.replace("{name}", name))',
      ),
    f.has('moderation') &&
      lines(
        '    banned = find_banned_word(text)',
        '    if banned is not None:',
        '        logger.warning("Message from %s contains %r", sender, banned)',
        '        send_text(sender, BANNED_WORD_WARNING.replace("{name}", name))',
        '        return',
      ),
    f.has('commands') &&
      lines(
        '    command = parse_command(text)',
        '    if command is not None:',
        behaviours && '        if command[0] in BEHAVIOUR_COMMANDS:',
        behaviours && '            answer = run_behaviour(command[0], command[1], who)',
        behaviours && '            if answer:',
        behaviours && '                send_text(sender, answer)',
        behaviours && '            return',
        '        logger.info("/%s from %s", command[0], sender)',
        f.has('reminders') &&
          lines(
            `        if command[0] == "${remind}":`,
            '            parsed = parse_reminder(command[1])',
            '            if parsed is None:',
            '                send_text(sender, REMINDER_USAGE)',
            '                return',
            '            minutes, reminder = parsed',
            '            timer = threading.Timer(minutes * 60, send_text, args=(sender, "Reminder: " + reminder))',
            '            timer.daemon = True',
            '            timer.start()',
            '            send_text(sender, "OK, I will remind you in " + str(minutes) + " minute(s).")',
            '            return',
          ),
        '        reply = command_reply(command[0])',
        '        send_text(sender, reply if reply is not None else help_text())',
        '        return',
      ),
    f.has('counter') && '    count_message(who)',
    '    reply = reply_to(text, who)',
    '    if reply:',
    '        send_text(sender, reply)',
  );

  const webhook = lines(
    '@app.get("/webhook")',
    'def verify_webhook():',
    '    """Meta calls this once with your verify token when you set up the webhook."""',
    '    token = request.args.get("hub.verify_token", "")',
    '    if request.args.get("hub.mode") == "subscribe" and hmac.compare_digest(token.encode(), os.environ["WHATSAPP_VERIFY_TOKEN"].encode()):',
    '        logger.info("Webhook verified")',
    '        return request.args.get("hub.challenge", ""), 200',
    '    logger.warning("Webhook verification failed: wrong verify token")',
    '    return "Forbidden", 403',
    '',
    '',
    'def signature_ok():',
    '    """Checks the X-Hub-Signature-256 header when WHATSAPP_APP_SECRET is set."""',
    '    secret = os.getenv("WHATSAPP_APP_SECRET", "")',
    '    if not secret:',
    '        return True',
    '    expected = "sha256=" + hmac.new(secret.encode(), request.get_data(), hashlib.sha256).hexdigest()',
    '    return hmac.compare_digest(expected.encode(), request.headers.get("X-Hub-Signature-256", "").encode())',
    '',
    '',
    '@app.post("/webhook")',
    'def receive_webhook():',
    '    """Receives messages; each one is answered in the background so Meta gets its 200 at once."""',
    '    if not signature_ok():',
    '        logger.warning("Rejected a webhook call with a bad signature")',
    '        return "Forbidden", 403',
    '    data = request.get_json(silent=True) or {}',
    '    for entry in data.get("entry", []):',
    '        for change in entry.get("changes", []):',
    '            value = change.get("value", {})',
    '            names = {c.get("wa_id"): c.get("profile", {}).get("name", "") for c in value.get("contacts", [])}',
    '            for message in value.get("messages", []):',
    '                sender = message.get("from", "")',
    '                if message.get("type") != "text":',
    '                    logger.info("Ignoring a %s message from %s", message.get("type"), sender)',
    '                    continue',
    '                text = message["text"]["body"]',
    '                worker = threading.Thread(target=handle_text, args=(sender, names.get(sender) or "there", text), daemon=True)',
    '                worker.start()',
    '    return "ok", 200',
  );

  const jobs = f.has('scheduled') || f.has('news');
  const scheduled =
    jobs &&
    lines(
      'def send_to_recipients(text):',
      `    """Sends a message to every number of WHATSAPP_RECIPIENTS (scheduled posts${f.has('news') ? ', new headlines' : ''})."""`,
      f.has('scheduled')
        ? '    for number in os.environ["WHATSAPP_RECIPIENTS"].split(","):'
        : '    for number in os.getenv("WHATSAPP_RECIPIENTS", "").split(","):',
      '        if number.strip():',
      '            send_text(number.strip(), text)',
    );

  const required = ['WHATSAPP_TOKEN', 'WHATSAPP_PHONE_NUMBER_ID', 'WHATSAPP_VERIFY_TOKEN', ...(f.has('scheduled') ? ['WHATSAPP_RECIPIENTS'] : [])];
  const main = lines(
    'def main():',
    `    for name in (${required.map((n) => `"${n}"`).join(', ')}):`,
    '        require_env(name)',
    jobs && f.has('scheduled') && pyStartJobs(plan, false, 'send_to_recipients'),
    jobs && !f.has('scheduled') && '    if os.getenv("WHATSAPP_RECIPIENTS", "").strip():',
    jobs && !f.has('scheduled') && pyStartJobs(plan, false, 'send_to_recipients', '        '),
    '    port = int(os.getenv("PORT", "5000"))',
    '    logger.info("%s is listening on port %s (webhook path /webhook)", BOT_NAME, port)',
    '    app.run(host="0.0.0.0", port=port)',
  );

  return `${sections(
    2,
    sections(1, pyHeader(plan, filename, describeFeatures(plan)), imports, pyLogging(plan, ['urllib3']), pySettings(plan)),
    pyHelpers(plan, options),
    setup,
    sendText,
    handleText,
    webhook,
    scheduled,
    main,
    lines('if __name__ == "__main__":', '    main()'),
  )}\n`;
}
