// The environment variables a bot file reads, found with a few plain patterns (os.environ[...],
// os.getenv(...), process.env.X). Cheap on a 1 MiB file, unlike a syntax tree on the event loop;
// AI Help only needs the names to say which one to fill in.
const READS = [
  /\benviron\s*\[\s*['"]([A-Za-z_]\w*)['"]\s*\]/g,
  /(?:\benviron\.get|\bgetenv)\s*\(\s*['"]([A-Za-z_]\w*)['"]/g,
  /process\.env\.([A-Za-z_$][\w$]*)/g,
  /process\.env\s*\[\s*['"`]([A-Za-z_]\w*)['"`]\s*\]/g,
  // python-decouple's config('X') and environs' env('X') / env.str('X').
  /\b(?:config|env(?:\.\w+)?)\s*\(\s*['"]([A-Z][A-Z0-9_]*)['"]/g,
];

/** Names in order of first appearance, each once. */
export function envReads(content: string): string[] {
  const found: Array<[number, string]> = [];
  for (const pattern of READS) for (const m of content.matchAll(pattern)) found.push([m.index, m[1]!]);
  return [...new Set(found.sort((a, b) => a[0] - b[0]).map(([, key]) => key))];
}
