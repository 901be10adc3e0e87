// The WhatsApp adapter of a rendered JavaScript bot: an Express webhook for the WhatsApp Cloud API
// (verify token, signature check with the app secret), answers sent through the Graph API with fetch.
// Texts, reply-button presses and reactions become the engine's events; each person is their own
// chat. Patterns and settings from the builtin generator (templates/whatsapp-javascript.ts).
import { code, lines, sections } from '../compose';
import type { PlanUses } from '../plan-uses';
import { channelAndOwner, dataFileLine, NUMBERED_BUTTONS, PLAN_EMOJI, POLL_TEXT, REQUIRE_ENV, requiredChecks, scheduleTicks } from './adapter-parts';
import type { PlatformCode } from './bot-file';

const INTRO = code`
// ==== WhatsApp (the Cloud API webhook, Express) ====
const GRAPH_API = 'https://graph.facebook.com/v21.0';

// Sends one message through the Cloud API; a refusal is an error with Meta's answer.
async function sendWhatsapp(config, to, message) {
  const response = await fetch(GRAPH_API + '/' + config.phoneNumberId + '/messages', {
    method: 'POST',
    headers: { Authorization: 'Bearer ' + config.token, 'Content-Type': 'application/json' },
    body: JSON.stringify({ messaging_product: 'whatsapp', to, ...message }),
    signal: AbortSignal.timeout(15000),
  });
  if (!response.ok) throw new Error('WhatsApp refused the message to ' + to + ' (' + response.status + '): ' + (await response.text()));
}

// A chat is one number, or the comma-separated numbers of WHATSAPP_RECIPIENTS (each gets it).
function numbersOf(chat) {
  return String(chat).split(',').map((n) => n.trim()).filter(Boolean);
}`;

const DIGITS = code`
// '+49 170 123' and '49170123' are the same number.
function digitsOf(number) {
  return String(number || '').replace(/\D/g, '');
}`;

const SIGNATURE = code`
function safeEqual(a, b) {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && crypto.timingSafeEqual(left, right);
}

// Checks the X-Hub-Signature-256 header when WHATSAPP_APP_SECRET is set.
function signatureOk(req) {
  const secret = process.env.WHATSAPP_APP_SECRET;
  if (!secret) return true;
  const expected = 'sha256=' + crypto.createHmac('sha256', secret).update(req.rawBody || '').digest('hex');
  return safeEqual(req.get('X-Hub-Signature-256') || '', expected);
}`;

function adapter(uses: PlanUses): string {
  const a = uses.actions;
  return lines(
    '// What the engine asks of WhatsApp. Up to 3 buttons with short labels are reply buttons; more (or longer)',
    '// are numbered lines, and a reply of the number or label presses one (menus: the chat -> its buttons).',
    `function whatsappAdapter(config${a.has('buttons') ? ', menus' : ''}) {`,
    '  return {',
    `    send: async (chat, text${a.has('buttons') ? ', buttons' : ''}) => {`,
    '      for (const to of numbersOf(chat)) {',
    a.has('buttons')
      ? lines(
          '        if (buttons && buttons.length <= 3 && text.length <= 1024 && buttons.every((b) => b.label.length <= 20)) {',
          "          const replies = buttons.map((b) => ({ type: 'reply', reply: { id: 'b:' + b.id, title: b.label } }));",
          "          await sendWhatsapp(config, to, { type: 'interactive', interactive: { type: 'button', body: { text }, action: { buttons: replies } } });",
          '          continue;',
          '        }',
          '        // The numbered buttons hold until the bot says something else in the chat.',
          '        if (buttons) menus.set(to, buttons);',
          '        else menus.delete(to);',
          "        await sendWhatsapp(config, to, { type: 'text', text: { body: buttons ? numberedButtons(text, buttons) : text } });",
        )
      : "        await sendWhatsapp(config, to, { type: 'text', text: { body: text } });",
    '      }',
    '    },',
    a.has('poll') &&
      "    sendPoll: async (chat, question, options) => {\n      for (const to of numbersOf(chat)) await sendWhatsapp(config, to, { type: 'text', text: { body: pollText(question, options) } });\n    },",
    a.has('react') && "    react: (event, emoji) => sendWhatsapp(config, event.user, { type: 'reaction', reaction: { message_id: event.raw.id, emoji } }),",
    uses.conditions.has('admins') && "    // The admin: the owner's number (every chat is one person's).\n    isAdmin: async (event) => Boolean(digitsOf(process.env.OWNER_CHAT_ID)) && digitsOf(event.user) === digitsOf(process.env.OWNER_CHAT_ID),",
    channelAndOwner('whatsapp', uses),
    '  };',
    '}',
  );
}

