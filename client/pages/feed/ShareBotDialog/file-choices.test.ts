import { describe, expect, it } from 'vitest';
import { fileChoices } from './file-choices';

const file = (id: string, filename: string, projectId: string) => ({ id, filename, projectId });

describe('fileChoices', () => {
  it("lists each bot's files under its name, so two telegram_bot.py are told apart", () => {
    const groups = fileChoices(
      [file('f1', 'telegram_bot.py', 'b1'), file('f2', 'telegram_bot.py', 'b2'), file('f3', 'helpers.py', 'b1')],
      [
        { id: 'b1', name: 'Weather Buddy' },
        { id: 'b2', name: 'Bakery Bot' },
      ],
    );
    expect(groups).toEqual([
      {
        group: 'Weather Buddy',
        items: [
          { value: 'f3', label: 'helpers.py (Weather Buddy)', filename: 'helpers.py' },
          { value: 'f1', label: 'telegram_bot.py (Weather Buddy)', filename: 'telegram_bot.py' },
        ],
      },
      { group: 'Bakery Bot', items: [{ value: 'f2', label: 'telegram_bot.py (Bakery Bot)', filename: 'telegram_bot.py' }] },
    ]);
  });

  it('names unnamed bots as the app does, numbers bots of the same name, and leaves out bots without files and legacy files', () => {
    const groups = fileChoices(
      [file('f1', 'a.py', 'b1'), file('f2', 'b.py', 'b2'), file('p1-legacy.py', 'legacy.py', 'b3'), file('f4', 'new.py', 'b9')],
      [
        { id: 'b1', name: '' },
        { id: 'b2', name: '' },
        { id: 'b3', name: 'Old' },
        { id: 'b4', name: 'Empty' },
      ],
    );
    expect(groups.map((g) => [g.group, g.items.map((i) => i.label)])).toEqual([
      ['New bot', ['a.py (New bot)']],
      ['New bot (2)', ['b.py (New bot (2))']],
      ['Other files', ['new.py (Other files)']],
    ]);
  });
});
