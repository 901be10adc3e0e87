// What the runner tells the server about a file's language, and how the
// Dependencies panel labels what it found.
import { extensionOf } from '../../shared/filenames';
import type { EnvLanguage, ImportLanguage } from '../../shared/runner.schema';

/** Dependency parsing: .py python, .js javascript, .ts typescript, anything else python. */
export function importLanguageOf(filename: string): ImportLanguage {
  const ext = extensionOf(filename);
  return ext === 'js' ? 'javascript' : ext === 'ts' ? 'typescript' : 'python';
}

/** Env-var detection: .py python, .js or .ts javascript, anything else python. */
export function envLanguageOf(filename: string): EnvLanguage {
  const ext = extensionOf(filename);
  return ext === 'js' || ext === 'ts' ? 'javascript' : 'python';
}

/** The tag on each detected import. */
export function ecosystemLabel(language: ImportLanguage): 'Python' | 'Node.js' | 'TypeScript' {
  return language === 'python' ? 'Python' : language === 'typescript' ? 'TypeScript' : 'Node.js';
}

/** 'pip install a b' for Python, 'npm install a b' otherwise. */
export function installCommandFor(language: ImportLanguage, packages: readonly string[]): string {
  return `${language === 'python' ? 'pip' : 'npm'} install ${packages.join(' ')}`;
}
