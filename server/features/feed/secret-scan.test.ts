import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseAssistantReply } from '../../../shared/code-blocks';
import { builtinChat } from '../ai/builtin';
import { describeFindings, findSecrets, SECRET_KINDS, shannonEntropy, type SecretFinding } from './secret-scan';

// Fake secrets are generated (seeded) rather than written out, so no token-shaped literal sits in the repo.
function seeded(seed: number) {
  let s = seed >>> 0;
  return () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32);
}
const rand = seeded(20240517);
const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const URLSAFE = `${ALNUM}_-`;
const B64 = `${ALNUM}+/`;
const pick = (alphabet: string, n: number) => Array.from({ length: n }, () => alphabet[Math.floor(rand() * alphabet.length)]).join('');
const digits = (n: number) => String(1 + Math.floor(rand() * 9)) + pick('0123456789', n - 1);

const TG = `${digits(10)}:AA${pick(URLSAFE, 33)}`;
const OPENAI = ['s', 'k-', pick(ALNUM, 48)].join('');
const OPENAI_PROJ = ['sk', '-proj-', pick(URLSAFE, 80)].join('');
const ANTHROPIC = ['sk', '-ant-api03-', pick(URLSAFE, 93), 'AA'].join('');
const DISCORD = [Buffer.from(digits(18)).toString('base64url'), pick(URLSAFE, 6), pick(URLSAFE, 27)].join('.');
const AWS_ID = ['AK', 'IA', pick('ABCDEFGHIJKLMNOPQRSTUVWXYZ234567', 16)].join('');
const AWS_SECRET = pick(B64, 40);
const SLACK = ['xo', 'xb-', digits(12), '-', digits(13), '-', pick(ALNUM, 24)].join('');
const GITHUB = ['gh', 'p_', pick(ALNUM, 36)].join('');
const GITHUB_PAT = ['github', '_pat_', pick(ALNUM, 22), '_', pick(ALNUM, 59)].join('');
const GOOGLE = ['AI', 'za', pick(URLSAFE, 35)].join('');
const PEM_BODY = Array.from({ length: 3 }, () => pick(B64, 64));
const PEM = ['-----BEGIN RSA PRIVATE KEY-----', ...PEM_BODY, '-----END RSA PRIVATE KEY-----'].join('\n');
const GENERIC = pick(ALNUM, 32);
const HEX = pick('0123456789abcdef', 40);

const K = SECRET_KINDS;
const kindsOf = (text: string) => findSecrets([{ where: 'code', text }]).map((f) => f.kind);

