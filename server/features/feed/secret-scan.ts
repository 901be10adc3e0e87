// Posts never carry secrets: the title, description and attached code of a post are scanned
// for things that look like tokens or keys, and a post with any is refused with a message that says
// where. Provider formats (Telegram, OpenAI, Anthropic, Discord, AWS, Slack, GitHub, Google, private
// keys) are matched by shape; anything else must be a long, high-entropy literal assigned to a name
// like TOKEN, SECRET, KEY or PASSWORD. Reads from the environment, placeholders and ordinary words are
// not secrets. Pure: no I/O.

export type SecretFinding = { where: string; line?: number; kind: string };

export const SECRET_KINDS = {
  telegram: 'Telegram bot token',
  openai: 'OpenAI API key',
  anthropic: 'Anthropic API key',
  discord: 'Discord bot token',
  awsKeyId: 'AWS access key ID',
  awsSecret: 'AWS secret access key',
  slack: 'Slack token',
  github: 'GitHub token',
  google: 'Google API key',
  privateKey: 'private key',
  generic: 'hard-coded secret',
} as const;

const MAX_FINDINGS = 100;

/** Shannon entropy in bits per character. */
export function shannonEntropy(s: string): number {
  if (s.length === 0) return 0;
  const counts = new Map<string, number>();
  for (const ch of s) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  let bits = 0;
  for (const n of counts.values()) {
    const p = n / s.length;
    bits -= p * Math.log2(p);
  }
  return bits;
}

const classesIn = (s: string): number => [/[a-z]/, /[A-Z]/, /[0-9]/].filter((re) => re.test(s)).length;

// Words people put where a secret goes: never flagged.
const PLACEHOLDER_WORDS =
  /your|example|sample|dummy|placeholder|change_?me|redacted|replace|insert|paste|fake|token_?here|key_?here|secret_?here|_here$|0123456|1234567|abcdefg|qwerty/i;

