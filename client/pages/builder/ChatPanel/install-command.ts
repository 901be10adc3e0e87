// The command that installs a reply's dependencies: pip for Python files (and by default), npm for
// JavaScript/TypeScript ones. Version specifiers are quoted so `>=` is not a
// shell redirection when the command is pasted into a terminal.
import { extensionOf } from '../../../../shared/filenames';

const NPM_EXTENSIONS = new Set(['js', 'ts', 'jsx', 'tsx', 'mjs', 'cjs']);
const SHELL_SAFE = /^[A-Za-z0-9._@/=:+-]+$/;

export function usesNpm(filename?: string): boolean {
  return filename !== undefined && NPM_EXTENSIONS.has(extensionOf(filename));
}

function quote(arg: string): string {
  return SHELL_SAFE.test(arg) ? arg : `'${arg.replace(/'/g, `'\\''`)}'`;
}

export function installCommand(dependencies: readonly string[], filename?: string): string {
  return `${usesNpm(filename) ? 'npm' : 'pip'} install ${dependencies.map(quote).join(' ')}`;
}

/**
 * The command line sent to the server's installer. No shell ever reads it: the
 * server takes the words after 'pip install' / 'npm install' one by one, so nothing is quoted.
 */
export function installRequestCommand(dependencies: readonly string[], filename?: string): string {
  return `${usesNpm(filename) ? 'npm' : 'pip'} install ${dependencies.join(' ')}`;
}
