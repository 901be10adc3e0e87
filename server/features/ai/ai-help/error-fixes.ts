// Concrete causes and fixes for exception messages common in bot code, more specific than the one-clause
// meanings in error-meanings.ts: "$1" in a text is the pattern's first capture (a name or a value).
type Known = { pattern: RegExp; cause: string; fix: string };

const KNOWN: Known[] = [
  {
    pattern: /invalid literal for int\(\) with base 10: (.*)$/,
    cause: 'int() turns text into a whole number, and the text it got, $1, is not one (it has letters, spaces, a decimal point, or is empty)',
    fix: 'check the text before converting it (for example: if text.strip().isdigit(): n = int(text)), or put int(...) in try/except ValueError and reply with a hint; if the value comes from an environment variable, save a whole number there',
  },
  {
    pattern: /could not convert string to float: (.*)$/,
    cause: 'float() turns text into a number, and the text it got, $1, is not one',
    fix: 'check the text first, or put float(...) in try/except ValueError and reply with a hint (a decimal comma must become a dot)',
  },
  {
    pattern: /'NoneType' object has no attribute '(\w+)'/,
    cause: "the value before .$1 is None: for example update.message is None for an edited message or a button press, or .text is None for a photo",
    fix: "check the value before using it (for example: if update.message and update.message.text:), or register the handler only for the messages it can handle (filters.TEXT)",
  },
  {
    pattern: /'NoneType' object is not subscriptable/,
    cause: 'the code uses [...] on a value that is None: a lookup or a call returned nothing',
    fix: 'check for None before indexing (if value is not None:)',
  },
  {
    pattern: /Cannot read propert(?:y|ies) of (?:undefined|null) \(reading '([^']+)'\)/,
    cause: "the value before .$1 is undefined: for example ctx.message is undefined for a button press, or ctx.message.text for a sticker or photo",
    fix: "check it first (ctx.message?.text), or handle only text messages (bot.on(message('text'), ...) in Telegraf)",
  },
  {
    pattern: /(?:name '(\w+)' is not defined|^(\w+) is not defined)/,
    cause: '$1 is used before it is defined: a typo in the name, a missing import, or a variable defined inside another function',
    fix: 'check the spelling of $1, add the import it needs, or define it before this line',
  },
  {
    pattern: /^(\S+) is not a function/,
    cause: '$1 is not a function here: a typo, or code written for another version of the library',
    fix: 'check the spelling and the library\'s documentation for the version installed, or ask Modify to update the call',
  },
  {
    pattern: /can only concatenate str \(not "(\w+)"\) to str|must be str, not (\w+)/,
    cause: 'text is joined with a $1 using +',
    fix: 'turn the value into text first: str(value), or write an f-string such as f"Total: {value}"',
  },
  {
    pattern: /list index out of range|index out of range/,
    cause: 'the code reads an item past the end of a list: for example context.args[0] when the command was sent without an argument',
    fix: 'check the length first (if context.args:) and reply with how to use the command',
  },
  {
    pattern: /division by zero/,
    cause: 'a number is divided by zero',
    fix: 'check the divisor before dividing (if count:)',
  },
  {
    pattern: /object (?:of type '\w+' )?(?:can't be used in 'await' expression|is not awaitable)/,
    cause: 'await is used on something that is not async',
    fix: 'remove the await in front of that call',
  },
];

export type ErrorFix = { cause: string; fix: string };

export function errorFix(line: string): ErrorFix | null {
  for (const { pattern, cause, fix } of KNOWN) {
    const m = pattern.exec(line);
    if (!m) continue;
    const v = m.slice(1).find((x) => x !== undefined) ?? '';
    return { cause: cause.replaceAll('$1', v), fix: fix.replaceAll('$1', v) };
  }
  return null;
}
