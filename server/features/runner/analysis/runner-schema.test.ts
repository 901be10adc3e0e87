// The request schemas of parse-imports and detect-env-vars (shared/runner.schema.ts).

import { describe, expect, it } from 'vitest';
import { detectEnvVarsInput, parseImportsInput } from '../../../../shared/runner.schema';

describe('runner analysis inputs', () => {
  it('accepts content with each language its endpoint reads', () => {
    for (const language of ['python', 'javascript', 'typescript']) expect(parseImportsInput.safeParse({ content: 'import os', language }).success).toBe(true);
    for (const language of ['python', 'javascript']) expect(detectEnvVarsInput.safeParse({ content: '', language }).success).toBe(true);
  });

  it('refuses other languages, with a message naming the accepted ones', () => {
    const env = detectEnvVarsInput.safeParse({ content: 'x', language: 'typescript' });
    expect(env.success).toBe(false);
    expect(env.error?.issues[0]?.message).toBe("Language must be 'python' or 'javascript'");
    for (const language of ['Python', 'py', 'ruby', '', undefined, 1]) expect(parseImportsInput.safeParse({ content: 'x', language }).success).toBe(false);
  });

  it('refuses unknown keys, missing or non-text content, and content over 1 MiB (counted in bytes)', () => {
    expect(parseImportsInput.safeParse({ content: 'x', language: 'python', filename: 'a.py' }).success).toBe(false);
    expect(detectEnvVarsInput.safeParse({ language: 'python' }).success).toBe(false);
    expect(detectEnvVarsInput.safeParse({ content: 42, language: 'python' }).success).toBe(false);
    expect(parseImportsInput.safeParse({ content: 'a'.repeat(1024 * 1024), language: 'python' }).success).toBe(true);
    expect(parseImportsInput.safeParse({ content: 'a'.repeat(1024 * 1024 + 1), language: 'python' }).success).toBe(false);
    expect(parseImportsInput.safeParse({ content: 'é'.repeat(600 * 1024), language: 'python' }).success).toBe(false);
  });
});
