// Commands named in a request: behaviours by their name or by the words around them.

import { describe, expect, it } from 'vitest';
import { understandCommands } from './commands';

describe('understandCommands', () => {
  it('reads a behaviour from the name, or from the words after or before it', () => {
    expect(understandCommands('/joke', [])).toEqual({ features: ['jokes'], commandNames: { jokes: 'joke' }, withoutReply: [] });
    expect(understandCommands('a /gag command that tells jokes', []).commandNames).toEqual({ jokes: 'gag' });
    expect(understandCommands('jokes with the command /lol', []).commandNames).toEqual({ jokes: 'lol' });
    expect(understandCommands('!roll for dice, !flip for coins, and kick people after 2 warnings', []).features).toEqual(['random']);
  });

  it('leaves /start, /help and commands with a fixed reply to others, and keeps unknown ones without a reply', () => {
    const r = understandCommands('/start, /help, /price and /contact', [{ name: 'price', reply: '3 euros' }]);
    expect(r.features).toEqual([]);
    expect(r.withoutReply).toEqual([{ name: 'contact', reply: '' }]);
  });

  it('does not read URLs, dates or "and/or" as commands', () => {
    expect(understandCommands('feed at https://example.com/news on 1/2 and/or 24/7', [])).toEqual({ features: [], commandNames: {}, withoutReply: [] });
  });
});
