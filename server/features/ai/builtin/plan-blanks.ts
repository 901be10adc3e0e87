// What the person named without giving its words: a command without its answer, a button without
// its reply. The bot leaves each out (never a sample or a placeholder in front of their users) and
// the answer lists it under "Needs your words", saying how to give it.
import type { BotRequest } from './request';

export type Blanks = {
  /** One sentence per blank, saying how to fill it. */
  needsWords: string[];
  /** Every button named was left without its reply: there is no menu yet. */
  noMenu: boolean;
};

export function blanksOf(request: Pick<BotRequest, 'menu' | 'commandReplies'>, prefix: string, commandsBuilt: boolean): Blanks {
  const needsWords: string[] = [];
  const skipped = new Set(['start', 'help', 'remind']);
  if (commandsBuilt) {
    for (const c of request.commandReplies) {
      if (skipped.has(c.name) || c.reply) continue;
      const name = `${prefix}${c.name}`;
      needsWords.push(`What should ${name} answer? Tell me, e.g. "${name} replies '...'": until then the bot leaves ${name} out.`);
    }
  }
  const unanswered = request.menu.filter((m) => m.label.trim() && !m.reply.trim());
  for (const m of unanswered) {
    const label = m.label.trim();
    needsWords.push(`What should the "${label}" button answer? Tell me, e.g. "${label} → '...'": until then the menu leaves it out.`);
  }
  return { needsWords, noMenu: unanswered.length > 0 && unanswered.length === request.menu.length };
}
