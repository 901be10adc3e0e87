// The HTTP webhook part of a rendered Python bot (Flask, as the builtin's webhook template): POST
// /message and /button become events; what the bot says in that chat is the JSON answer.

import { code, lines, sections } from '../compose';
import type { EnvVar } from '../env';
import { LOOP_THREAD, NUMBERED, TICK_FOREVER, type PyPlatform } from './platform';
import type { Usage } from './usage';

export function genericPython(u: Usage): PyPlatform {
  const a = u.actions;
  const t = u.triggers;
  const schedule = t.has('schedule');
  const presses = t.has('button') || a.has('buttons');
  // Said outside the chat being answered: the schedule's posts and the owner's messages.
  const outgoing = schedule || a.has('post') || a.has('ask') || a.has('forward');

  const adapter = lines(
    'class WebhookAdapter:',
    '    """What the engine calls. What it says in the chat of the call being answered goes back in that',
    '    call\'s answer; the rest (schedules, the owner) is POSTed to POST_WEBHOOK_URL, or logged."""',
    '',
    '    channel_setting = "POST_WEBHOOK_URL"',
    '',
    '    async def send(self, chat, text, buttons=None):',
    a.has('buttons') ? '        reply = {"text": text, "buttons": buttons} if buttons else text' : '        reply = text',
    '        here = replies_here.get(None)',
    '        if here is not None and here[0] == chat:',
    '            here[1].append(reply)',
    outgoing ? '        else:\n            await asyncio.to_thread(deliver, chat, reply)' : '        else:\n            logger.warning("No call from %s is being answered: not sent", chat)',
    '        logger.info("Sent to %s: %s", chat, text)',
    a.has('poll') && '\n    async def send_poll(self, chat, question, options):\n        await self.send(chat, numbered(question, options))',
    a.has('react') &&
      code`

    async def react(self, event, emoji):
        """A reaction comes back in the answer as {"react": "👍"}."""
        here = replies_here.get(None)
        if here is not None and here[0] == event["chat"]:
            here[1].append({"react": emoji})`,
    u.conditions.has('admins') &&
      code`

    async def is_admin(self, event):
        """An HTTP bot has no admins of its own: the owner (OWNER_CHAT_ID) is the admin."""
        owner = os.getenv("OWNER_CHAT_ID", "").strip()
        return bool(owner) and event["user"] == owner`,
    code`

    async def channel(self):
        """Schedules and posts to the channel are delivered to POST_WEBHOOK_URL with "chat": "channel"."""
        return "channel"

    async def owner(self):
        """OWNER_CHAT_ID: answers in that chat come back to its own calls; "owner" (POST_WEBHOOK_URL) when unset."""
        return os.getenv("OWNER_CHAT_ID", "").strip() or "owner"`,
  );

  const helpers = sections(
    2,
    'replies_here = contextvars.ContextVar("replies_here")  # (chat, replies) of the call being answered',
    outgoing &&
      code`
def deliver(chat, reply):
    """POSTs {"chat", "text"} to POST_WEBHOOK_URL (a schedule's post, a message to the owner); logs it when unset."""
    message = {"chat": chat, **(reply if isinstance(reply, dict) else {"text": reply})}
    url = os.getenv("POST_WEBHOOK_URL", "").strip()
    if not url:
        logger.info("Not delivered (set POST_WEBHOOK_URL to deliver it): %s", json.dumps(message, ensure_ascii=False))
        return
    body = json.dumps(message).encode()
    outgoing = urllib.request.Request(url, data=body, headers={"Content-Type": "application/json"}, method="POST")
    try:
        with urllib.request.urlopen(outgoing, timeout=10) as response:
            logger.info("Delivered to POST_WEBHOOK_URL (HTTP %s)", response.status)
    except OSError as error:
        logger.error("POST_WEBHOOK_URL failed: %s", error)`,
    a.has('poll') && NUMBERED,
    t.has('button') &&
      code`
def button_label(button_id):
    """The label of a button of RULES (a press names only its id)."""
    for rule in RULES:
        for action in rule["do"]:
            for button in action.get("buttons") or []:
                if button["id"] == button_id:
                    return button["label"]
    return ""`,
    code`
def authorised():
    """True when WEBHOOK_SECRET is not set, or the caller sent it in the X-Webhook-Secret header."""
    secret = os.getenv("WEBHOOK_SECRET", "")
    given = request.headers.get("X-Webhook-Secret", "")
    return not secret or hmac.compare_digest(given.encode(), secret.encode())`,
    code`
def event_of(data, kind, text, **more):
    """An event for the engine from a call's JSON: {"chat", "chatName", "user", "name", "mentioned"}, all optional."""
    user = str(data.get("user") or "someone")
    return {
        "type": kind,
        "chat": str(data.get("chat") or user),  # no chat: each caller talks to the bot in a chat of their own
        "chatName": data.get("chatName") or None,
        "user": user,
        "name": str(data.get("name") or user),
        "text": text,
        "mentioned": bool(data.get("mentioned", True)),  # a caller talks to the bot directly unless it says otherwise
        "raw": data,
        **more,
    }`,
    LOOP_THREAD,
    schedule && TICK_FOREVER,
  );

  const press = presses &&
    code`

    def press(data):
        button_id = str(data.get("buttonId") or "")
        if not button_id:
            return jsonify(error='Send JSON like {"user": "ann", "buttonId": "yes"}'), 400
        logger.info("Button %s from %s", button_id, data.get("user"))
        return answer(event_of(data, "button", ${t.has('button') ? 'button_label(button_id)' : '""'}, buttonId=button_id))`;

  const routes = lines(
    'def connect(app, engine, loop):',
    '    """The routes: each call is an event; its answer is {"replies": [...]}, what the bot said in that chat."""',
    '',
    '    def answer(event):',
    '        async def handled():',
    '            replies = []',
    '            replies_here.set((event["chat"], replies))  # this task only: calls answered at once stay apart',
    '            await engine.handle(event)',
    '            return replies',
    '',
    '        return jsonify(replies=asyncio.run_coroutine_threadsafe(handled(), loop).result(timeout=120))',
    '',
    '    def refused():',
    '        logger.warning("Refused a call without the right X-Webhook-Secret")',
    '        return jsonify(error="Unauthorized"), 401',
    press,
    code`

    @app.get("/health")
    def health():
        return jsonify(status="ok", bot=BOT_NAME)

    @app.post("/message")
    def message():
        """{"user": "ann", "text": "hello"} (and "chat", "name", "mentioned"); with "buttonId": a button press."""
        if not authorised():
            return refused()
        data = request.get_json(force=True, silent=True)
        if not isinstance(data, dict):
            return jsonify(error='Send JSON like {"user": "ann", "text": "hello"}'), 400`,
    presses && '        if data.get("buttonId"):\n            return press(data)',
    code`
        text = str(data.get("text") or "")
        if not text.strip():
            return jsonify(error='Send JSON like {"user": "ann", "text": "hello"}'), 400
        logger.info("Message from %s: %s", data.get("user"), text)
        return answer(event_of(data, "message", text))`,
    presses &&
      code`

    @app.post("/button")
    def button():
        """{"user": "ann", "buttonId": "yes"} (and "chat", "name"): a press of a button the bot showed."""
        if not authorised():
            return refused()
        data = request.get_json(force=True, silent=True)
        return press(data if isinstance(data, dict) else {})`,
  );

  const main = lines(
    'def main():',
    '    data_file = os.getenv("DATA_FILE") or os.path.join(os.path.dirname(os.path.abspath(__file__)), "bot_data.json")',
    '    loop = start_loop()',
    '    engine = Engine(RULES, SETTINGS, WebhookAdapter(), data_file, utc_now)',
    schedule && '    asyncio.run_coroutine_threadsafe(tick_forever(engine), loop)  # the schedule, in the engine\'s loop',
    '    app = Flask(__name__)',
    '    connect(app, engine, loop)',
    '    port = int(os.getenv("PORT", "5000"))',
    '    logger.info("%s is listening on port %s: POST /message with {\\"user\\", \\"text\\"}", BOT_NAME, port)',
    '    app.run(host=os.getenv("HOST", "0.0.0.0"), port=port)',
  );

  const env: EnvVar[] = [
    { name: 'PORT', required: false, description: 'the port to listen on (default 5000)' },
    { name: 'HOST', required: false, description: 'the address to listen on (default 0.0.0.0, every address)' },
    { name: 'WEBHOOK_SECRET', required: false, description: 'when set, callers must send it in the X-Webhook-Secret header' },
    ...(outgoing ? [{ name: 'POST_WEBHOOK_URL', required: false, description: 'where scheduled posts and messages to the owner are sent as JSON {"chat", "text"}; without it they are only logged' }] : []),
  ];
  return {
    label: 'an HTTP webhook bot (Flask)',
    stdlib: ['asyncio', 'contextvars', 'hmac', 'logging', 'os', 'threading', ...(outgoing ? ['json', 'urllib.request'] : [])],
    thirdParty: ['from flask import Flask, jsonify, request'],
    quiet: ['werkzeug'],
    env,
    channel: null,
    owner: "the owner's user id: their calls get the owner's messages and count as an admin's (unset: those messages go to POST_WEBHOOK_URL)",
    ownerIsAdmin: true,
    dependencies: ['flask'],
    setup: [
      'Send messages as JSON to POST /message, e.g. {"user": "ann", "text": "hello"} (add "chat" for a group, "name" for the name the bot says); the answer is {"replies": [...]}: texts, {"text", "buttons"} and {"react"}.',
      'A press of a button: POST /button with {"user": "ann", "buttonId": "<the button\'s id>"} (or "buttonId" in /message).',
      'Its webhook URL is shown on its runner page (Botwright forwards it to PORT): call that URL followed by /message from a website chat, Zapier, n8n, IFTTT...',
    ],
    code: sections(
      2,
      lines('# ---- HTTP webhook: calls become events for the engine; the engine acts through the adapter ----', adapter),
      helpers,
      routes,
      main,
      lines('if __name__ == "__main__":', '    main()'),
    ),
  };
}
