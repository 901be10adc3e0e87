// The HTTP adapter of a rendered JavaScript bot (Node's own http module, nothing to install):
// POST /message {chat?, user?, name?, text} answers {replies: [...]} with what the rules said to that
// chat while handling it; POST /button {buttonId} (or a buttonId in /message) presses a button.
// Scheduled posts and posts to the owner go to POST_WEBHOOK_URL, else to the log. Patterns and
// settings from the builtin generator (templates/generic-javascript.ts).
import { code, lines, sections } from '../compose';
import { ruleEnv, type EnvVar } from '../env';
import type { PlanUses } from '../plan-uses';
import { POLL_TEXT, withOwner } from './adapter-parts';
import type { PlatformCode } from './bot-file';

function genericEnv(uses: PlanUses): EnvVar[] {
  const env = ruleEnv(uses).filter((e) => e.name !== 'OWNER_CHAT_ID'); // the owner's messages go to POST_WEBHOOK_URL
  return [
    { name: 'PORT', required: false, description: 'the port to listen on (default 5000)' },
    { name: 'HOST', required: false, description: 'the address to listen on (default: all of them)' },
    { name: 'WEBHOOK_SECRET', required: false, description: 'when set, callers must send it in the X-Webhook-Secret header' },
    { name: 'POST_WEBHOOK_URL', required: false, description: 'where scheduled posts and messages for the owner are sent, as a POST of JSON {"text": ..., "to": "channel" or "owner"}; without it they are only logged' },
    ...withOwner(env, 'the user (the "user" field of a message) who counts as the admin', uses.conditions.has('admins')),
  ];
}

function setup(uses: PlanUses): string[] {
  return [
    'Send each message as JSON to POST /message, e.g. {"chat": "room-1", "user": "u42", "name": "Ann", "text": "hello"}; the answer is {"replies": [...]}, each reply a text, or {"text", "buttons": [{"id", "label"}]} for buttons.',
    ...(uses.triggers.has('button') ? ['A press of a button: POST /button {"chat", "user", "name", "buttonId"} (or a buttonId in /message).'] : []),
    ...(uses.actions.has('react') ? ['Reactions the bot gives to a message come back as {"reactions": [...]} beside the replies.'] : []),
    'Every message counts as addressed to the bot (for mention rules) unless it says "mentioned": false.',
    'GET /health answers {"status": "ok"}. Connect it to anything that can call a webhook (a website chat widget, Zapier, n8n...).',
  ];
}

const INTRO = code`
// ==== HTTP webhook (Node's http module) ====

// Sends a scheduled post or a message for the owner to POST_WEBHOOK_URL as JSON {text, to: 'channel', 'owner' or
// a chat}; logs it when that is not set.
async function postOut(chat, text) {
  const to = chat.startsWith('post:') ? chat.slice(5) : chat;
  const url = (process.env.POST_WEBHOOK_URL || '').trim();
  if (!url) return log('Not sent (set POST_WEBHOOK_URL to send it) to ' + to + ': ' + text);
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ text, to }),
    signal: AbortSignal.timeout(15000),
  });
  if (!response.ok) throw new Error('POST_WEBHOOK_URL answered HTTP ' + response.status);
}

// True when WEBHOOK_SECRET is not set, or the caller sent it in the X-Webhook-Secret header.
function authorised(req) {
  const secret = process.env.WEBHOOK_SECRET;
  if (!secret) return true;
  const given = Buffer.from(String(req.headers['x-webhook-secret'] || ''));
  const expected = Buffer.from(secret);
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}

// Reads a JSON object of at most 1 MB.
function readJson(req) {
  return new Promise((resolve, reject) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
      if (body.length > 1000000) {
        reject(new Error('The body is too large'));
        req.destroy();
      }
    });
    req.on('end', () => {
      try {
        const data = body ? JSON.parse(body) : {};
        if (data === null || typeof data !== 'object' || Array.isArray(data)) throw new Error('not an object');
        resolve(data);
      } catch {
        reject(new Error('The body is not a JSON object'));
      }
    });
    req.on('error', reject);
  });
}

function sendJson(res, status, data) {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(data));
}`;

const BUTTON_LABEL = code`
// The label of a button of RULES, by its id ('' when no rule shows it).
function buttonLabel(id) {
  for (const rule of RULES) {
    for (const action of rule.do) {
      const button = action.kind === 'buttons' && action.buttons.find((b) => b.id === id);
      if (button) return button.label;
    }
  }
  return '';
}`;

