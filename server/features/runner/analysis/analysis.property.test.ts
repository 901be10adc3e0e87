// Properties of the analysers over generated inputs (fast-check): they never throw, Python never
// reports the standard library, JS only reports names npm accepts, and generated reads round-trip.

import { builtinModules } from 'node:module';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { detectEnvVars } from './env-vars';
import { parseImports } from './imports';
import { PYPI_NAMES } from './package-names';
import { PYTHON_STDLIB } from './python-stdlib';

/** npm's own checks for a new package name, written independently of the analyser's. */
function npmAccepts(name: string): boolean {
  if (name.length === 0 || name.length > 214 || /^[._]/.test(name) || name.trim() !== name || name.toLowerCase() !== name) return false;
  if (builtinModules.includes(name) || ['node_modules', 'favicon.ico'].includes(name)) return false;
  const scoped = /^@([^/]+)\/([^/]+)$/.exec(name);
  const parts = scoped ? [scoped[1]!, scoped[2]!] : [name];
  return parts.every((p) => encodeURIComponent(p) === p && !/[~'!()*]/.test(p));
}

// Fragments that make arbitrary text look like code, so the parsers meet near-misses, not just noise.
const CODE_BITS = [
  'import ', 'from ', ' as ', 'require(', 'import(', 'export ', ' * ', '{', '}', '(', ')', '[', ']', "'", '"', '`', '${', '\n', '    ',
  '#', '//', '/*', '*/', '"""', 'os.environ', 'os.getenv(', '.get(', 'process.env', '.', ',', '=', ' || ', ' ?? ', 'def f(name):', 'function f(name) {',
  'telegram', 'lodash/fp', '@slack/bolt', 'node:fs', './x', 'TOKEN', 'name', ';', ':', '\\', '\u0000', '\uD800', 'é',
];
const codeLike = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.array(fc.oneof(fc.constantFrom(...CODE_BITS), fc.string({ maxLength: 5 })), { maxLength: 60 }).map((parts) => parts.join('')),
);

const PY_KEYWORDS = new Set('False None True and as assert async await break class continue def del elif else except finally for from global if import in is lambda nonlocal not or pass raise return try while with yield'.split(' '));
const pyName = fc.stringMatching(/^[a-z][a-z0-9_]{0,8}$/).filter((n) => !PY_KEYWORDS.has(n));
const pyModule = fc.oneof(pyName, fc.constantFrom(...PYTHON_STDLIB), fc.constantFrom(...Object.keys(PYPI_NAMES).filter((k) => !k.includes('.'))));
const envKey = fc.stringMatching(/^[A-Z][A-Z0-9_]{0,15}$/);

describe('analysis properties', () => {
  it('never throws on arbitrary input, and answers well-formed lists', async () => {
    await fc.assert(
      fc.asyncProperty(codeLike, async (code) => {
        for (const language of ['python', 'javascript', 'typescript'] as const) {
          const { imports, packages } = await parseImports(code, language);
          expect(new Set(imports).size).toBe(imports.length);
          expect(packages.map((p) => p.module)).toEqual(imports);
          for (const p of packages) {
            if (p.ecosystem === 'pip') expect(PYTHON_STDLIB.has(p.module.split('.')[0]!)).toBe(false);
            else expect(npmAccepts(p.package)).toBe(true);
          }
        }
        for (const language of ['python', 'javascript'] as const) {
          const vars = await detectEnvVars(code, language);
          expect(new Set(vars.map((v) => v.key)).size).toBe(vars.length);
          for (const v of vars) expect(v.key).toMatch(/^[A-Za-z_][A-Za-z0-9_]*$/);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('lists every non-standard Python module imported, and never the standard library or relative ones', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(pyModule, fc.option(pyName), fc.constantFrom('import', 'from', 'relative')), { maxLength: 12 }), async (rows) => {
        const code = rows.map(([m, sub, kind]) => (kind === 'import' ? `import ${m}${sub ? `.${sub}` : ''}` : kind === 'from' ? `from ${m} import ${sub ?? 'x'}` : `from .${m} import x`)).join('\n');
        const expected = [...new Set(rows.filter(([m, , kind]) => kind !== 'relative' && !PYTHON_STDLIB.has(m)).map(([m]) => m))];
        const { imports, packages } = await parseImports(code, 'python');
        expect(imports).toEqual(expected);
        expect(packages.map((p) => p.package)).toEqual(expected.map((m) => PYPI_NAMES[m] ?? m));
      }),
    );
  });

  it('reports only names npm accepts, whatever the specifier', async () => {
    const specifier = fc.oneof(fc.string({ unit: 'binary', maxLength: 30 }), fc.stringMatching(/^(@[a-zA-Z0-9._~-]{0,6}\/)?[a-zA-Z0-9._~!*()'-]{0,10}(\/[a-z.]{0,5})?$/));
    await fc.assert(
      fc.asyncProperty(fc.array(specifier, { maxLength: 8 }), async (specs) => {
        const code = specs.map((s, i) => (i % 3 === 0 ? `require(${JSON.stringify(s)});` : i % 3 === 1 ? `import x${i} from ${JSON.stringify(s)};` : `import(${JSON.stringify(s)});`)).join('\n');
        for (const language of ['javascript', 'typescript'] as const) {
          for (const p of (await parseImports(code, language)).packages) expect(npmAccepts(p.package)).toBe(true);
        }
      }),
    );
  });

  it('finds valid npm packages at any depth, and nothing in comments or strings', async () => {
    const pkg = fc.stringMatching(/^(@[a-z][a-z0-9-]{0,5}\/)?[a-z][a-z0-9-]{0,10}$/).filter((n) => npmAccepts(n));
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(pkg, fc.option(fc.stringMatching(/^[a-z]{1,5}$/))), { minLength: 1, maxLength: 8 }), async (rows) => {
        const code = rows.map(([p, sub]) => `const m = require('${p}${sub ? `/${sub}` : ''}');`).join('\n');
        expect((await parseImports(code, 'javascript')).imports).toEqual([...new Set(rows.map(([p]) => p))]);
        const hidden = rows.map(([p]) => `// require('${p}')\nconst s = "import x from '${p}'";\n/* import('${p}') */`).join('\n');
        expect((await parseImports(hidden, 'typescript')).imports).toEqual([]);
      }),
    );
  });

  it('round-trips generated Python reads: each key once, in order, required when any read is', async () => {
    const style = fc.constantFrom('environ[]', 'environ.get', 'environ.get default', 'getenv', 'getenv default', 'comment', 'string');
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(envKey, style), { maxLength: 10 }), async (rows) => {
        const line: Record<string, (k: string) => string> = {
          'environ[]': (k) => `v = os.environ['${k}']`, 'environ.get': (k) => `v = os.environ.get("${k}")`, 'environ.get default': (k) => `v = os.environ.get('${k}', 'd')`,
          getenv: (k) => `v = os.getenv('${k}')`, 'getenv default': (k) => `v = os.getenv("${k}", "1")`, comment: (k) => `# os.environ['${k}']`, string: (k) => `v = "os.environ['${k}']"`,
        };
        const code = ['import os', ...rows.map(([k, s]) => line[s]!(k))].join('\n');
        expect(await detectEnvVars(code, 'python')).toEqual(expectedVars(rows, (s) => s === 'environ[]', (s) => s === 'comment' || s === 'string'));
      }),
    );
  });

  it('round-trips generated JavaScript reads: each key once, in order, required when any read is', async () => {
    const style = fc.constantFrom('dot', 'bracket', 'or default', 'nullish default', 'destructure', 'destructure default', 'comment', 'string');
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(envKey, style), { maxLength: 10 }), async (rows) => {
        const line: Record<string, (k: string, i: number) => string> = {
          dot: (k, i) => `const v${i} = process.env.${k};\nuse(v${i});`, bracket: (k) => `use(process.env['${k}']);`, 'or default': (k) => `use(process.env.${k} || 'd');`,
          'nullish default': (k) => `use(process.env["${k}"] ?? 1);`, destructure: (k) => `{ const { ${k} } = process.env; use(${k}); }`,
          'destructure default': (k) => `{ const { ${k} = 'x' } = process.env; }`, comment: (k) => `// process.env.${k}`, string: (k) => `use('process.env.${k}');`,
        };
        const code = rows.map(([k, s], i) => line[s]!(k, i)).join('\n');
        expect(await detectEnvVars(code, 'javascript')).toEqual(expectedVars(rows, (s) => ['dot', 'bracket', 'destructure'].includes(s), (s) => s === 'comment' || s === 'string'));
      }),
    );
  });
});

/** The variables a list of generated reads should give, without the analyser's words. */
function expectedVars(rows: Array<[string, string]>, isRequired: (style: string) => boolean, isHidden: (style: string) => boolean) {
  const required = new Map<string, boolean>();
  for (const [key, style] of rows) if (!isHidden(style)) required.set(key, (required.get(key) ?? false) || isRequired(style));
  return [...required].map(([key, req]) => expect.objectContaining({ key, required: req }));
}
