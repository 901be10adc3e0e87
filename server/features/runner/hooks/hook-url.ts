// A bot's public webhook address, PUBLIC_URL/hooks/<projectId>/<secret>/<anything...>: how it is
// written, how an incoming address is read (raw, before any decoding), and how logs hide the secret.

/** The secret's spelling: base64url, as hook-secrets.ts makes it (longer bounds leave room for change). */
const SECRET = '[A-Za-z0-9_-]{16,128}';
const PROJECT_ID = '[A-Za-z0-9]{1,64}';
const HOOK_ADDRESS = new RegExp(`^/hooks/(${PROJECT_ID})/(${SECRET})(/[^?#]*)?(\\?[^#]*)?$`);

export function hookUrl(publicUrl: string, projectId: string, secret: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/hooks/${projectId}/${secret}`;
}

export type HookAddress = { projectId: string; secret: string; /** What the bot is asked for: the path after the secret and the query. */ target: string };

/** Reads a request's raw address (`req.raw.url`); null when it is no webhook address of ours. */
export function parseHookAddress(rawUrl: string): HookAddress | null {
  const match = HOOK_ADDRESS.exec(rawUrl);
  if (!match) return null;
  return { projectId: match[1]!, secret: match[2]!, target: `${match[3] || '/'}${match[4] ?? ''}` };
}

/** Any webhook address in a text with its secret replaced: for every log line. */
export function redactHookSecrets(text: string): string {
  return text.includes('/hooks/') ? text.replace(/(\/hooks\/[^/?#\s'"]*\/)[^/?#\s'"]+/g, '$1[redacted]') : text;
}
