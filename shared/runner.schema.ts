// Runner payloads for code analysis (parse-imports, detect-env-vars) shared by REST, tRPC and the client.
import { z } from 'zod';
import { contentField } from './workspace.schema';

/** Languages the import parser reads; the client picks one from the file extension (spec section 5). */
export const importLanguageField = z.enum(['python', 'javascript', 'typescript'], {
  error: "Language must be 'python', 'javascript' or 'typescript'",
});
/** Env-var detection reads Python or JavaScript; a .ts file is sent as javascript (spec section 5). */
export const envLanguageField = z.enum(['python', 'javascript'], { error: "Language must be 'python' or 'javascript'" });

export const parseImportsInput = z.strictObject({ content: contentField, language: importLanguageField });
export const detectEnvVarsInput = z.strictObject({ content: contentField, language: envLanguageField });

export const detectedPackage = z.strictObject({
  module: z.string(),
  package: z.string(),
  ecosystem: z.enum(['pip', 'npm']),
});
export const detectedEnvVar = z.strictObject({
  key: z.string(),
  label: z.string(),
  required: z.boolean(),
  placeholder: z.string(),
  description: z.string(),
});

export type ImportLanguage = z.infer<typeof importLanguageField>;
export type EnvLanguage = z.infer<typeof envLanguageField>;
export type ParseImportsInput = z.infer<typeof parseImportsInput>;
export type DetectEnvVarsInput = z.infer<typeof detectEnvVarsInput>;
export type DetectedPackage = z.infer<typeof detectedPackage>;
export type DetectedEnvVar = z.infer<typeof detectedEnvVar>;
