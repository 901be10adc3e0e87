// Workspace payloads (projects, files, versions, chat) shared by tRPC, REST and the client.
import { z } from 'zod';
import { isSafeFilename, MAX_FILE_BYTES } from './filenames';

export const idField = z.string().regex(/^[A-Za-z0-9]{1,64}$/, { error: 'Invalid id' });
/** A project id, or 'default' for the person's default project (the client's fallback). */
export const projectIdField = z.string().regex(/^([A-Za-z0-9]{1,64}|default)$/, { error: 'Invalid project id' });

export const FILENAME_MESSAGE =
  'Invalid file name: use letters, digits, dots, dashes and underscores with an allowed extension (.py, .js, .ts, .json, .txt, ...)';
export const filenameField = z.string().refine(isSafeFilename, { error: FILENAME_MESSAGE });

export const contentField = z
  .string({ error: 'File content must be text' })
  .refine((s) => Buffer.byteLength(s, 'utf8') <= MAX_FILE_BYTES, { error: 'Files can be at most 1 MiB' });

export const MAX_MESSAGE_LENGTH = 8000;
export const chatMessageField = z
  .string({ error: 'Message is required' })
  .trim()
  .min(1, { error: 'Message is required' })
  .max(MAX_MESSAGE_LENGTH, { error: `Messages can be at most ${MAX_MESSAGE_LENGTH} characters` });

/** Bots (projects) are named in up to 60 characters; '' means "named after its first chat request". */
export const BOT_NAME_MAX = 60;
export { UNNAMED_BOT_LABEL, botLabel } from './bot-label';

const botNameText = z
  .string({ error: 'The bot name must be text' })
  .trim()
  .max(BOT_NAME_MAX, { error: `Bot names can be at most ${BOT_NAME_MAX} characters` })
  .refine((s) => !/[\u0000-\u001f\u007f]/.test(s), { error: 'Bot names cannot contain control characters' });
/** A bot's name when it is given: trimmed, 1-60 characters. */
export const botNameField = botNameText.refine((s) => s.length > 0, { error: 'Give the bot a name' });

export const createProjectInput = z.strictObject({
  /** Empty or left out: the bot is named after its first chat request. */
  name: botNameText.default(''),
  description: z.string().trim().max(500).optional(),
});
export const renameProjectInput = z.strictObject({ projectId: projectIdField, name: botNameField });
export const duplicateProjectInput = z.strictObject({ projectId: projectIdField, name: botNameField.optional() });
export const projectIdInput = z.strictObject({ projectId: projectIdField });
export const fileIdInput = z.strictObject({ id: idField });
export const saveFileInput = z.strictObject({ id: idField, content: contentField });
/** A new name for a file, in the same bot (it keeps its versions, runs and settings). */
export const renameFileInput = z.strictObject({ id: idField, filename: filenameField });
export const fileByNameInput = z.strictObject({ projectId: projectIdField, filename: filenameField });
export const saveFileByNameInput = z.strictObject({ projectId: projectIdField, filename: filenameField, content: contentField });
export const versionInput = z.strictObject({ id: idField, versionId: idField });
export const importFilesInput = z.strictObject({
  projectId: projectIdField,
  files: z.array(z.strictObject({ filename: filenameField, content: contentField })).min(1).max(20),
});
/** `filename`: the file open in the editor, which a change the message asks for goes to. */
export const chatInput = z.strictObject({ message: chatMessageField, projectId: projectIdField.optional(), filename: filenameField.optional() });
export const modifyCodeInput = z.strictObject({
  code: contentField,
  filename: filenameField,
  prompt: z.string().trim().min(1, { error: 'Describe the change you want' }).max(2000),
  projectId: projectIdField.optional(),
  fileId: idField.optional(),
});
/** 'Reject Changes' on a Modify preview: the id modify-code answered with. */
export const rejectModificationInput = z.strictObject({ proposalId: idField });
/** The plan card of a file the assistant built (ai.plan, GET /api/files/:fileId/plan). */
export const planOfFileInput = z.strictObject({ fileId: idField });
/**
 * A plan edited on the card. The plan is read with BotPlanSchema by the service, which names the
 * field at fault ("rules[0].when.name: ..."); here it is only an object.
 */
export const editPlanInput = z.strictObject({
  fileId: idField,
  plan: z.record(z.string(), z.unknown()).meta({ description: 'The whole bot plan (shared/bot-plan.schema.ts): rules, settings, defaults, notBuilt.' }),
});
/** The longest request kept with a version (a chat message may be longer: the rest is cut). */
export const VERSION_PROMPT_MAX = 1000;
/** The request behind an AI change being saved, cut to what a version keeps rather than refused. */
export const versionPromptField = z
  .string()
  .max(20_000)
  .transform((s) => s.trim().slice(0, VERSION_PROMPT_MAX));
export const messagesInput = z.strictObject({ projectId: projectIdField.optional() }).optional();
