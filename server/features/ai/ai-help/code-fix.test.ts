// The fixes AI Help makes itself: a missing import of a standard module, put where imports go.
import { describe, expect, it } from 'vitest';
import { botError } from './bot-error';
import { readBotLog } from './bot-log';
import { codeFix } from './code-fix';

function fixFor(filename: string, fileContent: string, logs: string[]) {
  const log = readBotLog({ message: 'why?', logs, filename, fileContent });
  return codeFix(log, botError(log));
}

const pyLog = (name: string) => ['Traceback (most recent call last):', '  File "/run/bot.py", line 5, in <module>', `NameError: name '${name}' is not defined`];
const jsLog = (name: string) => ['/run/bot.js:3', `ReferenceError: ${name} is not defined`, '    at Object.<anonymous> (/run/bot.js:3:1)'];

describe('AI Help code fixes', () => {
  it('adds a Python import after the last import, after a docstring, or at the top', () => {
    expect(fixFor('bot.py', 'import logging\nx = json.dumps({})\n', pyLog('json'))?.modifiedCode).toBe('import logging\nimport json\nx = json.dumps({})\n');
    expect(fixFor('bot.py', '"""My bot."""\n\nx = os.getenv("A")\n', pyLog('os'))?.modifiedCode).toBe('"""My bot."""\nimport os\n\nx = os.getenv("A")\n');
    expect(fixFor('bot.py', 'x = os.getenv("A")\n', pyLog('os'))?.modifiedCode).toBe('import os\nx = os.getenv("A")\n');
  });

  it('adds a Node require or import in the style the file uses', () => {
    expect(fixFor('bot.js', "const { Telegraf } = require('telegraf');\nfs.readFileSync('a');\n", jsLog('fs'))?.modifiedCode).toBe(
      "const { Telegraf } = require('telegraf');\nconst fs = require('node:fs');\nfs.readFileSync('a');\n",
    );
    expect(fixFor('bot.mjs', "import { Telegraf } from 'telegraf';\npath.join('a');\n", jsLog('path'))?.modifiedCode).toBe(
      "import { Telegraf } from 'telegraf';\nimport path from 'node:path';\npath.join('a');\n",
    );
  });

  it('offers nothing for names that are not standard modules, or already imported', () => {
    expect(fixFor('bot.py', 'x = handler\n', pyLog('handler'))).toBeNull();
    expect(fixFor('bot.py', 'import os\nx = os\n', pyLog('os'))).toBeNull();
    expect(fixFor('bot.js', 'bot.start()\n', jsLog('bot'))).toBeNull();
  });
});