function isPlaceholder(value: string): boolean {
  return (
    PLACEHOLDER_WORDS.test(value) ||
    /(.)\1{5,}/.test(value) || // xxxxxx, 000000, ******
    /<[^>]*>|^\$|\$\{|\{\{|%\(|%s|\*{3}|\s|…|\.\.\./.test(value) // <token>, $VAR, ${TOKEN}, {{ secrets.X }}, sk-...
  );
}

/** A name-like value (SecretKeyProviderInterface, TELEGRAM_BOT_TOKEN_V2): a few long words, not random. */
function isIdentifierLike(value: string): boolean {
  const segments = value.match(/[A-Z]?[a-z]+|[A-Z]+(?![a-z])|\d+/g) ?? [];
  if (segments.length === 0) return true;
  const avg = segments.reduce((n, s) => n + s.length, 0) / segments.length;
  return segments.length <= 5 && avg >= 3;
}

function looksRandom(value: string, minEntropy: number): boolean {
  return classesIn(value) >= 2 && shannonEntropy(value) >= minEntropy && !isPlaceholder(value);
}

// The id part of a Discord token is the bot's numeric id in base64.
function isDiscordId(part: string): boolean {
  return /^\d{17,20}$/.test(Buffer.from(part, 'base64url').toString('latin1'));
}

type Rule = { kind: string; re: RegExp; ok: (m: RegExpExecArray) => boolean };

const RULES: Rule[] = [
  {
    // <bot id, 8-10 digits>:<secret, 35 characters, or 34 in some tokens BotFather issued>.
    kind: SECRET_KINDS.telegram,
    re: /(?:(?<=\/bot)|(?<![A-Za-z0-9_:]))\d{8,10}:([A-Za-z0-9_-]{34,35})(?![A-Za-z0-9_-])/g,
    ok: (m) => looksRandom(m[1]!, 3.5),
  },
  {
    kind: SECRET_KINDS.anthropic,
    re: /(?<![A-Za-z0-9_-])sk-ant-([A-Za-z0-9_-]{20,})/g,
    ok: (m) => looksRandom(m[1]!, 3.5),
  },
  {
    kind: SECRET_KINDS.openai,
    re: /(?<![A-Za-z0-9_-])sk-(?!ant-)(?:proj-|svcacct-|admin-)?([A-Za-z0-9_-]{20,})/g,
    ok: (m) => looksRandom(m[1]!, 3.5),
  },
  {
    kind: SECRET_KINDS.discord,
    re: /(?<![A-Za-z0-9_.-])([MNO][A-Za-z0-9_-]{23,25})\.[A-Za-z0-9_-]{6,7}\.([A-Za-z0-9_-]{27,40})(?![A-Za-z0-9_.-])/g,
    ok: (m) => isDiscordId(m[1]!) && looksRandom(m[2]!, 3.5),
  },
  {
    kind: SECRET_KINDS.awsKeyId,
    re: /(?<![A-Za-z0-9])(?:AKIA|ASIA)([A-Z0-9]{16})(?![A-Za-z0-9])/g,
    ok: (m) => shannonEntropy(m[1]!) >= 3 && !isPlaceholder(m[0]),
  },
  {
    kind: SECRET_KINDS.slack,
    re: /(?<![A-Za-z0-9_-])(?:xox[baprs]|xapp)-([A-Za-z0-9-]{10,})/g,
    ok: (m) => /\d/.test(m[1]!) && looksRandom(m[1]!, 3),
  },
  {
    kind: SECRET_KINDS.github,
    re: /(?<![A-Za-z0-9_])(?:gh[pousr]_([A-Za-z0-9]{36,})|github_pat_([A-Za-z0-9_]{22,}))/g,
    ok: (m) => looksRandom(m[1] ?? m[2]!, 3.5),
  },
  {
    kind: SECRET_KINDS.google,
    re: /(?<![A-Za-z0-9_-])AIza([0-9A-Za-z_-]{35})(?![A-Za-z0-9_-])/g,
    ok: (m) => looksRandom(m[1]!, 3.5),
  },
  {
    // The header, then (after real or escaped newlines, and PEM headers of encrypted keys) key data.
    kind: SECRET_KINDS.privateKey,
    re: /-----BEGIN (?:[A-Z0-9]+ ){0,3}PRIVATE KEY-----(?:\\[rn]|\s)+(?:Proc-Type:[^\n\\]*(?:\\[rn]|\s)+DEK-Info:[^\n\\]*(?:\\[rn]|\s)+)?[A-Za-z0-9+/=]{16,}/g,
    ok: () => true,
  },
];

// name = value, name: value, name := value, "name": "value", NAME=value (.env), kwargs, object keys.
// A type annotation may come between (`API_KEY: str = "..."`, `const key: string = '...'`).
// The value is a quoted literal or a bare word; a bare word followed by ( or [ is code, not a literal.
const ASSIGNMENT =
  /(?<![\w$])(["'`]?)([A-Za-z_$][\w$.-]{0,63})\1(?:[ \t]{0,8}:[ \t]{0,8}[A-Za-z_][\w.]{0,40}(?:\[[\w., |]{0,40}\])?(?:[ \t]{0,8}\|[ \t]{0,8}[A-Za-z_][\w.]{0,40}){0,4}(?=[ \t]{0,8}=[^=]))?[ \t]{0,8}(?::=|={1,3}|:)[ \t]{0,8}(?:"([^"\\\n]{1,400})"|'([^'\\\n]{1,400})'|`([^`\\\n]{1,400})`|([^\s"'`,;#(){}[\]<>]{1,400}))/g;
const SECRET_NAME = /token|secret|key|passw(?:or)?d/i;
const NOT_SECRET_NAME = /public|publishable|pub_?key|fingerprint|keyword|monkey|keyboard|hotkey|(?:^|[_.-])ids?$/i;
const CAMEL_ID = /[a-z]Ids?$/; // keyId, tokenIds
const AWS_SECRET_NAME = /aws.?secret/i;
const DOTTED_IDENTIFIER = /^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)+$/;
const URL_OR_PATH = /^(?:[a-z][a-z0-9+.-]*:\/\/|\.{0,2}\/|~\/|[A-Za-z]:\\)|\.(?:pem|key|json|txt|env|py|js|ts)$/i;

function genericKind(name: string, value: string, bare: boolean, next: string): string | null {
  if (!SECRET_NAME.test(name) || NOT_SECRET_NAME.test(name) || CAMEL_ID.test(name)) return null;
  if (bare && (next === '(' || next === '[' || DOTTED_IDENTIFIER.test(value))) return null;
  if (value.length < 16 || URL_OR_PATH.test(value) || isPlaceholder(value)) return null;
  if (AWS_SECRET_NAME.test(name) && /^[A-Za-z0-9/+=]{40}$/.test(value) && looksRandom(value, 3.5)) return SECRET_KINDS.awsSecret;
  if (!looksRandom(value, 3.5) || isIdentifierLike(value)) return null;
  return SECRET_KINDS.generic;
}

function lineStartsOf(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}

function lineAt(starts: number[], index: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= index) lo = mid;
    else hi = mid - 1;
  }
  return lo + 1;
}

function scanField(where: string, text: string, out: SecretFinding[]): void {
  const starts = lineStartsOf(text);
  const seen = new Set<string>();
  const add = (index: number, kind: string) => {
    const line = lineAt(starts, index);
    const key = `${line}\u0000${kind}`;
    if (seen.has(key) || out.length >= MAX_FINDINGS) return;
    seen.add(key);
    out.push({ where, line, kind });
  };
  const covered: Array<[number, number]> = [];
  for (const rule of RULES) {
    rule.re.lastIndex = 0;
    for (let m = rule.re.exec(text); m; m = rule.re.exec(text)) {
      if (!rule.ok(m)) continue;
      covered.push([m.index, m.index + m[0].length]);
      add(m.index, rule.kind);
    }
  }
  ASSIGNMENT.lastIndex = 0;
  for (let m = ASSIGNMENT.exec(text); m; m = ASSIGNMENT.exec(text)) {
    const value = m[3] ?? m[4] ?? m[5] ?? m[6] ?? '';
    const end = m.index + m[0].length;
    const valueStart = end - value.length - (m[6] === undefined ? 1 : 0);
    if (covered.some(([s, e]) => valueStart < e && s < end)) continue; // already named by its provider
    const kind = genericKind(m[2]!, value, m[6] !== undefined, text[end] ?? '');
    if (kind) add(m.index, kind);
    // Let `a = b = "..."` and `{"token": "x", "key": "y"}` find the next name inside this match.
    ASSIGNMENT.lastIndex = m.index + Math.max(1, m[1]!.length + m[2]!.length);
  }
}

/** Secret-looking text in each field, with 1-based line numbers within the field. Never throws. */
export function findSecrets(fields: Array<{ where: string; text: string }>): SecretFinding[] {
  const out: SecretFinding[] = [];
  if (!Array.isArray(fields)) return out;
  for (const field of fields) {
    if (!field || typeof field.text !== 'string' || out.length >= MAX_FINDINGS) continue;
    scanField(String(field.where ?? ''), field.text, out);
  }
  return out;
}

const withArticle = (kind: string) => `${/^[aeiou]/i.test(kind) ? 'an' : 'a'} ${kind}`;
const place = (where: string) => (/^(?:the|a|an)\s/i.test(where) ? where : `the ${where}`);
const SHOWN = 3;

/**
 * One message for people: "This looks like a Telegram bot token in the description (line 3). Remove
 * secrets before sharing: bots read them from environment variables." `where` is a noun phrase such as
 * 'title', 'description' or 'file bot.py'. Empty when there is nothing to report.
 */
export function describeFindings(findings: SecretFinding[]): string {
  if (!Array.isArray(findings) || findings.length === 0) return '';
  const parts = findings
    .slice(0, SHOWN)
    .map((f) => `${withArticle(f.kind)} in ${place(f.where)}${f.line ? ` (line ${f.line})` : ''}`);
  const more = findings.length - SHOWN;
  if (more > 0) parts.push(`${more} more`);
  const list = parts.length === 1 ? parts[0]! : `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]!}`;
  return `This looks like ${list}. Remove secrets before sharing: bots read them from environment variables.`;
}
