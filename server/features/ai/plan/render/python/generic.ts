// The HTTP webhook part of a rendered Python bot (Flask), following the contract in
// ../generic-contract.ts (the same as the JavaScript bot's).

import { pyString } from '../../../literals';
import { code, lines, sections } from '../compose';
import { channelSetting, ownerIsAdmin } from '../env';
import { BUTTON_EXAMPLE, MESSAGE_EXAMPLE, NOT_AN_OBJECT, NOT_FOUND } from '../generic-contract';
import { dataFileLine, LOOP_THREAD, NUMBERED, platformCode, REQUIRE_ENV, requiredChecks, TICK_FOREVER, type PyPlatform } from './platform';
import type { Usage } from './usage';

const REACT = code`

    async def react(self, event, emoji):
        """A reaction comes back in the answer, in "reactions" beside the replies."""
        here = reactions_here.get(None)
        if here is not None and here[0] == event["chat"]:
            here[1].append(emoji)`;

const IS_ADMIN = code`

    async def is_admin(self, event):
        """An HTTP bot has no admins of its own: the owner (OWNER_CHAT_ID) is the admin."""
        owner = os.getenv("OWNER_CHAT_ID", "").strip()
        return bool(owner) and event["user"] == owner`;

/** What is said to the channel or the owner goes to POST_WEBHOOK_URL, named by "to". */
const CHANNEL_AND_OWNER = code`

    async def channel(self):
        """Schedules and posts to the channel go to POST_WEBHOOK_URL with "to": "channel"."""
        return "channel"

    async def owner(self):
        """Messages for the owner go to POST_WEBHOOK_URL with "to": "owner"."""
        return "owner"`;

const DELIVER = code`
def deliver(chat, text, buttons=None):
    """POSTs {"to", "text", "buttons"?} to POST_WEBHOOK_URL (the channel, the owner, another chat); logs it when unset."""
    message = {"to": chat, "text": text, **({"buttons": buttons} if buttons else {})}
    url = os.getenv("POST_WEBHOOK_URL", "").strip()
    if not url:
        logger.info("Not delivered (set POST_WEBHOOK_URL to deliver it): %s", json.dumps(message, ensure_ascii=False))
        return
    body = json.dumps(message).encode()
    outgoing = urllib.request.Request(url, data=body, headers={"Content-Type": "application/json"}, method="POST")
    try:
        with urllib.request.urlopen(outgoing, timeout=15) as response:
            logger.info("Delivered to POST_WEBHOOK_URL (HTTP %s)", response.status)
    except OSError as error:
        logger.error("POST_WEBHOOK_URL failed: %s", error)`;

const BUTTON_LABEL = code`
def button_label(button_id):
    """The label of a button of RULES (a press names only its id)."""
    for rule in RULES:
        for action in rule["do"]:
            for button in action.get("buttons") or []:
                if button["id"] == button_id:
                    return button["label"]
    return ""`;

const AUTHORISED = code`
def authorised():
    """True when WEBHOOK_SECRET is not set, or the caller sent it in the X-Webhook-Secret header."""
    secret = os.getenv("WEBHOOK_SECRET", "")
    given = request.headers.get("X-Webhook-Secret", "")
    return not secret or hmac.compare_digest(given.encode(), secret.encode())`;

const EVENT_OF = code`
def event_of(data, kind, text, **more):
    """An event for the engine from a call's JSON: {"chat", "chatName", "user", "name", "mentioned"}, all optional."""
    user = str(data.get("user") or "someone")
    chat_name = data.get("chatName")
    return {
        "type": kind,
        "chat": str(data.get("chat") or user),  # no chat: each caller talks to the bot in a chat of their own
        "chatName": chat_name if isinstance(chat_name, str) and chat_name else None,
        "user": user,
        "name": str(data.get("name") or user),
        "text": text,
        "mentioned": data.get("mentioned") is not False,  # a caller talks to the bot directly unless it says otherwise
        "raw": data,
        **more,
    }`;

/** The health check, the JSON 404, and the start of POST /message (checks of the call). */
const HEALTH_AND_MESSAGE = code`

    @app.get("/health")
    def health():
        return jsonify(status="ok", bot=BOT_NAME)

    @app.errorhandler(404)
    @app.errorhandler(405)
    def not_found(error):
        return jsonify(error=${pyString(NOT_FOUND)}), 404

    @app.post("/message")
    def message():
        """{"user": "ann", "text": "hello"} (and "chat", "name", "mentioned"); with "buttonId": a button press."""
        if not authorised():
            return refused()
        data = request.get_json(force=True, silent=True)
        if not isinstance(data, dict):
            return jsonify(error=${pyString(NOT_AN_OBJECT)}), 400`;

/** The rest of POST /message: its text handled as a message. */
const MESSAGE_TEXT = code`
        text = data.get("text")
        if not isinstance(text, str) or not text.strip():
            return jsonify(error=${pyString(MESSAGE_EXAMPLE)}), 400
        logger.info("Message from %s: %s", data.get("user"), text)
        return answer(event_of(data, "message", text))`;

/** POST /button: a press of a button the bot showed. */
const BUTTON_ROUTE = code`

    @app.post("/button")
    def button():
        """{"user": "ann", "buttonId": "yes"} (and "chat", "name"): a press of a button the bot showed."""
        if not authorised():
            return refused()
        data = request.get_json(force=True, silent=True)
        if not isinstance(data, dict):
            return jsonify(error=${pyString(NOT_AN_OBJECT)}), 400
        return press(data)`;