function eventOf(uses: PlanUses): string {
  const t = uses.triggers;
  const menus = uses.actions.has('buttons');
  return lines(
    "// The engine's event for a WhatsApp message (chat and user: the sender's number), or null for what the bot",
    '// does not read (pictures, voice...).',
    `function whatsappEvent(message, name${menus ? ', menus' : ''}) {`,
    "  const event = { type: 'message', chat: message.from, chatName: null, user: message.from, name, text: '', mentioned: true, raw: message };",
    "  if (message.type === 'text') {",
    menus &&
      lines(
        '    const pressed = pressedButton(menus.get(message.from), message.text.body);',
        '    if (pressed) {',
        '      menus.delete(message.from);',
        "      return { ...event, type: 'button', buttonId: pressed.id, text: pressed.label };",
        '    }',
      ),
    '    return { ...event, text: message.text.body };',
    '  }',
    t.has('button') &&
      lines(
        '  const reply = message.interactive && message.interactive.button_reply;',
        "  if (message.type === 'interactive' && reply && reply.id.startsWith('b:')) return { ...event, type: 'button', buttonId: reply.id.slice(2), text: reply.title };",
      ),
    t.has('reaction') &&
      lines(
        '  // A reaction (an empty emoji: one taken back); raw.id is the message reacted to.',
        "  if (message.type === 'reaction' && message.reaction.emoji) {",
        "    return { ...event, type: 'reaction', emoji: planEmoji(message.reaction.emoji), raw: { ...message, id: message.reaction.message_id } };",
        '  }',
      ),
    "  log('Not read: a ' + message.type + ' message from ' + message.from);",
    '  return null;',
    '}',
  );
}

function start(uses: PlanUses): string {
  const menus = uses.actions.has('buttons');
  return lines(
    '// Starts the bot: the webhook server (GET /webhook answers Meta\'s check, POST /webhook receives messages);',
    '// the schedules are checked every 20 seconds once it listens.',
    'async function start() {',
    "  const config = { token: requireEnv('WHATSAPP_TOKEN'), phoneNumberId: requireEnv('WHATSAPP_PHONE_NUMBER_ID') };",
    "  const verifyToken = requireEnv('WHATSAPP_VERIFY_TOKEN');",
    requiredChecks('whatsapp', uses),
    menus && '  const menus = new Map();',
    dataFileLine(uses),
    `  const engine = createEngine({ rules: RULES, settings: SETTINGS, adapter: whatsappAdapter(config${menus ? ', menus' : ''}), dataFile, now: () => new Date() });`,
    '  // One person\'s messages are handled in the order they came (an answer after its question).',
    '  const queues = new Map();',
    '  const inTurn = (chat, job) => {',
    '    const next = (queues.get(chat) || Promise.resolve()).then(job);',
    '    queues.set(chat, next);',
    '    next.then(() => queues.get(chat) === next && queues.delete(chat));',
    '  };',
    '',
    '  const app = express();',
    '  // Keep the raw body: the signature check needs the exact bytes Meta sent.',
    '  app.use(express.json({ verify: (req, res, buf) => { req.rawBody = buf; } }));',
    '',
    '  // Meta calls this once with your verify token when you set up the webhook.',
    "  app.get('/webhook', (req, res) => {",
    "    if (req.query['hub.mode'] === 'subscribe' && safeEqual(String(req.query['hub.verify_token'] || ''), verifyToken)) {",
    "      log('Webhook verified');",
    "      return res.status(200).send(String(req.query['hub.challenge'] || ''));",
    '    }',
    "    logError('Webhook verification failed: wrong verify token');",
    '    res.sendStatus(403);',
    '  });',
    '',
    "  app.post('/webhook', (req, res) => {",
    '    if (!signatureOk(req)) {',
    "      logError('Refused a webhook call with a bad signature');",
    '      return res.sendStatus(403);',
    '    }',
    '    res.sendStatus(200); // answer Meta at once, then handle the messages',
    '    for (const entry of req.body.entry || []) {',
    '      for (const change of entry.changes || []) {',
    '        const value = change.value || {};',
    '        const names = {};',
    "        for (const contact of value.contacts || []) names[contact.wa_id] = (contact.profile && contact.profile.name) || '';",
    '        for (const message of value.messages || []) {',
    `          const event = whatsappEvent(message, names[message.from] || 'there'${menus ? ', menus' : ''});`,
    '          if (event) inTurn(message.from, () => engine.handle(event));',
    '        }',
    '      }',
    '    }',
    '  });',
    '',
    '  const port = Number(process.env.PORT || 5000);',
    '  const server = app.listen(port, process.env.HOST || undefined, () => {',
    "    log(BOT_NAME + ' is listening on port ' + server.address().port + ' (webhook path /webhook)');",
    uses.triggers.has('schedule') && scheduleTicks('    '),
    '  });',
    '}',
  );
}

export function whatsappPlatform(uses: PlanUses): PlatformCode {
  const a = uses.actions;
  return {
    label: 'WhatsApp (the Cloud API webhook, Express, Node.js)',
    requires: lines("const crypto = require('node:crypto');", "const express = require('express');"),
    code: sections(
      1,
      INTRO,
      REQUIRE_ENV,
      SIGNATURE,
      a.has('buttons') && NUMBERED_BUTTONS,
      a.has('poll') && POLL_TEXT,
      uses.triggers.has('reaction') && PLAN_EMOJI,
      uses.conditions.has('admins') && DIGITS,
      adapter(uses),
      eventOf(uses),
      start(uses),
    ),
    dependencies: ['express'],
  };
}
