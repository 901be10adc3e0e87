import { describe, expect, it } from 'vitest';
import { IMPORT_ACCEPT, importProblem, looksBinary } from './import-files';

const file = (name: string, size = 10) => ({ name, size });

describe('import files', () => {
  it('accepts the five extensions, in any case', () => {
    expect(importProblem(['bot.py', 'bot.js', 'bot.ts', 'config.json', 'notes.txt', 'BOT.PY'].map((n) => file(n)))).toBeNull();
    expect(IMPORT_ACCEPT).toBe('.py,.js,.ts,.json,.txt');
  });

  it('refuses other types, naming the files and the allowed types', () => {
    const problem = importProblem([file('a.py'), file('image.png'), file('bot.tsx')]);
    expect(problem?.title).toBe('Cannot import image.png, bot.tsx');
    expect(problem?.message).toBe('Only .py, .js, .ts, .json, .txt files can be imported.');
    for (const name of ['archive.zip', '.py', 'py']) expect(importProblem([file(name)])).not.toBeNull();
  });

  it('refuses files over 1 MiB, and accepts exactly 1 MiB', () => {
    expect(importProblem([file('big.py', 1024 * 1024 + 1)])?.title).toBe('Cannot import big.py');
    expect(importProblem([file('edge.py', 1024 * 1024)])).toBeNull();
  });

  it('refuses names the server would refuse', () => {
    expect(importProblem([file('my bot.py')])?.title).toBe('Cannot import my bot.py');
  });

  it('refuses more than 20 files at once', () => {
    expect(importProblem(Array.from({ length: 21 }, (_, i) => file(`f${i}.py`)))?.title).toBe('Too many files');
    expect(importProblem(Array.from({ length: 20 }, (_, i) => file(`f${i}.py`)))).toBeNull();
  });

  it('spots binary content', () => {
    expect(looksBinary('print("hi")')).toBe(false);
    expect(looksBinary('PK\u0003\u0004\u0000\u0000')).toBe(true);
  });
});
