// getUpdates, setWebhook, deleteWebhook and getWebhookInfo: how updates reach the bot, by long
// polling or by webhook, never both (409 while a webhook is set), as Telegram enforces it.
import { badRequest, conflict, Described, TELEGRAM_TEXTS } from './bot-api-errors';
import { optionalArray, optionalBoolean, optionalInteger, optionalString } from './bot-api-params';
import type { BotMethod } from './bot-method';

const WEBHOOK_PORTS = new Set(['443', '80', '88', '8443']);
const ALLOWED_UPDATES_ERROR = "can't parse allowed updates JSON object";

export const getUpdates: BotMethod = ({ core, params, signal }) => {
  if (core.webhook.webhook) throw conflict(TELEGRAM_TEXTS.webhookActive);
  core.listening = true;
  core.updates.setAllowed(optionalArray(params, 'allowed_updates', ALLOWED_UPDATES_ERROR));
  return core.updates.poll({
    offset: optionalInteger(params, 'offset'),
    limit: optionalInteger(params, 'limit'),
    timeout: optionalInteger(params, 'timeout'),
    signal,
  });
};

export const setWebhook: BotMethod = ({ core, params }) => {
  const url = optionalString(params, 'url')?.trim() ?? '';
  if (url === '') return deleteWebhook({ core, params, files: new Map() });
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw badRequest('bad webhook: Wrong HTTP URL specified');
  }
  if (parsed.protocol !== 'https:') throw badRequest('bad webhook: An HTTPS URL must be provided for webhook');
  if (!WEBHOOK_PORTS.has(parsed.port || '443')) throw badRequest('bad webhook: Webhook can be set up only on ports 80, 88, 443 or 8443');
  const secretToken = optionalString(params, 'secret_token') || undefined;
  if (secretToken !== undefined) {
    if (secretToken.length > 256) throw badRequest('secret token is too long');
    if (!/^[A-Za-z0-9_-]+$/.test(secretToken)) throw badRequest('secret token contains unallowed characters');
  }
  const maxConnections = Math.min(100, Math.max(1, optionalInteger(params, 'max_connections') ?? 40));
  core.updates.setAllowed(optionalArray(params, 'allowed_updates', ALLOWED_UPDATES_ERROR));
  if (optionalBoolean(params, 'drop_pending_updates')) core.updates.dropAll();
  const already = core.webhook.webhook?.url === url && core.webhook.webhook.secretToken === secretToken;
  // A poll waiting now belongs to the way of getting updates that just ended.
  core.updates.endPoll();
  core.webhook.set({ url, secretToken, maxConnections, ipAddress: optionalString(params, 'ip_address') });
  core.listening = true;
  return new Described(true, already ? 'Webhook is already set' : 'Webhook was set');
};

export const deleteWebhook: BotMethod = ({ core, params }) => {
  if (optionalBoolean(params, 'drop_pending_updates')) core.updates.dropAll();
  const had = core.webhook.webhook !== null;
  core.webhook.clear();
  return new Described(true, had ? 'Webhook was deleted' : 'Webhook is already deleted');
};

export const getWebhookInfo: BotMethod = ({ core }) => {
  const webhook = core.webhook.webhook;
  const info: Record<string, unknown> = { url: webhook?.url ?? '', has_custom_certificate: false, pending_update_count: core.updates.count };
  if (!webhook) return info;
  if (webhook.ipAddress) info.ip_address = webhook.ipAddress;
  if (core.webhook.lastErrorDate !== undefined) {
    info.last_error_date = core.webhook.lastErrorDate;
    info.last_error_message = core.webhook.lastErrorMessage;
  }
  info.max_connections = webhook.maxConnections;
  const allowed = core.updates.allowedUpdates;
  if (allowed) info.allowed_updates = allowed;
  return info;
};
