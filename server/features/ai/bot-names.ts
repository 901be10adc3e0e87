// A bot's name from the request that made it: the name the person gave, else its platform and purpose
// as the builtin assistant reads them, else the request's first words. A bot created without a name
// is stored with name '' and named here after its first chat request.
import type { Kysely } from 'kysely';
import type { Database, Project } from '../../db/schema';
import { stripControlChars } from '../../../shared/code-blocks';
import { BOT_NAME_MAX } from '../../../shared/workspace.schema';
import { understandRequest } from './builtin/request';
import { PLATFORM_INFO } from './builtin/platforms';

const words = (text: string, n: number) => text.split(/\s+/).filter(Boolean).slice(0, n).join(' ');

/** A short bot name for a chat request: the name it gives, else its platform (and purpose), else its first words. */
export function botNameFor(message: string): string {
  const request = understandRequest(message);
  let name = request?.botName ?? null;
  if (!name && request) {
    const label = request.platformSource === 'substitute' && request.requestedPlatform ? request.requestedPlatform : PLATFORM_INFO[request.platform].label;
    name = `${label} bot${request.purpose ? ` for ${request.purpose}` : ''}`;
  }
  name ??= words(stripControlChars(message).replace(/[\u0000-\u001f\u007f]/g, ' '), 4);
  name = name.trim();
  if (name.length > BOT_NAME_MAX) name = `${name.slice(0, BOT_NAME_MAX - 1).trimEnd()}…`;
  return name;
}

/**
 * Names a bot created without a name after the request of its first chat. Conditional on the
 * name still being '', so a rename made meanwhile (or an earlier naming) always wins.
 */
export async function nameBotAfterRequest(db: Kysely<Database>, projectId: string, message: string): Promise<void> {
  const name = botNameFor(message);
  if (!name) return;
  await db.updateTable('projects').set({ name }).where('id', '=', projectId).where('name', '=', '').execute();
}

/** Names the person did not choose: unnamed, or the old default project every account had. */
const NOT_CHOSEN = new Set(['', 'My Bots']);

/** The bot's name as the person gave it, for the assistant to use; undefined when they gave none. */
export function givenBotName(project: Project): string | undefined {
  return NOT_CHOSEN.has(project.name.trim()) ? undefined : project.name.trim();
}
