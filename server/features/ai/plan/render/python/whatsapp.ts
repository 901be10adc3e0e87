// The WhatsApp part of a rendered Python bot (the Cloud API's webhook on Flask, as the builtin's
// template: verify token, signature check; answers sent with requests): texts, reply-button presses
// and reactions become events; the adapter sends texts, reply buttons and reactions.

import { code, lines, sections } from '../compose';
import { channelAndOwner, dataFileLine, LOOP_THREAD, NUMBERED, platformCode, PRESSED, type PyPlatform, REQUIRE_ENV, requiredChecks, TICK_FOREVER } from './platform';
import type { Usage } from './usage';

/** send() with buttons: up to three as reply buttons, more as numbered lines a reply of a number or label presses. */
const SEND_WITH_BUTTONS = code`
            if buttons and len(buttons) <= 3 and len(text) <= 1024 and all(len(button["label"]) <= 20 for button in buttons):
                # reply buttons; a press comes back with the id "b:<id>"
                choices = [{"type": "reply", "reply": {"id": "b:" + button["id"], "title": button["label"]}} for button in buttons]
                message = {"type": "interactive", "interactive": {"type": "button", "body": {"text": text}, "action": {"buttons": choices}}}
            elif buttons:  # more than 3 (or too long for reply buttons): numbered lines; a reply of a number or a label is a press
                self.offered[number] = buttons
                body = numbered(text, [button["label"] for button in buttons]) + "\n(Reply with the number or the name.)"
                message = {"type": "text", "text": {"body": body[:4096]}}
            else:
                self.offered.pop(number, None)  # numbered buttons hold until the bot says something else in the chat
                message = {"type": "text", "text": {"body": text[:4096]}}
            await asyncio.to_thread(send_message, number, message)`;

const REACT = code`

    async def react(self, event, emoji):
        """A reaction to the message (or to the one the event reacted to)."""
        raw = event["raw"]
        message_id = raw["reaction"]["message_id"] if raw.get("type") == "reaction" else raw.get("id")
        await asyncio.to_thread(send_message, event["chat"], {"type": "reaction", "reaction": {"message_id": message_id, "emoji": emoji}})`;

const IS_ADMIN = code`

    async def is_admin(self, event):
        """WhatsApp chats have no admins: the owner (OWNER_CHAT_ID) is the admin ("+49 170 123" is 49170123)."""
        owner = "".join(c for c in os.getenv("OWNER_CHAT_ID", "") if c.isdigit())
        return bool(owner) and "".join(c for c in event["user"] if c.isdigit()) == owner`;

const SEND_MESSAGE = code`
def send_message(to, message):
    """Sends one message through the WhatsApp Cloud API (a text, buttons, a reaction); logs a failure."""
    url = GRAPH_API + "/" + os.environ["WHATSAPP_PHONE_NUMBER_ID"] + "/messages"
    payload = {"messaging_product": "whatsapp", "to": to, **message}
    try:
        response = requests.post(url, json=payload, headers={"Authorization": "Bearer " + os.environ["WHATSAPP_TOKEN"]}, timeout=15)
    except requests.RequestException as error:
        logger.error("Sending to %s failed: %s", to, error)
        return
    if response.ok:
        logger.info("Sent to %s: %s", to, json.dumps(message, ensure_ascii=False)[:300])
    else:
        logger.error("Sending to %s failed (%s): %s", to, response.status_code, response.text)`;

const EVENT_OF = code`
def event_of(kind, message, name, text, **more):
    """An event for the engine: WhatsApp chats are one to one, so every message is to the bot."""
    return {
        "type": kind,
        "chat": message["from"],
        "chatName": None,
        "user": message["from"],
        "name": name,
        "text": text,
        "mentioned": True,
        "raw": message,
        **more,
    }`;

const SIGNATURE_OK = code`
def signature_ok():
    """Checks the X-Hub-Signature-256 header when WHATSAPP_APP_SECRET is set."""
    secret = os.getenv("WHATSAPP_APP_SECRET", "")
    if not secret:
        return True
    expected = "sha256=" + hmac.new(secret.encode(), request.get_data(), hashlib.sha256).hexdigest()
    return hmac.compare_digest(expected.encode(), request.headers.get("X-Hub-Signature-256", "").encode())`;

/** events_of(): a press of a reply button. */
const BUTTON_PRESS = code`
    reply = (message.get("interactive") or {}).get("button_reply") or {}
    if kind == "interactive" and reply.get("id", "").startswith("b:"):
        return event_of("button", message, name, reply.get("title", ""), buttonId=reply["id"][2:])`;

/** events_of(): a reaction. */
const REACTION = code`
    if kind == "reaction" and message["reaction"].get("emoji"):  # no emoji: a reaction taken back
        return event_of("reaction", message, name, "", emoji=message["reaction"]["emoji"])`;

