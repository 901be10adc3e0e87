// Which file names a workspace accepts, and what an extension means.
// One module so the server (validation), the chat parser and the editor (language label) agree.

/**
 * Letters, digits, `_`, `-` and `.`; 1-100 characters; no leading dot; no `..`; no `/` or `\`;
 * an extension is required. `isSafeFilename` also requires the extension to be allowed.
 */
export const FILENAME_PATTERN = /^(?=.{1,100}$)(?!.*\.\.)[A-Za-z0-9_-][A-Za-z0-9_.-]*\.[A-Za-z0-9]+$/;

/** Extensions a workspace file may have (lower case, no dot). */
export const ALLOWED_EXTENSIONS = [
  'py', 'js', 'ts', 'tsx', 'jsx', 'json', 'txt', 'md', 'yaml', 'yml', 'toml', 'cfg', 'ini', 'sh', 'html', 'css',
] as const;

/** What the import button and 'Upload Code' accept. */
export const IMPORT_EXTENSIONS = ['.py', '.js', '.ts', '.json', '.txt'] as const;

/** Largest file the workspace stores or imports: 1 MiB. */
export const MAX_FILE_BYTES = 1024 * 1024;

const allowed = new Set<string>(ALLOWED_EXTENSIONS);

/** The extension in lower case without its dot ('' when there is none): 'Bot.PY' -> 'py'. */
export function extensionOf(name: string): string {
  const slash = Math.max(name.lastIndexOf('/'), name.lastIndexOf('\\'));
  const base = name.slice(slash + 1);
  const dot = base.lastIndexOf('.');
  return dot > 0 && dot < base.length - 1 ? base.slice(dot + 1).toLowerCase() : '';
}

/** True for a plain file name that matches FILENAME_PATTERN and has an allowed extension. */
const CODE_EXTENSIONS = new Set(['py', 'js', 'mjs', 'cjs', 'ts']);

/** A file a bot runs from (Python, JavaScript or TypeScript), as opposed to data or notes. */
export function isCodeFile(name: string): boolean {
  return CODE_EXTENSIONS.has(extensionOf(name));
}

export function isSafeFilename(name: string): boolean {
  return typeof name === 'string' && FILENAME_PATTERN.test(name) && allowed.has(extensionOf(name));
}

/** True when an imported file's extension is one of IMPORT_EXTENSIONS. */
export function isImportable(name: string): boolean {
  return (IMPORT_EXTENSIONS as readonly string[]).includes(`.${extensionOf(name)}`);
}

const labels: Record<string, string> = {
  py: 'Python',
  js: 'JavaScript',
  ts: 'TypeScript',
  tsx: 'TSX',
  jsx: 'JSX',
  json: 'JSON',
  html: 'HTML',
  css: 'CSS',
  scss: 'SCSS',
  sql: 'SQL',
  md: 'Markdown',
  yaml: 'YAML',
  yml: 'YAML',
  xml: 'XML',
  java: 'Java',
  cpp: 'C++',
  c: 'C',
  rs: 'Rust',
  go: 'Go',
  php: 'PHP',
  rb: 'Ruby',
  sh: 'Shell',
  bat: 'Batch',
};

/** The editor header's language label; anything else is 'Text'. */
export function languageLabel(filename: string): string {
  const ext = extensionOf(filename);
  return Object.hasOwn(labels, ext) ? labels[ext]! : 'Text';
}
