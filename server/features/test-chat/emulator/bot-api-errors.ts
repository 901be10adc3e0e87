// Bot API answers and refusals in Telegram's own shape and words: `{ok, result}` or
// `{ok:false, error_code, description, parameters?}`; the HTTP status is the error_code.

export type BotApiAnswer =
  | { ok: true; result: unknown; description?: string }
  | { ok: false; error_code: number; description: string; parameters?: { retry_after?: number } };

/** A refusal a method throws; `call` turns it into the answer. */
export class BotApiError extends Error {
  constructor(
    readonly code: number,
    readonly description: string,
    readonly parameters?: { retry_after?: number },
  ) {
    super(description);
    this.name = 'BotApiError';
  }

  answer(): BotApiAnswer {
    return { ok: false, error_code: this.code, description: this.description, ...(this.parameters ? { parameters: this.parameters } : {}) };
  }
}

export const badRequest = (text: string) => new BotApiError(400, `Bad Request: ${text}`);
export const forbidden = (text: string) => new BotApiError(403, `Forbidden: ${text}`);
export const conflict = (text: string) => new BotApiError(409, `Conflict: ${text}`);
export const tooManyRequests = (seconds: number) =>
  new BotApiError(429, `Too Many Requests: retry after ${seconds}`, { retry_after: seconds });

export const UNAUTHORIZED: BotApiAnswer = { ok: false, error_code: 401, description: 'Unauthorized' };
export const NOT_FOUND: BotApiAnswer = { ok: false, error_code: 404, description: 'Not Found' };

/** Texts bots meet often enough that tests and callers name them. */
export const TELEGRAM_TEXTS = {
  chatNotFound: 'chat not found',
  textEmpty: 'message text is empty',
  textTooLong: 'message is too long',
  captionTooLong: 'message caption is too long',
  buttonData: 'BUTTON_DATA_INVALID',
  notModified:
    'message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message',
  editNotFound: 'message to edit not found',
  deleteNotFound: 'message to delete not found',
  cantDelete: "message can't be deleted",
  cantEdit: "message can't be edited",
  queryTooOld: 'query is too old and response timeout expired or query ID is invalid',
  pollConflict: 'terminated by other getUpdates request; make sure that only one bot instance is running',
  webhookActive: "can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first",
  wrongFile: 'wrong file identifier/HTTP URL specified',
  userNotFound: 'user not found',
} as const;

/** What a method returns when Telegram adds a description to a success (setWebhook's "Webhook was set"). */
export class Described {
  constructor(
    readonly result: unknown,
    readonly description: string,
  ) {}
}
