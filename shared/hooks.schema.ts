// A bot's webhook address (runner/hooks): what tRPC, REST and the client exchange about it.
import { z } from 'zod';
import { projectIdField } from './workspace.schema';

export const botHookInput = z.strictObject({ projectId: projectIdField });
/** PUBLIC_URL/hooks/<projectId>/<secret>: requests to it (and below it) reach the bot's PORT. */
export const botHook = z.strictObject({ webhookUrl: z.string() });

export type BotHookInput = z.infer<typeof botHookInput>;
export type BotHook = z.infer<typeof botHook>;