describe('findSecrets: true positives', () => {
  it.each([
    // Telegram
    ['Telegram in Python', `TOKEN = "${TG}"`, K.telegram],
    ['Telegram in a JS call', `const bot = new Telegraf('${TG}');`, K.telegram],
    ['Telegram in prose', `My bot token is ${TG}, message me if it breaks.`, K.telegram],
    ['Telegram in a URL', `curl https://api.telegram.org/bot${TG}/getMe`, K.telegram],
    // OpenAI / Anthropic
    ['OpenAI in Python', `openai.api_key = "${OPENAI}"`, K.openai],
    ['OpenAI project key in prose', `I used ${OPENAI_PROJ} for the AI replies`, K.openai],
    ['Anthropic in a kwarg', `client = Anthropic(api_key="${ANTHROPIC}")`, K.anthropic],
    ['Anthropic in prose', `key: ${ANTHROPIC}`, K.anthropic],
    // Discord
    ['Discord in Python', `client.run('${DISCORD}')`, K.discord],
    ['Discord in prose', `Token ${DISCORD} (please don't share)`, K.discord],
    // AWS
    ['AWS key id in an ini file', `[default]\naws_access_key_id = ${AWS_ID}`, K.awsKeyId],
    ['AWS key id in prose', `my key id is ${AWS_ID}.`, K.awsKeyId],
    ['AWS secret in an ini file', `aws_secret_access_key = ${AWS_SECRET}`, K.awsSecret],
    ['AWS secret in .env', `AWS_SECRET_ACCESS_KEY="${AWS_SECRET}"`, K.awsSecret],
    // Slack, GitHub, Google
    ['Slack in .env', `SLACK_BOT_TOKEN=${SLACK}`, K.slack],
    ['Slack in prose', `the bot uses ${SLACK} to post`, K.slack],
    ['GitHub classic token', `g = Github("${GITHUB}")`, K.github],
    ['GitHub fine-grained token in prose', `clone with ${GITHUB_PAT}`, K.github],
    ['Google API key in JS', `const url = \`https://maps.googleapis.com/?key=${GOOGLE}\`;`, K.google],
    ['Google API key in prose', `Maps key ${GOOGLE}`, K.google],
    // Private keys
    ['PEM private key', `key = """\n${PEM}\n"""`, K.privateKey],
    ['private key inside JSON (escaped newlines)', `{"private_key": "-----BEGIN PRIVATE KEY-----\\n${PEM_BODY[0]}\\n-----END PRIVATE KEY-----\\n"}`, K.privateKey],
    ['OpenSSH private key', `-----BEGIN OPENSSH PRIVATE KEY-----\n${PEM_BODY[1]}\n-----END OPENSSH PRIVATE KEY-----`, K.privateKey],
    // Long high-entropy literals assigned to secret names
    ['Python SECRET_KEY', `SECRET_KEY = '${GENERIC}'`, K.generic],
    ['Python annotated', `PASSWORD: str = "${GENERIC}"`, K.generic],
    ['JS const apiKey', `const apiKey = "${GENERIC}";`, K.generic],
    ['TS annotated', `const API_TOKEN: string = '${GENERIC}';`, K.generic],
    ['JS object key', `const config = { webhookSecret: \`${GENERIC}\` };`, K.generic],
    ['JSON', `{\n  "name": "bot",\n  "password": "${GENERIC}"\n}`, K.generic],
    ['.env', `WEBHOOK_SECRET=${GENERIC}`, K.generic],
    ['.env with export', `export WHATSAPP_TOKEN=${GENERIC}`, K.generic],
    ['YAML', `twitter:\n  api_key: ${GENERIC}`, K.generic],
    ['kwarg', `tweepy.Client(consumer_secret="${GENERIC}")`, K.generic],
    ['hex secret', `TWILIO_AUTH_TOKEN = "${HEX}"`, K.generic],
    ['passwd', `db_passwd := "${GENERIC}"`, K.generic],
    ['chained assignment', `a = SECRET = "${GENERIC}"`, K.generic],
    ['prose with an assignment', `Set API_KEY=${GENERIC} and run it.`, K.generic],
  ])('%s', (_name, text, kind) => {
    expect(kindsOf(text)).toEqual([kind]);
  });

  it('reports the field and the 1-based line within it', () => {
    const findings = findSecrets([
      { where: 'title', text: 'My bot' },
      { where: 'description', text: `line one\nline two\nhere it is: ${TG}` },
      { where: 'file bot.py', text: `import os\n\nclient.run("${DISCORD}")\nX = 1\nSECRET_KEY = "${GENERIC}"` },
    ]);
    expect(findings).toEqual<SecretFinding[]>([
      { where: 'description', line: 3, kind: K.telegram },
      { where: 'file bot.py', line: 3, kind: K.discord },
      { where: 'file bot.py', line: 5, kind: K.generic },
    ]);
  });

  it('names a provider key once, not again as a generic secret', () => {
    expect(findSecrets([{ where: 'code', text: `OPENAI_API_KEY = "${OPENAI}"\nTOKEN="${TG}"` }])).toEqual([
      { where: 'code', line: 2, kind: K.telegram },
      { where: 'code', line: 1, kind: K.openai },
    ]);
  });

  it('finds a token on any line of a long file', () => {
    const lines = Array.from({ length: 2000 }, (_, i) => `print(${i})`);
    lines[1234] = `TOKEN = "${TG}"`;
    expect(findSecrets([{ where: 'code', text: lines.join('\n') }])).toEqual([{ where: 'code', line: 1235, kind: K.telegram }]);
  });
});

