// What an install request may ask for. The request body carries a command line ('pip install ...'
// or 'npm install ...'), but no shell ever sees it: the command only picks the ecosystem, and each
// package is checked on its own (a name and an optional version, nothing else). Anything else is
// refused with 400 before any process starts.
import { AppError } from '../../errors';
import { isNpmPackageName } from './analysis/package-names';

export type Ecosystem = 'pip' | 'npm';
export type InstallPlan = { ecosystem: Ecosystem; packages: string[] };

export const MAX_PACKAGES = 50;

// PEP 508 name (PEP 503 letters, digits, '.', '_', '-'), optional extras, optional version clauses.
const PIP_VERSION = String.raw`(?:===?|~=|!=|<=?|>=?)\s*[A-Za-z0-9.*+!_-]+`;
const PIP_PACKAGE = new RegExp(
  String.raw`^[A-Za-z0-9](?:[A-Za-z0-9._-]{0,98}[A-Za-z0-9])?(?:\[[A-Za-z0-9._-]+(?:,[A-Za-z0-9._-]+)*\])?(?:\s*${PIP_VERSION}(?:\s*,\s*${PIP_VERSION})*)?$`,
);
// After an npm name (isNpmPackageName), optional '@' and a semver version or range made of safe characters.
const NPM_RANGE = /^[0-9A-Za-z.^~<>=*+-]{1,64}$/;

const COMMANDS: Record<string, Ecosystem> = {
  'pip install': 'pip',
  'pip3 install': 'pip',
  'python -m pip install': 'pip',
  'python3 -m pip install': 'pip',
  'npm install': 'npm',
  'npm i': 'npm',
};

const refuse = (message: string) => new AppError('BAD_REQUEST', message);

function ecosystemOf(command: string): { ecosystem: Ecosystem; rest: string } {
  const normalised = command.trim().replace(/[ \t]+/g, ' ');
  for (const [prefix, ecosystem] of Object.entries(COMMANDS)) {
    if (normalised === prefix || normalised.startsWith(prefix + ' ')) return { ecosystem, rest: normalised.slice(prefix.length).trim() };
  }
  throw refuse("The command must start with 'pip install' or 'npm install'.");
}

/** `axios@^1.7` -> ['axios', '^1.7']; `@scope/x` -> ['@scope/x', '*']. */
export function splitNpmSpec(spec: string): [string, string] {
  const at = spec.indexOf('@', 1);
  return at < 0 ? [spec, '*'] : [spec.slice(0, at), spec.slice(at + 1)];
}

function isNpmSpec(spec: string): boolean {
  const [name, range] = splitNpmSpec(spec);
  return isNpmPackageName(name) && NPM_RANGE.test(range) && !range.includes('..');
}

export function checkPackage(ecosystem: Ecosystem, spec: string): string {
  const name = spec.trim();
  const ok = ecosystem === 'pip' ? PIP_PACKAGE.test(name) : isNpmSpec(name);
  if (!ok) {
    const shown = JSON.stringify(name.slice(0, 80));
    throw refuse(
      ecosystem === 'pip'
        ? `${shown} is not a package name: give names like 'requests' or 'requests>=2.31' (no options, URLs, paths or shell characters).`
        : `${shown} is not a package name: give names like 'axios' or 'axios@^1.7' (no options, URLs, paths or shell characters).`,
    );
  }
  return name;
}

/** The ecosystem and the checked packages of an install request (request body: command, dependencies[]). */
export function planInstall(input: { command: string; dependencies?: string[] }): InstallPlan {
  if (/[\r\n\0]/.test(input.command)) throw refuse('The command must be a single line.');
  const { ecosystem, rest } = ecosystemOf(input.command);
  // Packages come from dependencies[] when given; otherwise from the words after the command.
  const requested = input.dependencies?.length ? input.dependencies : rest ? rest.split(' ') : [];
  if (requested.length === 0) throw refuse('No dependencies to install.');
  if (requested.length > MAX_PACKAGES) throw refuse(`At most ${MAX_PACKAGES} packages can be installed at once.`);
  const packages = [...new Set(requested.map((p) => checkPackage(ecosystem, p)))];
  return { ecosystem, packages };
}
