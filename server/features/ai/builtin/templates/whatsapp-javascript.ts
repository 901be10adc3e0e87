// WhatsApp in JavaScript: an Express webhook for the WhatsApp Cloud API, answers sent with fetch.

import type { BotPlan } from '../plan';
import { usesModel } from './behaviour-kinds';
import { jsBehaviourRequires, jsHasBehaviourCommands } from './behaviours-javascript';
import { jsStartJobs } from './behaviours-javascript-time';
import { lines, sections } from './compose';
import { describeFeatures } from './describe';
import { jsHeader, jsHelpers, jsRequires, jsSettings } from './javascript-common';

export function whatsappJavascript(plan: BotPlan, filename: string): string {
  const f = plan.features;
  const remind = plan.commands.remind ?? 'remind';
  const behaviours = jsHasBehaviourCommands(plan);

  const requires = jsRequires(
    "const crypto = require('node:crypto');",
    "const express = require('express');",
    ...jsBehaviourRequires(plan),
    usesModel(plan) && "const OpenAI = require('openai');",
  );

  const setup = lines(
    "const WHATSAPP_TOKEN = requireEnv('WHATSAPP_TOKEN');",
    "const WHATSAPP_PHONE_NUMBER_ID = requireEnv('WHATSAPP_PHONE_NUMBER_ID');",
    "const WHATSAPP_VERIFY_TOKEN = requireEnv('WHATSAPP_VERIFY_TOKEN');",
    "const GRAPH_API = 'https://graph.facebook.com/v21.0';",
    "const PORT = Number(process.env.PORT || 5000);",
    f.has('welcome') && 'const knownContacts = new Set(); // numbers that already got the welcome message (until a restart)',
  );

  const sendText = lines(
    '// Sends a text message through the WhatsApp Cloud API.',
    'async function sendText(to, body) {',
    '  try {',
    "    const response = await fetch(GRAPH_API + '/' + WHATSAPP_PHONE_NUMBER_ID + '/messages', {",
    "      method: 'POST',",
    "      headers: { Authorization: 'Bearer ' + WHATSAPP_TOKEN, 'Content-Type': 'application/json' },",
    "      body: JSON.stringify({ messaging_product: 'whatsapp', to, type: 'text', text: { body } }),",
    '      signal: AbortSignal.timeout(15000),',
    '    });',
    '    if (response.ok) {',
    "      log('Sent to ' + to + ': ' + body);",
    '    } else {',
    "      logError('Sending to ' + to + ' failed (' + response.status + '): ' + (await response.text()));",
    '    }',
    '  } catch (error) {',
    "    logError('Sending to ' + to + ' failed:', error.message);",
    '  }',
    '}',
  );

  const handleText = lines(
    '// Answers one incoming text message.',
    'async function handleText(sender, name, text) {',
    "  log('Message from ' + sender + ' (' + name + '): ' + text);",
    "  // Everyone talks to the bot in their own chat: polls are shared by all ('everyone').",
    "  const who = { chat: 'everyone', user: sender, name };",
    f.has('welcome') &&
      lines(
        '  if (!knownContacts.has(sender)) {',
        '    knownContacts.add(sender);',
        "    await sendText(sender, WELCOME_MESSAGE.replace('{name}', name));",
        '  }',
      ),
    f.has('moderation') &&
      lines(
        '  const banned = findBannedWord(text);',
        '  if (banned !== null) {',
        "    log('Message from ' + sender + ' contains \"' + banned + '\"');",
        "    await sendText(sender, BANNED_WORD_WARNING.split('{name}').join(name));",
        '    return;',
        '  }',
      ),
    f.has('commands') &&
      lines(
        '  const command = parseCommand(text);',
        '  if (command) {',
        behaviours && '    if (isBehaviour(command.name)) {',
        behaviours && '      const answer = await runBehaviour(command.name, command.args, who);',
        behaviours && '      if (answer) await sendText(sender, answer);',
        behaviours && '      return;',
        behaviours && '    }',
        "    log('/' + command.name + ' from ' + sender);",
        f.has('reminders') &&
          lines(
            `    if (command.name === '${remind}') {`,
            '      const parsed = parseReminder(command.args);',
            '      if (!parsed) {',
            '        await sendText(sender, REMINDER_USAGE);',
            '        return;',
            '      }',
            "      setTimeout(() => sendText(sender, 'Reminder: ' + parsed.text), parsed.minutes * 60 * 1000);",
            "      await sendText(sender, 'OK, I will remind you in ' + parsed.minutes + ' minute(s).');",
            '      return;',
            '    }',
          ),
        '    const reply = commandReply(command.name);',
        '    await sendText(sender, reply !== null ? reply : helpText());',
        '    return;',
        '  }',
      ),
    f.has('counter') && '  countMessage(who);',
    '  const reply = await replyTo(text, who);',
    '  if (reply) await sendText(sender, reply);',
    '}',
  );

  const app = lines(
    'const app = express();',
    '// Keep the raw body: the signature check needs the exact bytes Meta sent.',
    'app.use(express.json({ verify: (req, res, buf) => { req.rawBody = buf; } }));',
    '',
    '// Meta calls this once with your verify token when you set up the webhook.',
    "app.get('/webhook', (req, res) => {",
    "  const token = String(req.query['hub.verify_token'] || '');",
    "  if (req.query['hub.mode'] === 'subscribe' && safeEqual(token, WHATSAPP_VERIFY_TOKEN)) {",
    "    log('Webhook verified');",
    "    res.status(200).send(String(req.query['hub.challenge'] || ''));",
    '    return;',
    '  }',
    "  logError('Webhook verification failed: wrong verify token');",
    '  res.sendStatus(403);',
    '});',
    '',
    'function safeEqual(a, b) {',
    '  const left = Buffer.from(a);',
    '  const right = Buffer.from(b);',
    '  return left.length === right.length && crypto.timingSafeEqual(left, right);',
    '}',
    '',
    '// Checks the X-Hub-Signature-256 header when WHATSAPP_APP_SECRET is set.',
    'function signatureOk(req) {',
    '  const secret = process.env.WHATSAPP_APP_SECRET;',
    '  if (!secret) return true;',
    "  const expected = 'sha256=' + crypto.createHmac('sha256', secret).update(req.rawBody || '').digest('hex');",
    "  return safeEqual(req.get('X-Hub-Signature-256') || '', expected);",
    '}',
    '',
    "app.post('/webhook', (req, res) => {",
    '  if (!signatureOk(req)) {',
    "    logError('Rejected a webhook call with a bad signature');",
    '    res.sendStatus(403);',
    '    return;',
    '  }',
    '  res.sendStatus(200); // answer Meta at once, then handle the messages',
    '  for (const entry of req.body.entry || []) {',
    '    for (const change of entry.changes || []) {',
    '      const value = change.value || {};',
    '      const names = {};',
    "      for (const contact of value.contacts || []) names[contact.wa_id] = (contact.profile && contact.profile.name) || '';",
    '      for (const message of value.messages || []) {',
    "        if (message.type !== 'text') {",
    "          log('Ignoring a ' + message.type + ' message from ' + message.from);",
    '          continue;',
    '        }',
    "        handleText(message.from, names[message.from] || 'there', message.text.body)",
    "          .catch((error) => logError('Could not handle a message from ' + message.from + ':', error));",
    '      }',
    '    }',
    '  }',
    '});',
  );

  const jobs = f.has('scheduled') || f.has('news');
  const scheduled =
    jobs &&
    lines(
      f.has('scheduled')
        ? "const RECIPIENTS = requireEnv('WHATSAPP_RECIPIENTS').split(',').map((n) => n.trim()).filter(Boolean);"
        : "const RECIPIENTS = (process.env.WHATSAPP_RECIPIENTS || '').split(',').map((n) => n.trim()).filter(Boolean);",
      '',
      `// Sends a message to every number of WHATSAPP_RECIPIENTS (scheduled posts${f.has('news') ? ', new headlines' : ''}).`,
      'async function sendToRecipients(text) {',
      '  for (const number of RECIPIENTS) await sendText(number, text);',
      '}',
    );

  const main = lines(
    'app.listen(PORT, () => {',
    "  log(BOT_NAME + ' is listening on port ' + PORT + ' (webhook path /webhook)');",
    jobs &&
      (f.has('scheduled')
        ? lines(jsStartJobs(plan, 'sendToRecipients', '  '), "  log('Sending scheduled messages to ' + RECIPIENTS.length + ' recipient(s)');")
        : lines(
            '  if (RECIPIENTS.length > 0) {',
            jsStartJobs(plan, 'sendToRecipients', '    '),
            "    log('Sending new headlines to ' + RECIPIENTS.length + ' recipient(s) every ' + NEWS_INTERVAL_MINUTES + ' minute(s)');",
            '  }',
          )),
    '});',
  );

  return `${sections(
    1,
    jsHeader(plan, filename, describeFeatures(plan)),
    requires,
    jsSettings(plan),
    jsHelpers(plan, { textCommands: true, menu: 'text', filename }),
    setup,
    sendText,
    handleText,
    app,
    scheduled,
    main,
  )}\n`;
}
