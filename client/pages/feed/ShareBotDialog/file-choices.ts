// The files a post may carry, as the Share dialog's picker lists them: under their bots, since two
// bots may each have a telegram_bot.py. Pure, so it is unit-tested.
import { botLabel } from '../../../../shared/bot-label';

export type FileChoice = { value: string; label: string; filename: string };
export type FileChoiceGroup = { group: string; items: FileChoice[] };

// Legacy project files (ids with a hyphen) cannot be attached: a post refers to a file by its id.
const attachable = (id: string) => /^[A-Za-z0-9]+$/.test(id);

/**
 * One group per bot with files, in the bots' order, its files by name. A bot's name may be another's
 * too ('New bot'): the later ones get '(2)', '(3)'... A file's label names its bot, so the picker's
 * box says which one was chosen, and typing a bot's name finds its files.
 */
export function fileChoices(
  files: ReadonlyArray<{ id: string; filename: string; projectId: string }>,
  bots: ReadonlyArray<{ id: string; name: string }>,
): FileChoiceGroup[] {
  const usable = files.filter((f) => attachable(f.id));
  const seen = new Map<string, number>();
  const groups: FileChoiceGroup[] = [];
  const place = (name: string, own: typeof usable) => {
    if (own.length === 0) return;
    const n = (seen.get(name) ?? 0) + 1;
    seen.set(name, n);
    const group = n === 1 ? name : `${name} (${n})`;
    const items = [...own]
      .sort((a, b) => a.filename.localeCompare(b.filename))
      .map((f) => ({ value: f.id, label: `${f.filename} (${group})`, filename: f.filename }));
    groups.push({ group, items });
  };
  for (const bot of bots) place(botLabel(bot.name), usable.filter((f) => f.projectId === bot.id));
  // Files of a bot the list does not have yet (just made elsewhere): still offered.
  place('Other files', usable.filter((f) => !bots.some((b) => b.id === f.projectId)));
  return groups;
}