/** connect(): Meta's verification of the webhook, and the messages it brings. */
const ROUTES = code`
def connect(app, engine, adapter, loop):
    """The webhook: Meta's verification, then each message becomes an event, handled in the engine's loop."""

    @app.get("/webhook")
    def verify_webhook():
        """Meta calls this once with your verify token when you set up the webhook."""
        token = request.args.get("hub.verify_token", "")
        if request.args.get("hub.mode") == "subscribe" and hmac.compare_digest(token.encode(), os.environ["WHATSAPP_VERIFY_TOKEN"].encode()):
            logger.info("Webhook verified")
            return request.args.get("hub.challenge", ""), 200
        logger.warning("Webhook verification failed: wrong verify token")
        return "Forbidden", 403

    @app.post("/webhook")
    def receive_webhook():
        """Messages: each is handled in the background, so Meta gets its 200 at once."""
        if not signature_ok():
            logger.warning("Rejected a webhook call with a bad signature")
            return "Forbidden", 403
        data = request.get_json(silent=True) or {}
        for entry in data.get("entry", []):
            for change in entry.get("changes", []):
                value = change.get("value", {})
                names = {contact.get("wa_id"): contact.get("profile", {}).get("name", "") for contact in value.get("contacts", [])}
                for message in value.get("messages", []):
                    event = events_of(message, names.get(message.get("from")) or "there", adapter)
                    if event is None:
                        logger.info("Ignoring a %s message from %s", message.get("type"), message.get("from"))
                        continue
                    logger.info("%s from %s: %s", event["type"], event["name"], event["text"] or event.get("emoji", ""))
                    asyncio.run_coroutine_threadsafe(engine.handle(event), loop)
        return "ok", 200`;

function adapter(u: Usage): string {
  const a = u.actions;
  const buttons = a.has('buttons');
  return lines(
    'class WhatsAppAdapter:',
    '    """What the engine calls to act on WhatsApp: messages through the Cloud API."""',
    '',
    buttons && '',
    buttons && '    def __init__(self):',
    buttons && '        self.offered = {}  # number -> the buttons last shown as numbered lines',
    '',
    '    async def send(self, chat, text, buttons=None):',
    '        """chat: a number, or WHATSAPP_RECIPIENTS (numbers separated by commas): each one gets it."""',
    '        for number in [number.strip().lstrip("+") for number in chat.split(",") if number.strip()]:',
    buttons ? SEND_WITH_BUTTONS : '            await asyncio.to_thread(send_message, number, {"type": "text", "text": {"body": text[:4096]}})',
    a.has('poll') && '\n    async def send_poll(self, chat, question, options):\n        """WhatsApp bots have no polls: the options as numbered lines."""\n        await self.send(chat, numbered("📊 " + question, options))',
    a.has('react') && REACT,
    u.conditions.has('admins') && IS_ADMIN,
    channelAndOwner('whatsapp', u, 'return os.getenv("OWNER_CHAT_ID", "").strip().lstrip("+") or None'),
  );
}

function helpers(u: Usage): string {
  const buttons = u.actions.has('buttons');
  return sections(
    2,
    'GRAPH_API = "https://graph.facebook.com/v21.0"',
    REQUIRE_ENV,
    SEND_MESSAGE,
    (buttons || u.actions.has('poll')) && NUMBERED,
    buttons && PRESSED,
    EVENT_OF,
    SIGNATURE_OK,
    LOOP_THREAD,
    u.triggers.has('schedule') && TICK_FOREVER,
  );
}

/** events_of(): the event an incoming message is, for the kinds the rules read. */
function events(u: Usage): string {
  const buttons = u.actions.has('buttons');
  return lines(
    'def events_of(message, name, adapter):',
    '    """The engine\'s event for one incoming message; None for the kinds the bot does not read."""',
    '    kind = message.get("type")',
    '    if kind == "text":',
    '        text = message["text"]["body"]',
    buttons && '        button = pressed(adapter.offered.get(message["from"]), text)',
    buttons && '        if button is not None:',
    buttons && '            del adapter.offered[message["from"]]',
    buttons && '            return event_of("button", message, name, button["label"], buttonId=button["id"])',
    '        return event_of("message", message, name, text)',
    (buttons || u.triggers.has('button')) && BUTTON_PRESS,
    u.triggers.has('reaction') && REACTION,
    '    return None',
  );
}

function main(u: Usage): string {
  return lines(
    'def main():',
    '    for name in ("WHATSAPP_TOKEN", "WHATSAPP_PHONE_NUMBER_ID", "WHATSAPP_VERIFY_TOKEN"):',
    '        require_env(name)',
    requiredChecks('whatsapp', u),
    dataFileLine(u),
    '    loop = start_loop()',
    '    adapter = WhatsAppAdapter()',
    '    engine = Engine(RULES, SETTINGS, adapter, data_file, utc_now)',
    u.triggers.has('schedule') && '    asyncio.run_coroutine_threadsafe(tick_forever(engine), loop)  # the schedule, in the engine\'s loop',
    '    app = Flask(__name__)',
    '    connect(app, engine, adapter, loop)',
    '    port = int(os.getenv("PORT", "5000"))',
    '    logger.info("%s is listening on port %s (webhook path /webhook)", BOT_NAME, port)',
    '    app.run(host=os.getenv("HOST", "0.0.0.0"), port=port)',
  );
}

export function whatsappPython(u: Usage): PyPlatform {
  return {
    label: 'a WhatsApp bot (the Cloud API webhook on Flask)',
    stdlib: ['asyncio', 'hashlib', 'hmac', 'json', 'logging', 'os', 'threading'],
    thirdParty: ['import requests', 'from flask import Flask, request'],
    quiet: ['werkzeug', 'urllib3'],
    dependencies: ['flask', 'requests'],
    code: platformCode('# ---- WhatsApp: webhook calls become events for the engine; the engine acts through the adapter ----', adapter(u), helpers(u), events(u), ROUTES, main(u)),
  };
}
