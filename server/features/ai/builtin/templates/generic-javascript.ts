// A generic bot in JavaScript: a webhook on Node's built-in http module (POST /message ->
// {"reply": ...}); nothing to install unless it answers with AI.

import type { BotPlan } from '../plan';
import { usesModel } from './behaviour-kinds';
import { jsBehaviourRequires, jsHasBehaviourCommands } from './behaviours-javascript';
import { jsStartJobs } from './behaviours-javascript-time';
import { code, lines, sections } from './compose';
import { describeFeatures } from './describe';
import { jsHeader, jsHelpers, jsRequires, jsSettings } from './javascript-common';

export function genericJavascript(plan: BotPlan, filename: string): string {
  const f = plan.features;
  const outgoing = f.has('scheduled') || f.has('reminders') || f.has('news');
  const remind = plan.commands.remind ?? 'remind';
  const behaviours = jsHasBehaviourCommands(plan);
  const mutes = f.has('moderation') && plan.warnLimit > 0;
  const routes = ['/message', ...(f.has('welcome') ? ['/join'] : []), ...(f.has('goodbye') ? ['/leave'] : [])];

  const requires = jsRequires(
    "const crypto = require('node:crypto');",
    ...jsBehaviourRequires(plan),
    "const http = require('node:http');",
    usesModel(plan) && "const OpenAI = require('openai');",
  );

  const sendOutgoing =
    outgoing &&
    lines(
      '// Sends a message to OUTGOING_WEBHOOK_URL as JSON {"text": ...}; only logs it when that is not set.',
      'async function sendOutgoing(text) {',
      '  const url = process.env.OUTGOING_WEBHOOK_URL;',
      '  if (!url) {',
      "    log('Outgoing message (set OUTGOING_WEBHOOK_URL to deliver it): ' + text);",
      '    return;',
      '  }',
      '  try {',
      '    const response = await fetch(url, {',
      "      method: 'POST',",
      "      headers: { 'Content-Type': 'application/json' },",
      '      body: JSON.stringify({ bot: BOT_NAME, text }),',
      '      signal: AbortSignal.timeout(15000),',
      '    });',
      "    log('Sent to the outgoing webhook (HTTP ' + response.status + '): ' + text);",
      '  } catch (error) {',
      "    logError('Outgoing webhook failed:', error.message);",
      '  }',
      '}',
    );

  const http = lines(
    '// True when WEBHOOK_SECRET is not set, or the caller sent it in the X-Webhook-Secret header.',
    'function authorised(req) {',
    '  const secret = process.env.WEBHOOK_SECRET;',
    '  if (!secret) return true;',
    "  const given = Buffer.from(String(req.headers['x-webhook-secret'] || ''));",
    '  const expected = Buffer.from(secret);',
    '  return given.length === expected.length && crypto.timingSafeEqual(given, expected);',
    '}',
    '',
    '// Reads a JSON body of at most 1 MB.',
    'function readJson(req) {',
    '  return new Promise((resolve, reject) => {',
    "    let body = '';",
    "    req.on('data', (chunk) => {",
    '      body += chunk;',
    '      if (body.length > 1000000) {',
    "        reject(new Error('The body is too large'));",
    '        req.destroy();',
    '      }',
    '    });',
    "    req.on('end', () => {",
    '      try {',
    '        resolve(body ? JSON.parse(body) : {});',
    '      } catch {',
    "        reject(new Error('The body is not valid JSON'));",
    '      }',
    '    });',
    "    req.on('error', reject);",
    '  });',
    '}',
    '',
    'function sendJson(res, status, data) {',
    "  res.writeHead(status, { 'Content-Type': 'application/json' });",
    '  res.end(JSON.stringify(data));',
    '}',
  );

  const muted =
    mutes &&
    code`
const mutedUntil = new Map(); // person -> when their mute ends (milliseconds since 1970)

// True while the person is muted (too many warnings).
function isMuted(user) {
  return (mutedUntil.get(user) || 0) > Date.now();
}`;

  const answer = lines(
    '// The JSON answer to one message.',
    'async function answer(sender, text) {',
    '  const user = sender.user;',
    mutes && '  if (isMuted(user)) return { reply: null, muted: true, blocked: true };',
    f.has('moderation') &&
      lines(
        '  const banned = findBannedWord(text);',
        '  if (banned !== null) {',
        "    log('Message from ' + user + ' contains \"' + banned + '\"');",
        mutes
          ? lines(
              '    const count = addWarning(sender);',
              '    if (mustMute(count)) {',
              '      mutedUntil.set(user, Date.now() + MUTE_MINUTES * 60 * 1000);',
              "      log('Muted ' + user + ' for ' + MUTE_MINUTES + ' minute(s)');",
              '      return { reply: muteText(sender), blocked: true, muted: true };',
              '    }',
              '    return { reply: warningText(sender, count), blocked: true };',
            )
          : "    return { reply: BANNED_WORD_WARNING.split('{name}').join(user), blocked: true };",
        '  }',
      ),
    f.has('commands') &&
      lines(
        '  const command = parseCommand(text);',
        '  if (command) {',
        behaviours &&
          lines(
            '    if (isBehaviour(command.name)) {',
            '      const result = await runBehaviour(command.name, command.args, sender);',
            "      return result !== null && typeof result === 'object' ? { reply: result.text, menu: result.menu } : { reply: result };",
            '    }',
          ),
        "    log('/' + command.name + ' from ' + user);",
        f.has('reminders') &&
          lines(
            `    if (command.name === '${remind}') {`,
            '      const parsed = parseReminder(command.args);',
            '      if (!parsed) return { reply: REMINDER_USAGE };',
            "      setTimeout(() => sendOutgoing('Reminder for ' + user + ': ' + parsed.text), parsed.minutes * 60 * 1000);",
            "      return { reply: 'OK, I will remind you in ' + parsed.minutes + ' minute(s).' };",
            '    }',
          ),
        '    const reply = commandReply(command.name);',
        '    return { reply: reply !== null ? reply : helpText() };',
        '  }',
      ),
    f.has('counter') && '  countMessage(sender);',
    '  return { reply: await replyTo(text, sender) };',
    '}',
  );

  const server = lines(
    'const server = http.createServer(async (req, res) => {',
    '  try {',
    "    if (req.method === 'GET' && req.url === '/health') {",
    "      sendJson(res, 200, { status: 'ok', bot: BOT_NAME });",
    '      return;',
    '    }',
    `    if (req.method !== 'POST' || ![${routes.map((r) => `'${r}'`).join(', ')}].includes(req.url)) {`,
    "      sendJson(res, 404, { error: 'Not found: use POST /message' });",
    '      return;',
    '    }',
    '    if (!authorised(req)) {',
    "      log('Rejected a call without the right X-Webhook-Secret');",
    "      sendJson(res, 401, { error: 'Unauthorized' });",
    '      return;',
    '    }',
    '    const data = await readJson(req);',
    f.has('welcome') &&
      lines(
        "    if (req.url === '/join') {",
        "      const newcomer = String(data.user || 'there');",
        "      log('New user: ' + newcomer);",
        "      sendJson(res, 200, { reply: WELCOME_MESSAGE.split('{name}').join(newcomer) });",
        '      return;',
        '    }',
      ),
    f.has('goodbye') &&
      lines(
        "    if (req.url === '/leave') {",
        "      const leaver = String(data.user || 'there');",
        "      log('User left: ' + leaver);",
        "      sendJson(res, 200, { reply: GOODBYE_MESSAGE.split('{name}').join(leaver) });",
        '      return;',
        '    }',
      ),
    "    const text = String(data.text || '').trim();",
    "    const user = String(data.user || 'someone');",
    '    if (!text) {',
    '      sendJson(res, 400, { error: \'Send JSON like {"user": "ann", "text": "hello"}\' });',
    '      return;',
    '    }',
    "    // Polls are kept per chat: send \"chat\" to keep several apart.",
    "    const sender = { chat: String(data.chat || 'webhook'), user, name: user };",
    "    log('Message from ' + user + ': ' + text);",
    '    const result = await answer(sender, text);',
    "    log('Reply to ' + user + ': ' + result.reply);",
    '    sendJson(res, 200, result);',
    '  } catch (error) {',
    "    logError('Could not handle a request:', error.message);",
    '    sendJson(res, 400, { error: error.message });',
    '  }',
    '});',
  );

  const main = lines(
    'const PORT = Number(process.env.PORT || 5000);',
    'server.listen(PORT, () => {',
    "  log(BOT_NAME + ' is listening on port ' + PORT + ': POST /message with {\"user\", \"text\"}');",
    (f.has('scheduled') || f.has('news')) && jsStartJobs(plan, 'sendOutgoing', '  '),
    '});',
  );

  return `${sections(
    1,
    jsHeader(plan, filename, describeFeatures(plan)),
    requires,
    jsSettings(plan),
    jsHelpers(plan, { textCommands: true, requireEnv: usesModel(plan), menu: 'json', filename }),
    sendOutgoing,
    http,
    muted,
    answer,
    server,
    main,
  )}\n`;
}
