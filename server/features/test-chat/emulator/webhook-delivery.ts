// Webhook mode: while a webhook is set and the running bot can be reached (a delivery function is
// present), pending updates are POSTed one at a time, in order. A failure or a non-2xx answer is
// recorded as last_error and retried after 1 s, doubling up to 60 s. An answer that is JSON with a
// `method` is run as a Bot API call, as Telegram does (Telegraf replies that way).
import { STATUS_CODES } from 'node:http';
import type { UpdateQueue } from './update-queue';

export type WebhookDelivery = (request: { url: string; secretToken?: string; body: string }) => Promise<{ status: number; body: string }>;

export type Webhook = { url: string; secretToken?: string; maxConnections: number; ipAddress?: string };

const FIRST_RETRY_MS = 1_000;
const LAST_RETRY_MS = 60_000;

export class WebhookDeliverer {
  webhook: Webhook | null = null;
  lastErrorDate: number | undefined;
  lastErrorMessage: string | undefined;
  private deliver: WebhookDelivery | null = null;
  private busy = false;
  private retryTimer: NodeJS.Timeout | null = null;
  private retryMs = 0;
  private disposed = false;
  private readonly unsubscribe: () => void;

  constructor(
    private readonly queue: UpdateQueue,
    private readonly runReply: (method: string, params: Record<string, unknown>) => Promise<unknown>,
    private readonly nowSeconds: () => number,
    private readonly delivered: () => void = () => undefined,
  ) {
    this.unsubscribe = queue.onPush(() => void this.pump());
  }

  /** A webhook is set and a delivery function is present. */
  get deliverable(): boolean {
    return this.webhook !== null && this.deliver !== null;
  }

  set(webhook: Webhook): void {
    this.webhook = webhook;
    this.lastErrorDate = undefined;
    this.lastErrorMessage = undefined;
    this.retryNow();
  }

  clear(): void {
    this.webhook = null;
    this.lastErrorDate = undefined;
    this.lastErrorMessage = undefined;
    this.cancelRetry();
  }

  setDelivery(deliver: WebhookDelivery | null): void {
    this.deliver = deliver;
    if (deliver) this.retryNow();
    else this.cancelRetry();
  }

  dispose(): void {
    this.disposed = true;
    this.cancelRetry();
    this.unsubscribe();
  }

  /** A new bot or a new address: no reason to sit out the backoff. */
  private retryNow(): void {
    this.cancelRetry();
    void this.pump();
  }

  private cancelRetry(): void {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.retryMs = 0;
  }

  private async pump(): Promise<void> {
    if (this.busy || this.retryTimer || this.disposed) return;
    this.busy = true;
    try {
      for (;;) {
        const webhook = this.webhook;
        const deliver = this.deliver;
        const update = this.queue.peek();
        if (!webhook || !deliver || !update || this.disposed) return;
        let answer: { status: number; body: string };
        try {
          answer = await deliver({ url: webhook.url, secretToken: webhook.secretToken, body: JSON.stringify(update) });
        } catch (err) {
          this.failed(err instanceof Error && err.message ? err.message : 'Connection refused');
          return;
        }
        if (answer.status < 200 || answer.status > 299) {
          this.failed(`Wrong response from the webhook: ${answer.status} ${STATUS_CODES[answer.status] ?? ''}`.trim());
          return;
        }
        this.queue.remove(update.update_id);
        this.retryMs = 0;
        this.delivered();
        await this.runAnswer(answer.body);
      }
    } finally {
      this.busy = false;
    }
  }

  private failed(message: string): void {
    this.lastErrorDate = this.nowSeconds();
    this.lastErrorMessage = message;
    if (this.disposed) return;
    this.retryMs = this.retryMs === 0 ? FIRST_RETRY_MS : Math.min(LAST_RETRY_MS, this.retryMs * 2);
    const delay = this.retryMs;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      void this.pump();
    }, delay);
  }

  private async runAnswer(body: string): Promise<void> {
    let reply: unknown;
    try {
      reply = JSON.parse(body);
    } catch {
      return;
    }
    if (typeof reply !== 'object' || reply === null || Array.isArray(reply)) return;
    const { method, ...params } = reply as Record<string, unknown>;
    if (typeof method !== 'string') return;
    await this.runReply(method, params).catch(() => undefined);
  }
}
