// The ways people say what a command or keyword answers, and which phrases get a message deleted,
// read into the request with the person's own words (never a sample or a placeholder in their
// place), and data sources named only in an aside left out.
import { describe, expect, it } from 'vitest';
import { understandRequest } from '../request';

const read = (message: string) => understandRequest(message)!;

describe('a command answers what the person wrote', () => {
  it.each([
    ['/menu should list: rye £3.10, scone £1.90, pie £4.00. /hours says Mon-Fri 8-18', 'menu', 'rye £3.10, scone £1.90, pie £4.00'],
    ['/where gives the address 5 Mill Lane, York YO1 7HH.', 'where', '5 Mill Lane, York YO1 7HH'],
    ['/in = you are in for the game (bot says "see you there!")', 'in', 'see you there!'],
    ['!ip says mc.example.net, and delete spam', 'ip', 'mc.example.net'],
    ['typing /wifi gives "guest-2024"', 'wifi', 'guest-2024'],
    ['/out → removes you ("ok, maybe next time")', 'out', 'ok, maybe next time'],
  ])('%s', (message, name, reply) => {
    expect(read(`telegram bot. ${message}`).commandReplies).toContainEqual({ name, reply });
  });

  it('an answer that only names what it would be is left for the person: the bot leaves the command out and says so', () => {
    const request = read('slack bot: /wiki should give the link to our wiki');
    expect(request.commandReplies.find((c) => c.name === 'wiki')?.reply ?? '').toBe('');
  });

  it('a unit after a number is no command, and buttons are no answer', () => {
    const request = read('discord bot: !pace converts 5:00 /km to miles. !services shows 3 buttons: Repair, Upgrade');
    expect(request.commandReplies.map((c) => c.name)).not.toContain('km');
    expect(request.commandReplies.find((c) => c.name === 'services')?.reply ?? '').toBe('');
  });
});

describe('keywords answer what the person wrote, one rule per keyword of a list', () => {
  it('"if anyone asks about price, cost or membership → ..." and "when people ask where are you / address → ..."', () => {
    const request = read(
      "whatsapp bot. if anyone asks about price, cost or membership → 'Monthly is 30€'. when people ask where are you / address → \"12 High St\"",
    );
    expect(request.keywordReplies).toEqual(
      expect.arrayContaining([
        { keyword: 'price', reply: 'Monthly is 30€' },
        { keyword: 'cost', reply: 'Monthly is 30€' },
        { keyword: 'membership', reply: 'Monthly is 30€' },
        { keyword: 'where are you', reply: '12 High St' },
        { keyword: 'address', reply: '12 High St' },
      ]),
    );
  });

  it('"if someone says thanks just reply ..." keeps the keyword without the adverb', () => {
    expect(read('telegram bot. if someone says thanks just reply "you\'re welcome!"').keywordReplies).toEqual([{ keyword: 'thanks', reply: "you're welcome!" }]);
  });

  it('"→ delete it" after a list is moderation, and an example ("like ...") is no answer', () => {
    const request = read('x bot: if someone writes scam or airdrop → delete it. if they mention $BTC reply with the price like "$BTC: $1"');
    expect(request.keywordReplies).toEqual([]);
  });
});

describe('phrases whose messages are deleted, as written', () => {
  it.each([
    ['if a message has any of these: free crypto, double your btc, t.me/joinchat — delete it', ['free crypto', 'double your btc', 't.me/joinchat']],
    ['if someone writes kys, free nitro or discord.gift/ → delete it', ['kys', 'free nitro', 'discord.gift/']],
    ['delete anything with "casino", "onlyfans" or "earn 500€ a day"', ['casino', 'onlyfans', 'earn 500€ a day']],
  ])('%s', (message, phrases) => {
    const request = read(`telegram group bot. ${message}`);
    expect(request.bannedWords).toEqual(expect.arrayContaining(phrases));
    expect(request.features).toContain('moderation');
    // Neither a word inside a banned phrase nor the "if someone writes" switches on another feature.
    expect(request.features).not.toContain('prices');
    expect(request.features).not.toContain('keywords');
  });

  it('a data source named in an aside is context, not a request; asked for, it is built', () => {
    expect(read('telegram group bot that welcomes people. we keep getting crypto spam lol, people talk about prices all the time').features).not.toContain('prices');
    expect(read('telegram bot that shows bitcoin prices').features).toContain('prices');
  });
});