// Telegram tokens are `<bot id, 8-10 digits>:<secret, 34 or 35 of [A-Za-z0-9_-]>`: both lengths are
// caught wherever they sit, and near misses (a digit or a character too many or too few) are not.
describe('findSecrets: Telegram token lengths', () => {
  const token = (idDigits: number, secretLength: number) => `${digits(idDigits)}:${pick(URLSAFE, secretLength)}`;
  const places = (tg: string) => [`TOKEN = "${tg}"`, `const bot = new Telegraf('${tg}');`, `My bot token is ${tg}, thanks.`, `curl https://api.telegram.org/bot${tg}/getMe`, `BOT_TOKEN=${tg}`];

  it.each([
    [8, 34],
    [9, 34],
    [10, 34],
    [8, 35],
    [9, 35],
    [10, 35],
  ])('a %d-digit id with a %d-character secret is a Telegram bot token', (idDigits, secretLength) => {
    for (const text of places(token(idDigits, secretLength))) expect(kindsOf(text), text).toEqual([K.telegram]);
  });

  it.each([
    ['a 33-character secret', token(10, 33)],
    ['a 36-character secret', token(10, 36)],
    ['a 7-digit id', token(7, 34)],
    ['an 11-digit id', token(11, 35)],
  ])('%s is not one', (_name, tg) => {
    for (const text of [`My bot token is ${tg}, thanks.`, `curl https://api.telegram.org/bot${tg}/getMe`]) {
      expect(kindsOf(text).filter((k) => k === K.telegram), text).toEqual([]);
    }
  });

  it.each([
    ['glued to a word', `build${token(9, 34)}`],
    ['after a colon', `v1:${token(9, 35)}`],
    ['placeholder secret, 34', `TELEGRAM_TOKEN=123456789:${'X'.repeat(34)}`],
    ['placeholder secret, 35', `TELEGRAM_TOKEN=123456789:${'X'.repeat(35)}`],
    ['a time and ratio', 'Meet at 12:30, ratio 12345678:1, build 20240517:release_candidate_number_two_ok'],
  ])('%s is not one', (_name, text) => {
    expect(kindsOf(text)).toEqual([]);
  });
});