/** Said outside the chat being answered (the channel, the owner): POST_WEBHOOK_URL. */
function outgoing(u: Usage): boolean {
  return channelSetting('generic', u) !== null;
}

function adapter(u: Usage): string {
  const a = u.actions;
  return lines(
    'class WebhookAdapter:',
    '    """What the engine calls. What it says in the chat of the call being answered goes back in that',
    '    call\'s answer; the rest (schedules, the owner) is POSTed to POST_WEBHOOK_URL, or logged."""',
    '',
    outgoing(u) && '    channel_setting = "POST_WEBHOOK_URL"',
    outgoing(u) && '',
    '    async def send(self, chat, text, buttons=None):',
    a.has('buttons') ? '        reply = {"text": text, "buttons": buttons} if buttons else text' : '        reply = text',
    '        here = replies_here.get(None)',
    '        if here is not None and here[0] == chat:',
    '            here[1].append(reply)',
    outgoing(u) ? '        else:\n            await asyncio.to_thread(deliver, chat, text, buttons)' : '        else:\n            logger.warning("No call from %s is being answered: not sent", chat)',
    '        logger.info("Sent to %s: %s", chat, text)',
    a.has('poll') && '\n    async def send_poll(self, chat, question, options):\n        await self.send(chat, numbered("📊 " + question, options))',
    a.has('react') && REACT,
    ownerIsAdmin('generic', u) && IS_ADMIN,
    CHANNEL_AND_OWNER,
  );
}

function helpers(u: Usage): string {
  const a = u.actions;
  return sections(
    2,
    lines(
      'replies_here = contextvars.ContextVar("replies_here")  # (chat, replies) of the call being answered',
      a.has('react') && 'reactions_here = contextvars.ContextVar("reactions_here")  # (chat, reactions) of the call being answered',
    ),
    requiredChecks('generic', u) && REQUIRE_ENV,
    outgoing(u) && DELIVER,
    a.has('poll') && NUMBERED,
    u.triggers.has('button') && BUTTON_LABEL,
    AUTHORISED,
    EVENT_OF,
    LOOP_THREAD,
    u.triggers.has('schedule') && TICK_FOREVER,
  );
}

/** connect()'s press(): a button press, by POST /button or by POST /message with "buttonId". */
function press(u: Usage): string {
  return code`

    def press(data):
        button_id = str(data.get("buttonId") or "")
        if not button_id:
            return jsonify(error=${pyString(BUTTON_EXAMPLE)}), 400
        logger.info("Button %s from %s", button_id, data.get("user"))
        return answer(event_of(data, "button", ${u.triggers.has('button') ? 'button_label(button_id)' : '""'}, buttonId=button_id))`;
}

/** connect(): the routes, each call an event whose answer is what the bot said in that chat. */
function routes(u: Usage): string {
  const a = u.actions;
  const presses = u.triggers.has('button') || a.has('buttons');
  return lines(
    'def connect(app, engine, loop):',
    '    """The routes: each call is an event; its answer is {"replies": [...]}, what the bot said in that chat."""',
    '',
    '    def answer(event):',
    '        async def handled():',
    '            replies = []',
    '            replies_here.set((event["chat"], replies))  # this task only: calls answered at once stay apart',
    a.has('react') && '            reactions = []',
    a.has('react') && '            reactions_here.set((event["chat"], reactions))',
    '            await engine.handle(event)',
    a.has('react') ? '            return {"replies": replies, "reactions": reactions} if reactions else {"replies": replies}' : '            return {"replies": replies}',
    '',
    '        return jsonify(asyncio.run_coroutine_threadsafe(handled(), loop).result(timeout=120))',
    '',
    '    def refused():',
    '        logger.warning("Refused a call without the right X-Webhook-Secret")',
    '        return jsonify(error="Unauthorized"), 401',
    presses && press(u),
    HEALTH_AND_MESSAGE,
    presses && '        if data.get("buttonId"):\n            return press(data)',
    MESSAGE_TEXT,
    presses && BUTTON_ROUTE,
  );
}

function main(u: Usage): string {
  return lines(
    'def main():',
    requiredChecks('generic', u),
    dataFileLine(u),
    '    loop = start_loop()',
    '    engine = Engine(RULES, SETTINGS, WebhookAdapter(), data_file, utc_now)',
    u.triggers.has('schedule') && '    asyncio.run_coroutine_threadsafe(tick_forever(engine), loop)  # the schedule, in the engine\'s loop',
    '    app = Flask(__name__)',
    '    connect(app, engine, loop)',
    '    port = int(os.getenv("PORT", "5000"))',
    '    logger.info("%s is listening on port %s: POST /message with {\\"user\\", \\"text\\"}", BOT_NAME, port)',
    '    app.run(host=os.getenv("HOST", "0.0.0.0"), port=port)',
  );
}

export function genericPython(u: Usage): PyPlatform {
  return {
    label: 'an HTTP webhook bot (Flask)',
    stdlib: ['asyncio', 'contextvars', 'hmac', 'logging', 'os', 'threading', ...(outgoing(u) ? ['json', 'urllib.request'] : [])],
    thirdParty: ['from flask import Flask, jsonify, request'],
    quiet: ['werkzeug'],
    dependencies: ['flask'],
    code: platformCode('# ---- HTTP webhook: calls become events for the engine; the engine acts through the adapter ----', adapter(u), helpers(u), routes(u), main(u)),
  };
}
