// Runner payloads for code analysis (parse-imports, detect-env-vars) shared by REST, tRPC and the client.
import { z } from 'zod';
import { contentField, idField, projectIdField } from './workspace.schema';
import { refusedVariableReason } from './env-names';
import { testChatUpdateFrame } from './test-chat.schema';

/** Languages the import parser reads; the client picks one from the file extension. */
export const importLanguageField = z.enum(['python', 'javascript', 'typescript'], {
  error: "Language must be 'python', 'javascript' or 'typescript'",
});
/** Env-var detection reads Python or JavaScript; a .ts file is sent as javascript. */
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

// ---------------------------------------------------------------------------------------------
// Environment variables saved per project (values encrypted at rest, never sent back in full).

/** Names a bot reads from its environment: letters, digits and underscores, not starting with a digit. */
export const envKeyField = z
  .string()
  .regex(/^[A-Za-z_][A-Za-z0-9_]{0,127}$/, { error: 'Variable names use letters, digits and underscores' });
/** A name a bot's environment may be given (see env-names.ts for the ones it may not). */
export const settableEnvKeyField = envKeyField.superRefine((key, ctx) => {
  const reason = refusedVariableReason(key);
  if (reason) ctx.addIssue({ code: 'custom', message: reason });
});
export const envValueField = z.string().max(8192, { error: 'Values can be at most 8192 characters' });
export const MAX_ENV_VARS = 100;

export const envVarsInput = z.strictObject({ projectId: projectIdField });
/** `set` stores or replaces values (an empty string keeps what is stored); `clear` deletes keys. */
export const saveEnvVarsInput = z.strictObject({
  projectId: projectIdField,
  set: z.record(settableEnvKeyField, envValueField).default({}),
  clear: z.array(envKeyField).max(MAX_ENV_VARS).default([]),
});
/** What the client learns about a saved variable: that it is set, never its value. */
export const savedEnvVar = z.strictObject({ key: z.string(), isSet: z.literal(true), updatedAt: z.string() });

// ---------------------------------------------------------------------------------------------
// Dependency install: the command picks the ecosystem, packages are checked one by one.

export const installInput = z.strictObject({
  command: z.string().max(4000),
  dependencies: z.array(z.string().max(300)).max(200).optional(),
  projectId: projectIdField.optional(),
});
/** Streamed install: output lines as they come, then the plain install's `{message, output}`. */
export const installEvent = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('output'), line: z.string() }),
  z.strictObject({ type: z.literal('done'), message: z.string(), output: z.string() }),
]);

// ---------------------------------------------------------------------------------------------
// AI Help on the runner page (POST /api/ai/assistant).

export const aiHelpInput = z.strictObject({
  message: z.string().trim().min(1, { error: 'Message is required' }).max(8000),
  logs: z.array(z.string().max(10_000)).max(50).default([]),
  filename: z.string().max(200).optional(),
  fileContent: z.string().max(1024 * 1024).optional(),
  /** Lets the server mask the project's saved secret values before anything reaches a model. */
  fileId: idField.optional(),
  /**
   * The analysis the dialog asks for by itself when it opens over error lines: read by the builtin's
   * log reader (no model), and free.
   */
  automatic: z.boolean().optional(),
});

// ---------------------------------------------------------------------------------------------
// The live socket at /ws: run frames, plus `auth`, `attach`, `execution_exit`, `runs` and `run`.

export const clientFrame = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('auth'), token: z.string().min(1).max(8192) }),
  z.strictObject({
    type: z.literal('execute-file'),
    fileId: idField,
    filename: z.string().max(200).optional(),
    /** Ignored: the server runs the saved file, never text sent over the socket. */
    content: z.string().optional(),
    /** Values typed for this run; non-empty ones override the project's saved values. */
    envVars: z.record(settableEnvKeyField, envValueField).optional(),
    /** 'test': a Telegram bot talks to the test chat's Bot API emulator with a test token. */
    mode: z.enum(['live', 'test']).optional(),
  }),
  /** Without fileId: stops the run this socket started or attached to last. */
  z.strictObject({ type: z.literal('stop-execution'), fileId: idField.optional() }),
  /** Follow a file's run: replays its recent lines (up to 1,000), then streams live. */
  z.strictObject({ type: z.literal('attach'), fileId: idField }),
]);

export const runStatus = z.enum(['running', 'stopping', 'exited']);
/** Why a run ended: its own exit, Stop, or a limit of the sandbox. */
export const exitReason = z.enum(['exited', 'stopped', 'memory', 'time', 'output', 'failed']);
export const runSummary = z.strictObject({
  fileId: z.string(),
  filename: z.string(),
  status: runStatus,
  mode: z.enum(['live', 'test']).optional(),
  startedAt: z.string(),
});

export const serverFrame = z.discriminatedUnion('type', [
  /** One frame may carry several lines joined by '\n' (frames are batched about every 50 ms). */
  z.strictObject({ type: z.literal('execution_log'), message: z.string(), fileId: z.string().optional(), at: z.number().optional() }),
  z.strictObject({ type: z.literal('execution_error'), message: z.string(), fileId: z.string().optional(), at: z.number().optional() }),
  z.strictObject({ type: z.literal('execution_output'), message: z.string(), fileId: z.string().optional(), at: z.number().optional() }),
  z.strictObject({
    type: z.literal('execution_exit'),
    fileId: z.string(),
    reason: exitReason,
    code: z.number().nullable(),
    signal: z.string().nullable(),
    message: z.string(),
    at: z.number(),
  }),
  /** After auth: the person's current runs, so a returning page shows what still runs. */
  z.strictObject({ type: z.literal('runs'), runs: z.array(runSummary) }),
  /** One of the person's runs started or ended, whoever started it (the page, a deploy, the supervisor's restart, a replay). */
  z.strictObject({ type: z.literal('run'), run: runSummary }),
  testChatUpdateFrame,
]);

export type SaveEnvVarsInput = z.infer<typeof saveEnvVarsInput>;
export type SavedEnvVar = z.infer<typeof savedEnvVar>;
export type InstallInput = z.infer<typeof installInput>;
export type InstallEvent = z.infer<typeof installEvent>;
export type AiHelpInput = z.infer<typeof aiHelpInput>;
export type ClientFrame = z.infer<typeof clientFrame>;
export type ServerFrame = z.infer<typeof serverFrame>;
export type ExitReason = z.infer<typeof exitReason>;
export type RunSummary = z.infer<typeof runSummary>;