describe('findSecrets: false positives', () => {
  it.each([
    // Reads from the environment
    ["os.environ['TELEGRAM_TOKEN']", "TOKEN = os.environ['TELEGRAM_TOKEN']"],
    ['os.getenv', 'api_key = os.getenv("API_KEY")'],
    ['os.environ.get with an empty default', 'TELEGRAM_BOT_TOKEN = os.environ.get("TELEGRAM_BOT_TOKEN", "")'],
    ['process.env', 'const token = process.env.DISCORD_TOKEN;'],
    ['process.env in an object', 'const app = new App({ token: process.env.SLACK_BOT_TOKEN, appToken: process.env.SLACK_APP_TOKEN });'],
    ['destructured env', 'const { OPENAI_API_KEY, TWITTER_API_SECRET } = process.env;'],
    ['Deno / Bun env', 'const key = Deno.env.get("API_KEY") ?? Bun.env.API_KEY;'],
    ['env in a call', 'bot.run(os.environ["DISCORD_TOKEN"])'],
    ['a function call', 'secret_key = generate_secret_key_from_settings()'],
    ['an identifier', 'const apiKey = configurationApiKeyFromSettings;'],
    ['type annotations', 'secret_key: SecretKeyProviderInterface\npassword: string | undefined;'],
    // Placeholders
    ['YOUR_TOKEN_HERE', 'TOKEN = "YOUR_TOKEN_HERE"'],
    ['<token>', 'TELEGRAM_TOKEN="<token>"'],
    ['xxxx', 'API_KEY = "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"'],
    ['changeme', 'PASSWORD=changeme'],
    ['empty', 'SECRET = ""'],
    ['template', 'TOKEN = "${TELEGRAM_TOKEN}"\nkey: {{ secrets.API_KEY }}'],
    ['shell variable', 'API_KEY=$OPENAI_API_KEY'],
    ['sk- placeholder', 'OPENAI_API_KEY=sk-xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'],
    ['sk- words', 'openai.api_key = "sk-your-openai-api-key-goes-here"'],
    ['sk- ellipsis', 'keys start with sk-proj-... and are secret'],
    ['Telegram placeholder', `TELEGRAM_TOKEN=123456789:${'X'.repeat(35)}`],
    ['AWS documentation example', 'aws_access_key_id = AKIAIOSFODNN7EXAMPLE\naws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY'],
    ['GitHub placeholder', `GITHUB_TOKEN=ghp_${'x'.repeat(36)}`],
    // Low entropy, words, names
    ['short password', 'PASSWORD = "password123"'],
    ['dev secret words', 'SECRET_KEY = "my-super-secret-dev-key-for-testing"'],
    ['one repeated letter', "key = 'aaaaaaaaaaaaaaaaaaaaaaaa'"],
    ['an identifier-like value', 'TOKEN_ENV_NAME = "TELEGRAM_BOT_TOKEN_V2"'],
    ['a public key', `PUBLIC_KEY = "${GENERIC}"\nstripePublishableKey: '${GENERIC}'\nconst pubkey256 = '${GENERIC}=';`],
    ['an id, not a key', `key_id = "${GENERIC}"`],
    ['a URL', 'WEBHOOK_SECRET_URL = "https://example.com/hooks/AbC123xYz789QrS456"'],
    ['a path', 'KEY_FILE = "/etc/ssl/private/Bot2024Server9.pem"'],
    ['a dict of keywords', 'KEYWORD_REPLIES = {"hours": "We open at 9", "price": "Bread is 3 euros"}'],
    // Prose
    ['ordinary prose', 'A friendly Telegram bot for my bakery. Set TELEGRAM_BOT_TOKEN in the Runner and press Start.'],
    ['prose about keys', 'Your API key: get it from the dashboard. Password: never share it.'],
    ['a UUID in prose', 'The order id 123e4567-e89b-12d3-a456-426614174000 was refunded at 12:30.'],
    ['a commit hash in prose', `Fixed in commit ${HEX}.`],
    ['a public key block', '-----BEGIN PUBLIC KEY-----\nMIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA\n-----END PUBLIC KEY-----'],
    ['a mention of a private key header only', 'A key file starts with -----BEGIN PRIVATE KEY----- and ends with its END line.'],
    ['a time and a phone number', 'Open 08:00-17:00, call 555-123-4567 or +44 20 7946 0958.'],
    ['a base64 image in markdown', `![logo](data:image/png;base64,${pick(B64, 200)})`],
  ])('%s', (_name, text) => {
    expect(findSecrets([{ where: 'description', text }])).toEqual([]);
  });

  it('generated Botwright bots (every platform, Python and JavaScript) have no findings', () => {
    const requests = [
      'Make a Telegram bot in Python that answers /start and echoes messages',
      'A Telegram bot in javascript with /start and /help, a welcome message, ban the words spam and scam, post every 30 minutes, reminders and AI replies',
      'Discord bot in Python that welcomes new members and answers questions with ChatGPT',
      'Discord bot in node.js that welcomes new members and deletes messages with bad words',
      'A Twitter bot that auto-replies to mentions with AI',
      "twitter bot in node that tweets 'Fresh bread is ready!' every 2 hours",
      "A WhatsApp bot for my bakery that replies 'We open at 8' when someone says hours",
      'WhatsApp customer support bot in Node.js with AI answers',
      'Slack bot in JavaScript with reminders and a welcome message',
      'a webhook bot in Python with reminders and AI replies',
    ];
    let files = 0;
    for (const request of requests) {
      const { reply } = builtinChat(request);
      const parsed = parseAssistantReply(reply);
      expect(parsed.blocks.length).toBeGreaterThan(0);
      files += parsed.blocks.length;
      const fields = [{ where: 'description', text: reply }, ...parsed.blocks.map((b) => ({ where: `file ${b.filename}`, text: b.code }))];
      expect(findSecrets(fields), request).toEqual([]);
    }
    expect(files).toBeGreaterThanOrEqual(requests.length);
  });
});

