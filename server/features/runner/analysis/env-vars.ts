// Environment variables a bot reads, found in its syntax tree, with the words the Environment
// Variables modal shows for each.

import type { DetectedEnvVar, ImportLanguage } from '../../../../shared/runner.schema';
import { envDescription, envLabel, envPlaceholder } from './env-var-text';
import { jsEnvReads } from './js-env-reads';
import { pythonEnvReads } from './python-analysis';
import { withTree } from './tree-sitter';

/**
 * Variables the code reads, once each in order of first appearance; required when any read of the
 * key fails or stops the bot without it. JavaScript covers TypeScript too (a .ts file is sent as
 * javascript). Never throws on bad input.
 */
export async function detectEnvVars(content: string, language: ImportLanguage): Promise<DetectedEnvVar[]> {
  const reads =
    language === 'python'
      ? await withTree(['python'], content, pythonEnvReads, [])
      : await withTree(language === 'typescript' ? ['typescript', 'tsx'] : ['javascript', 'typescript'], content, jsEnvReads, []);
  const required = new Map<string, boolean>();
  for (const read of reads) required.set(read.key, (required.get(read.key) ?? false) || read.required);
  return [...required].map(([key, isRequired]) => ({
    key,
    label: envLabel(key),
    required: isRequired,
    placeholder: envPlaceholder(key),
    description: envDescription(key),
  }));
}