function adapter(uses: PlanUses): string {
  const a = uses.actions;
  return lines(
    "// What the engine asks of the webhook. What a rule says in the chat of the request being answered goes into its",
    "// replies (outbox: the request's { chat, replies } while its rules run); the channel ('post:channel') and the",
    "// owner ('post:owner') are POST_WEBHOOK_URL, and so is anything said after its request was answered.",
    'function webhookAdapter(outbox) {',
    '  const send = async (chat, text, buttons) => {',
    '    const request = outbox.getStore();',
    '    if (request && request.chat === chat) return request.replies.push(buttons ? { text, buttons } : text);',
    '    await postOut(chat, text);',
    '  };',
    '  return {',
    "    channelSetting: 'POST_WEBHOOK_URL',",
    '    send,',
    a.has('poll') && '    sendPoll: (chat, question, options) => send(chat, pollText(question, options)),',
    a.has('react') &&
      lines(
        '    react: async (event, emoji) => {',
        '      const request = outbox.getStore();',
        '      if (request) request.reactions.push(emoji);',
        '    },',
      ),
    uses.conditions.has('admins') &&
      "    // The admin: the user named by OWNER_CHAT_ID.\n    isAdmin: async (event) => event.user === (process.env.OWNER_CHAT_ID || '').trim(),",
    "    channel: () => 'post:channel',",
    "    owner: () => 'post:owner',",
    '  };',
    '}',
  );
}

function start(uses: PlanUses): string {
  const buttons = uses.triggers.has('button');
  const routes = ['/message', ...(buttons ? ['/button'] : [])];
  const react = uses.actions.has('react');
  return lines(
    "// The engine's event for a request's JSON: a message, or a press of a button (buttonId).",
    'function webhookEvent(route, data) {',
    "  const user = String(data.user || 'someone');",
    "  const event = { type: 'message', chat: String(data.chat || 'webhook'), chatName: null, user, name: String(data.name || user), text: '', mentioned: data.mentioned !== false, raw: data };",
    buttons &&
      lines(
        "  if (route === '/button' || data.buttonId) {",
        "    if (!data.buttonId) throw new Error('Send JSON like {\"user\": \"ann\", \"buttonId\": \"menu\"}');",
        "    return { ...event, type: 'button', buttonId: String(data.buttonId), text: buttonLabel(String(data.buttonId)) };",
        '  }',
      ),
    "  if (typeof data.text !== 'string' || !data.text.trim()) throw new Error('Send JSON like {\"user\": \"ann\", \"text\": \"hello\"}');",
    '  return { ...event, text: data.text };',
    '}',
    '',
    '// Starts the bot: the HTTP server; the schedules are checked every 20 seconds once it listens.',
    'async function start() {',
    '  const outbox = new AsyncLocalStorage();',
    "  const dataFile = process.env.DATA_FILE || path.join(__dirname, 'bot_data.json');",
    '  const engine = createEngine({ rules: RULES, settings: SETTINGS, adapter: webhookAdapter(outbox), dataFile, now: () => new Date() });',
    '  const server = http.createServer(async (req, res) => {',
    "    const route = (req.url || '').split('?')[0];",
    '    try {',
    "      if (req.method === 'GET' && route === '/health') return sendJson(res, 200, { status: 'ok', bot: BOT_NAME });",
    `      if (req.method !== 'POST' || ![${routes.map((r) => `'${r}'`).join(', ')}].includes(route)) return sendJson(res, 404, { error: 'Not found: use POST /message' });`,
    '      if (!authorised(req)) {',
    "        log('Refused a call without the right X-Webhook-Secret');",
    "        return sendJson(res, 401, { error: 'Unauthorized' });",
    '      }',
    '      const event = webhookEvent(route, await readJson(req));',
    `      const request = { chat: event.chat, replies: []${react ? ', reactions: []' : ''} };`,
    '      await outbox.run(request, () => engine.handle(event));',
    react
      ? '      sendJson(res, 200, request.reactions.length > 0 ? { replies: request.replies, reactions: request.reactions } : { replies: request.replies });'
      : '      sendJson(res, 200, { replies: request.replies });',
    '    } catch (error) {',
    "      logError('Could not handle a request to ' + route + ':', error.message);",
    '      sendJson(res, 400, { error: error.message });',
    '    }',
    '  });',
    '  const port = Number(process.env.PORT || 5000);',
    '  server.listen(port, process.env.HOST || undefined, () => {',
    "    log(BOT_NAME + ' is listening on port ' + server.address().port + ': POST /message with {\"chat\", \"user\", \"name\", \"text\"}');",
    uses.triggers.has('schedule') && "    const tick = () => engine.tick().catch((error) => logError('The schedules failed:', error));",
    uses.triggers.has('schedule') && '    tick();',
    uses.triggers.has('schedule') && '    setInterval(tick, 20000);',
    '  });',
    '}',
  );
}

export function genericPlatform(uses: PlanUses): PlatformCode {
  return {
    label: "HTTP webhook (Node's http module)",
    requires: lines("const { AsyncLocalStorage } = require('node:async_hooks');", "const crypto = require('node:crypto');", "const http = require('node:http');"),
    code: sections(1, INTRO, uses.triggers.has('button') && BUTTON_LABEL, uses.actions.has('poll') && POLL_TEXT, adapter(uses), start(uses)),
    env: genericEnv(uses),
    dependencies: [],
    setup: setup(uses),
  };
}
