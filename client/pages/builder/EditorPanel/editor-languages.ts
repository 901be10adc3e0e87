// Syntax highlighting by extension for the languages the editor header labels (shared/filenames.ts);
// anything without a CodeMirror grammar here is shown as plain text.
import type { Extension } from '@codemirror/state';
import { css } from '@codemirror/lang-css';
import { html } from '@codemirror/lang-html';
import { javascript } from '@codemirror/lang-javascript';
import { json } from '@codemirror/lang-json';
import { markdown } from '@codemirror/lang-markdown';
import { python } from '@codemirror/lang-python';
import { sql } from '@codemirror/lang-sql';
import { yaml } from '@codemirror/lang-yaml';
import { extensionOf } from '../../../../shared/filenames';

const languages: Record<string, () => Extension> = {
  py: () => python(),
  js: () => javascript(),
  mjs: () => javascript(),
  cjs: () => javascript(),
  jsx: () => javascript({ jsx: true }),
  ts: () => javascript({ typescript: true }),
  tsx: () => javascript({ typescript: true, jsx: true }),
  json: () => json(),
  html: () => html(),
  xml: () => html(),
  css: () => css(),
  scss: () => css(),
  md: () => markdown(),
  sql: () => sql(),
  yaml: () => yaml(),
  yml: () => yaml(),
};

export function languageExtension(filename: string): Extension {
  const make = languages[extensionOf(filename)];
  return make ? make() : [];
}