describe('describeFindings', () => {
  it('says what and where, with the advice', () => {
    expect(describeFindings([{ where: 'description', line: 3, kind: K.telegram }])).toBe(
      'This looks like a Telegram bot token in the description (line 3). Remove secrets before sharing: bots read them from environment variables.',
    );
  });

  it('lists several, with the right articles, and counts the rest', () => {
    const text = describeFindings([
      { where: 'title', kind: K.openai },
      { where: 'file bot.py', line: 12, kind: K.awsKeyId },
      { where: 'the description', line: 1, kind: K.generic },
      { where: 'file bot.py', line: 20, kind: K.privateKey },
      { where: 'file bot.py', line: 21, kind: K.slack },
    ]);
    expect(text).toBe(
      'This looks like an OpenAI API key in the title, an AWS access key ID in the file bot.py (line 12), a hard-coded secret in the description (line 1) and 2 more. Remove secrets before sharing: bots read them from environment variables.',
    );
  });

  it('two findings are joined with "and"; none gives an empty string', () => {
    expect(describeFindings([{ where: 'title', kind: K.github }, { where: 'code', line: 2, kind: K.google }])).toMatch(
      /^This looks like a GitHub token in the title and a Google API key in the code \(line 2\)\. /,
    );
    expect(describeFindings([])).toBe('');
  });
});

describe('properties', () => {
  it('shannonEntropy: 0 for one repeated character, log2(n) for n distinct characters', () => {
    expect(shannonEntropy('')).toBe(0);
    expect(shannonEntropy('aaaa')).toBe(0);
    expect(shannonEntropy('abcd')).toBe(2);
  });

  it('never throws, and every finding points at a real line of a given field', () => {
    const field = fc.record({ where: fc.string({ maxLength: 20 }), text: fc.oneof(fc.string({ maxLength: 300 }), fc.string({ unit: 'binary', maxLength: 300 })) });
    const fragments = fc.constantFrom(TG, OPENAI, DISCORD, AWS_ID, SLACK, GOOGLE, PEM, `KEY="${GENERIC}"`, ' = ', '"', "'", '\n', ':', 'TOKEN', 'sk-', '-----BEGIN PRIVATE KEY-----');
    const mixed = fc.array(fc.oneof(fragments, fc.string({ maxLength: 20 })), { maxLength: 20 }).map((parts) => parts.join(''));
    fc.assert(
      fc.property(fc.array(fc.oneof(field, mixed.map((text) => ({ where: 'code', text }))), { maxLength: 4 }), (fields) => {
        const findings = findSecrets(fields);
        for (const f of findings) {
          expect(f.line).toBeGreaterThanOrEqual(1);
          expect(fields.some((x) => x.where === f.where && f.line! <= x.text.split('\n').length)).toBe(true);
        }
        expect(typeof describeFindings(findings)).toBe('string');
      }),
      { numRuns: 1000 },
    );
  });

  it('hostile shapes do not throw: non-arrays, missing text, huge input', () => {
    expect(findSecrets(null as never)).toEqual([]);
    expect(findSecrets([null, { where: 'x' }, { where: 'y', text: 5 }] as never)).toEqual([]);
    const started = Date.now();
    findSecrets([{ where: 'code', text: `${'a'.repeat(200_000)}${'=:'.repeat(100_000)}${'1'.repeat(100_000)}` }]);
    findSecrets([{ where: 'code', text: 'token = "'.repeat(50_000) }]);
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('a token between spaces is always found, whatever surrounds it', () => {
    const word = fc.string({ maxLength: 30 }).map((s) => s.replace(/[A-Za-z0-9_:.+/-]/g, ' '));
    fc.assert(
      fc.property(word, word, fc.constantFrom(TG, OPENAI, ANTHROPIC, DISCORD, AWS_ID, SLACK, GITHUB, GOOGLE), (before, after, token) => {
        expect(findSecrets([{ where: 'd', text: `${before} ${token} ${after}` }])).toHaveLength(1);
      }),
      { numRuns: 300 },
    );
  });
});
