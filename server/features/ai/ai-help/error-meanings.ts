// What common Python and JavaScript errors mean, in one short clause each, for the general answer
// when no more specific diagnosis fits.
const MEANINGS: Array<[RegExp, string]> = [
  [/\bNameError\b|ReferenceError: .* is not defined/, 'the code uses a name that is not defined: a typo, or a missing import'],
  [/\bAttributeError\b|is not a function/, 'the code uses something an object does not have: often a typo, a value that is None/undefined, or code written for another version of a library'],
  [/Cannot read propert(?:y|ies) of (?:undefined|null)|'NoneType' object/, 'the code uses a value that is empty (None or undefined): often a setting that was not filled in, or an answer that did not come'],
  [/\bTypeError\b/, 'the code passes a value of the wrong kind, for example nothing (None) where text is expected'],
  [/\bKeyError\b/, 'the code looks up a key that is not there'],
  [/\bIndexError\b|RangeError/, 'the code reads past the end of a list'],
  [/\bValueError\b/, 'the code got a value of the right kind but with unusable content'],
  [/\bZeroDivisionError\b/, 'the code divides by zero'],
  [/FileNotFoundError|ENOENT/, 'the code opens a file that is not there: the Runner has only the project\'s own files'],
  [/PermissionError|EACCES|EROFS|Read-only file system/, 'the code writes where it may not: write files into the current folder or /tmp'],
  [/MemoryError|heap out of memory|\bKilled\b|out of memory/i, 'the bot used more memory than a run may use'],
  [/event loop is (?:already running|closed)|asyncio\.run\(\) cannot be called/, 'the bot starts asyncio twice: with python-telegram-bot 20, call app.run_polling() without asyncio.run()'],
  [/coroutine .* was never awaited/, 'an async function was called without await'],
  [/UnhandledPromiseRejection|unhandled promise rejection/i, 'an async call failed and nothing caught the error'],
  [/JSONDecodeError|is not valid JSON|in JSON at position/, 'the code reads text as JSON that is not JSON: often an error page from a web service instead of the expected answer'],
  [/\b429\b|Too Many Requests|RetryAfter|rate.?limit/i, 'the platform asks the bot to slow down: it sends too many requests'],
  [/\b403\b|Forbidden/, 'the platform refused an action: the bot may be blocked by the user, or lack the permission in that chat or server'],
  [/\b400\b|Bad Request/, 'the platform rejected a request as malformed: for example an empty message text or a wrong chat id'],
];

export function errorMeaning(line: string): string | null {
  return MEANINGS.find(([pattern]) => pattern.test(line))?.[1] ?? null;
}
