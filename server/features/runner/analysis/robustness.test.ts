// Hostile and oversized input: the analysers stay linear, survive a grammar that faults inside wasm,
// and answer for files up to the 1 MiB limit in reasonable time.

import { describe, expect, it } from 'vitest';
import { parseAssistantReply } from '../../../../shared/code-blocks';
import { builtinChat } from '../../ai/builtin';
import { detectEnvVars } from './env-vars';
import { parseImports } from './imports';
import { withTree } from './tree-sitter';

const MiB = 1024 * 1024;

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const start = performance.now();
  const value = await work();
  return { value, ms: performance.now() - start };
}

describe('analysis robustness', () => {
  it('survives 600 nested indentation levels (tree-sitter-python faults past ~500) and keeps working', async () => {
    const code = Array.from({ length: 600 }, (_, i) => `${' '.repeat(i)}if 'A' in os.environ:\n${' '.repeat(i + 1)}x = os.environ['A']\n`).join('') + 'import requests\n';
    expect((await parseImports(code, 'python')).imports).toEqual(['requests']);
    expect((await detectEnvVars(code, 'python')).map((v) => v.key)).toEqual(['A']);
    expect((await parseImports('import flask', 'python')).imports).toEqual(['flask']);
  });

  it('keeps statements and helpers (tabs and spaces mixed) intact when it bounds indentation', async () => {
    const deep = Array.from({ length: 300 }, (_, i) => `${' '.repeat(i)}if x:`).join('\n');
    const helper = 'def need(name):\n\tvalue = os.getenv(name, "")\n        if not value:\n\t\traise SystemExit(name)\n        return value\n';
    const code = `${deep}\n\tpass\nimport os\n${helper}def f():\n\tif y:\n\t\timport discord\n        return need('T')\n`;
    expect((await parseImports(code, 'python')).imports).toEqual(['discord']);
    expect((await detectEnvVars(code, 'python')).map((v) => `${v.key}${v.required ? '!' : '?'}`)).toEqual(['T!']);
  });

  it('starts a fresh runtime after a fault inside wasm instead of reusing corrupt memory', async () => {
    const fault = () => {
      throw new WebAssembly.RuntimeError('memory access out of bounds');
    };
    expect(await withTree(['python'], 'import os', fault, 'fallback')).toBe('fallback');
    expect((await parseImports('import flask', 'python')).imports).toEqual(['flask']);
    expect((await parseImports("import x from 'express'", 'typescript')).imports).toEqual(['express']);
  });

  it('lets an error of its own surface rather than hiding it', async () => {
    await expect(withTree(['javascript'], 'x', () => { throw new TypeError('bug'); }, null)).rejects.toThrow('bug');
  });

  it('analyses a 1 MiB bot file in a few seconds', async () => {
    const one = parseAssistantReply(builtinChat('a whatsapp bot in node with reminders and AI replies').reply).blocks[0]!.code;
    const big = one.repeat(Math.floor(MiB / one.length));
    const imports = await timed(() => parseImports(big, 'javascript'));
    const vars = await timed(() => detectEnvVars(big, 'javascript'));
    expect(imports.value.imports).toEqual(['express']); // built from its plan: the model is called with fetch
    expect(vars.value.map((v) => v.key)).toContain('WHATSAPP_TOKEN');
    expect(imports.ms + vars.ms).toBeLessThan(10_000);
  });

  it.each([
    ['a chain of 5,000 `||` reads', 'javascript', `x = ${'process.env.A || '.repeat(5000)}1`],
    ['5,000 nested `if (!process.env.A)` blocks', 'javascript', `${'if (!process.env.A) {\n'.repeat(5000)}${'}'.repeat(5000)}`],
    ['5,000 reads into one variable name', 'javascript', Array.from({ length: 5000 }, (_, i) => `const v = process.env.A${i % 50}; use(v);`).join('\n')],
    ['5,000 nested helper functions', 'javascript', `${'function f(name) {\n'.repeat(5000)}process.env[name];${'}'.repeat(5000)}\nf('X');`],
    ['a chain of 5,000 guarded Python reads', 'python', `x = ${"os.getenv('A') and os.environ['A'] and ".repeat(5000)}1`],
    ['100,000 open parentheses', 'python', '('.repeat(100_000)],
  ] as const)('stays fast on %s', async (_name, language, code) => {
    const { ms } = await timed(async () => {
      await parseImports(code, language);
      await detectEnvVars(code, language);
    });
    expect(ms).toBeLessThan(8_000); // quadratic or worse work here took minutes
  });
});
