// The HTTP adapter of a rendered JavaScript bot (Node's own http module, nothing to install), following
// the contract in ../generic-contract.ts (the same as the Python bot's).
import { code, lines, sections } from '../compose';
import { channelSetting, ownerIsAdmin } from '../env';
import { BUTTON_EXAMPLE, MESSAGE_EXAMPLE, NOT_AN_OBJECT, NOT_FOUND } from '../generic-contract';
import type { PlanUses } from '../plan-uses';
import { dataFileLine, POLL_TEXT, REQUIRE_ENV, requiredChecks, scheduleTicks } from './adapter-parts';
import type { PlatformCode } from './bot-file';

/** A bot that takes button presses: it shows buttons or has rules for their presses. */
function takesPresses(uses: PlanUses): boolean {
  return uses.triggers.has('button') || uses.actions.has('buttons');
}

const INTRO = code`
// ==== HTTP webhook (Node's http module) ====
// The contract (the same as the Python bot's): POST /message, the answer {replies, reactions?}, POST /button,
// GET /health, WEBHOOK_SECRET; what goes to the channel or the owner is POSTed to POST_WEBHOOK_URL.

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
        reject(new Error(${JSON.stringify(NOT_AN_OBJECT)}));
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

const POST_OUT = code`
// Sends what the rules say to the channel, to the owner or to a chat whose call is not the one being answered
// to POST_WEBHOOK_URL as JSON {to, text, buttons?}; logs it when that is not set.
async function postOut(to, text, buttons) {
  const url = (process.env.POST_WEBHOOK_URL || '').trim();
  if (!url) return log('Not sent (set POST_WEBHOOK_URL to send it) to ' + to + ': ' + text);
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(buttons ? { to, text, buttons } : { to, text }),
    signal: AbortSignal.timeout(15000),
  }).catch((error) => log('POST_WEBHOOK_URL failed: ' + error.message));
  if (response && !response.ok) log('POST_WEBHOOK_URL answered HTTP ' + response.status);
}`;

function adapter(uses: PlanUses): string {
  const a = uses.actions;
  const posts = channelSetting('generic', uses) !== null;
  return lines(
    "// What the engine asks of the webhook. What a rule says in the chat of the request being answered goes into its",
    "// replies (outbox: the request's { chat, replies } while its rules run); the channel ('channel') and the owner",
    "// ('owner') are POST_WEBHOOK_URL, and so is anything said to another chat.",
    'function webhookAdapter(outbox) {',
    '  const send = async (chat, text, buttons) => {',
    '    const request = outbox.getStore();',
    '    if (request && request.chat === chat) return request.replies.push(buttons ? { text, buttons } : text);',
    posts ? '    await postOut(chat, text, buttons);' : "    log('No call from ' + chat + ' is being answered: not sent: ' + text);",
    '  };',
    '  return {',
    posts && "    channelSetting: 'POST_WEBHOOK_URL',",
    '    send,',
    a.has('poll') && '    sendPoll: (chat, question, options) => send(chat, pollText(question, options)),',
    a.has('react') &&
      lines(
        '    react: async (event, emoji) => {',
        '      const request = outbox.getStore();',
        '      if (request && request.chat === event.chat) request.reactions.push(emoji);',
        '    },',
      ),
    ownerIsAdmin('generic', uses) &&
      "    // The admin: the user named by OWNER_CHAT_ID.\n    isAdmin: async (event) => event.user === (process.env.OWNER_CHAT_ID || '').trim(),",
    "    channel: () => 'channel',",
    "    owner: () => 'owner',",
    '  };',
    '}',
  );
}

function start(uses: PlanUses): string {
  const buttons = takesPresses(uses);
  const routes = ['/message', ...(buttons ? ['/button'] : [])];
  const react = uses.actions.has('react');
  const checks = requiredChecks('generic', uses);
  return lines(
    "// The engine's event for a request's JSON: a message, or a press of a button (buttonId).",
    'function webhookEvent(route, data) {',
    "  const user = String(data.user || 'someone');",
    '  const event = {',
    "    type: 'message',",
    '    chat: String(data.chat || user), // no chat: each caller talks to the bot in a chat of their own',
    "    chatName: typeof data.chatName === 'string' && data.chatName ? data.chatName : null,",
    '    user,',
    '    name: String(data.name || user),',
    "    text: '',",
    '    mentioned: data.mentioned !== false, // a caller talks to the bot directly unless it says otherwise',
    '    raw: data,',
    '  };',
    buttons &&
      lines(
        "  if (route === '/button' || data.buttonId) {",
        `    if (!data.buttonId) throw new Error(${JSON.stringify(BUTTON_EXAMPLE)});`,
        "    return { ...event, type: 'button', buttonId: String(data.buttonId), text: buttonLabel(String(data.buttonId)) };",
        '  }',
      ),
    `  if (typeof data.text !== 'string' || !data.text.trim()) throw new Error(${JSON.stringify(MESSAGE_EXAMPLE)});`,
    '  return { ...event, text: data.text };',
    '}',
    '',
    '// Starts the bot: the HTTP server; the schedules are checked every 20 seconds once it listens.',
    'async function start() {',
    checks,
    '  const outbox = new AsyncLocalStorage();',
    dataFileLine(uses),
    '  const engine = createEngine({ rules: RULES, settings: SETTINGS, adapter: webhookAdapter(outbox), dataFile, now: () => new Date() });',
    '  const server = http.createServer(async (req, res) => {',
    "    const route = (req.url || '').split('?')[0];",
    '    try {',
    "      if (req.method === 'GET' && route === '/health') return sendJson(res, 200, { status: 'ok', bot: BOT_NAME });",
    `      if (req.method !== 'POST' || ![${routes.map((r) => `'${r}'`).join(', ')}].includes(route)) return sendJson(res, 404, { error: ${JSON.stringify(NOT_FOUND).replace(/"/g, "'")} });`,
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
    "    log(BOT_NAME + ' is listening on port ' + server.address().port + ': POST /message with {\"user\", \"text\"}');",
    uses.triggers.has('schedule') && scheduleTicks('    '),
    '  });',
    '}',
  );
}

export function genericPlatform(uses: PlanUses): PlatformCode {
  return {
    label: "HTTP webhook (Node's http module)",
    requires: lines("const { AsyncLocalStorage } = require('node:async_hooks');", "const crypto = require('node:crypto');", "const http = require('node:http');"),
    code: sections(
      1,
      INTRO,
      requiredChecks('generic', uses) && REQUIRE_ENV,
      channelSetting('generic', uses) !== null && POST_OUT,
      takesPresses(uses) && BUTTON_LABEL,
      uses.actions.has('poll') && POLL_TEXT,
      adapter(uses),
      start(uses),
    ),
    dependencies: [],
  };
}
