// Wordings the builtin misread in fresh requests (bench/understanding, batch 25), each read into the
// plan in the person's own words: a command's answer of several sentences, a command that posts the
// person's words with its argument in a channel, "mute after 3 warnings" after a warning, keywords
// and questions in Nigerian Pidgin, spam words named after "removes any message containing", counts
// whose total is written "[their total]", "<n>", "X" or "#N", a command named /faq, a reply in brackets after what a list command does, "kick them on the 2nd time", "gets a 🎉 from the bot", a note after "←", keywords after "anyone mentions", "asks:" over a list of rules, a command's example argument in the words it posts, "X total", "people joining #channel get:" "evry day", questions that start with "Where", "then forwards the lot to me" after questions, a schedule inside what a command says, "should be removed and the person told:" and a command answered by the lines under it.
import { describe, expect, it } from 'vitest';
import { blanksOf } from '../../../../shared/bot-plan-words';
import { command, keyword, planOf, ruleOf } from './plan-lines.fixture';

describe('wordings read since batch 25', () => {
  it("a command's answer runs on past its full stop, and the words before a dash that name the asking are no question", () => {
    const { rules } = planOf("discord bot. when someone types !deadline tells them Submissions close 14 March. A5 only, max 8 pages, PDF or bring it in person ✂️ and when someone types !submit it should ask them a few things one by one - Zine title? How many pages? then DM the answers to me and tell them ta! we'll be in touch soon 📮.");
    expect(command(rules, 'deadline')?.do).toEqual([{ kind: 'reply', text: 'Submissions close 14 March. A5 only, max 8 pages, PDF or bring it in person ✂️' }]);
    expect(command(rules, 'submit')?.do[0]).toMatchObject({ kind: 'ask', questions: ['Zine title?', 'How many pages?'] });
  });

  it('"!lfg <boss> → posts in #coop-lfg: ..." posts the whole line with the argument and the name; "mute after 3 warnings" is the warning\'s strike', () => {
    const { rules } = planOf('discord bot\n2) !lfg <boss> → posts in #coop-lfg: 🔔 <name> needs help with <boss>! reply here with your password\n3) messages with cheat engine, item dupe or dupe glitch → delete + warn: No cheats or dupes here, we play fair ⚔️   mute after 3 warnings');
    expect(command(rules, 'lfg')?.do).toEqual([{ kind: 'post', to: 'channel', text: '🔔 {name} needs help with {args}! reply here with your password' }]);
    expect(keyword(rules, 'cheat engine')?.do).toEqual([{ kind: 'delete' }, { kind: 'warn', text: 'No cheats or dupes here, we play fair ⚔️' }]);
    expect(ruleOf(rules, (r) => r.if.some((c) => c.kind === 'warnings' && c.atLeast === 3))?.do).toEqual([{ kind: 'mute', minutes: expect.any(Number) }]);
  });

  it('Pidgin: "when customer write service →", "if dem write fault or not starting or spoil → ask dem ... tell dem ..."', () => {
    const { rules } = planOf("whatsapp bot for my generator repair business\nwhen customer write service → Small gen service ₦15,000. Na home service we dey do.\nif dem write fault or not starting or spoil → ask dem Which brand and kva? then Wetin dey happen? send everything to me then tell dem We go call you sharp sharp 🔧");
    expect(keyword(rules, 'service')?.do).toEqual([{ kind: 'reply', text: 'Small gen service ₦15,000. Na home service we dey do.' }]);
    expect(keyword(rules, 'not starting')?.when).toEqual({ kind: 'keyword', words: ['fault', 'not starting', 'spoil'], whole: false });
    expect(keyword(rules, 'fault')?.do).toEqual([{ kind: 'ask', questions: ['Which brand and kva?', 'Wetin dey happen?'], done: 'We go call you sharp sharp 🔧' }]);
  });

  it('"removes any message containing t.me/ links or the words crypto, forex ... and warns the person with ...": the words, and "3 warnings = ban" is no keyword', () => {
    const { rules } = planOf("telegram bot that removes any message containing t.me/ links or the words crypto, forex or investment opportunity and warns the person with ⚠️ Spam and links aren't allowed here. 3 warnings = ban.");
    expect(keyword(rules, 'crypto')?.when).toEqual({ kind: 'keyword', words: ['t.me/', 'crypto', 'forex', 'investment opportunity'], whole: false });
    expect(keyword(rules, 'crypto')?.do).toEqual([{ kind: 'delete' }, { kind: 'warn', text: "⚠️ Spam and links aren't allowed here. 3 warnings = ban." }]);
    expect(keyword(rules, '3 warnings')).toBeUndefined();
  });

  it.each([
    ['/bags 3 → adds 3 to that persons total and replies Legend 💚 you\'re on [their total] bags', 'bags', "Legend 💚 you're on {count} bags", 'number'],
    ['/apples <kg> adds kilos to whoever sent it, answers Cheers! Your total: X kg 🍎', 'apples', 'Cheers! Your total: {count} kg 🍎', 'number'],
    ['!fc logs a full combo for you → FC logged 🔥 total: <n>', 'fc', 'FC logged 🔥 total: {count}', undefined],
    ['!launch counts your launches, reply Launch #N logged ✈️', 'launch', 'Launch #{count} logged ✈️', undefined],
  ])('a count written "%s"', (line, name, text, add) => {
    const { rules } = planOf(`telegram bot for our club\n${line}`);
    expect(command(rules, name)?.do).toEqual([{ kind: 'count', counter: expect.any(String), per: 'user', ...(add ? { add } : {}) }, { kind: 'reply', text }]);
  });

  it('a command named /faq is no keyword answers; "bad words" are no words (a blank)', () => {
    const faq = planOf('telegram bot in node.js:\n/faq → buttons for Dress code, Refunds\n Dress code = Smart casual\n Refunds = Full refund up to 48h before');
    expect(ruleOf(faq.rules, (r) => r.when.kind === 'keyword')).toBeUndefined();
    const bad = planOf('Discord bot in node.js that welcomes new members and deletes messages with bad words');
    expect(ruleOf(bad.rules, (r) => r.when.kind === 'keyword' && r.when.words.includes('bad words'))).toBeUndefined();
    expect(blanksOf(bad).length).toBeGreaterThan(0);
  });

  it('"!out takes you off (kupo... maybe next week)", "delete + \'...\' and kick them on the 2nd time", "gets a 🎉 from the bot", a note after "←"', () => {
    const { rules } = planOf("discord bot:\nraid signups - !in puts you on this week's roster and says kupo! you're on the roster 🐾 , !out takes you off (kupo... maybe next week), !roster lists everyone\ntuesday 7pm in #announcements: Weekly reset! Roster's been cleared   ← and actually clear the roster at that point\nanything posted in #loot-brag gets a 🎉 from the bot\nrmt / buy gil / gil seller → delete + 'RMT talk = kick, this is your warning' and kick them on the 2nd time");
    expect(command(rules, 'out')?.do).toEqual([{ kind: 'list', list: expect.any(String), op: 'remove', item: 'sender', text: 'kupo... maybe next week' }]);
    expect(keyword(rules, 'rmt')?.do).toEqual([{ kind: 'delete' }, { kind: 'warn', text: 'RMT talk = kick, this is your warning' }]);
    expect(ruleOf(rules, (r) => r.when.kind === 'keyword' && r.if.some((c) => c.kind === 'warnings' && c.atLeast === 2))?.do).toEqual([{ kind: 'kick' }]);
    expect(ruleOf(rules, (r) => r.do.some((a) => a.kind === 'react'))).toMatchObject({ if: [{ kind: 'chat', name: 'loot-brag' }], do: [{ kind: 'react', emoji: '🎉' }] });
    expect(ruleOf(rules, (r) => r.when.kind === 'schedule')?.do).toEqual([{ kind: 'post', to: 'channel', text: "Weekly reset! Roster's been cleared" }]);
  });

  it('"anyone mentions fixer, developer or stop bath → ..." are keywords; "sunday 11pm →" is a time, never a keyword', () => {
    const { rules } = planOf("telegram bot for our darkroom\nsunday 11pm → post 'Bookings cleared for the new week'\nanyone mentions fixer, developer or stop bath → 'ta! write it in the chem log'");
    expect(keyword(rules, 'stop bath')?.do).toEqual([{ kind: 'reply', text: 'ta! write it in the chem log' }]);
    expect(keyword(rules, 'sunday 11pm')).toBeUndefined();
  });

  it('"asks:" over a list of rules asks nothing; "/delay EZY123 40 min → posts in #ramp: ..." puts the argument where the example was; "that\'s X total"; "people joining #new-starters get: ..."', () => {
    const { rules } = planOf("ground handling team at a regional airport, our own slack workspace. asks:\n- /delay EZY123 40 min → posts in #ramp: ✈️ Delay: EZY123 40 min – stand by for a new slot   (whatever you type after /delay goes where EZY123 40 min is)\n- /turn counts a turnaround for you, reply Turn logged, that's X total ; /turns shows the top 5\n- people joining #new-starters get: Welcome to the ramp {name}! Hi-vis before you step outside.");
    expect(ruleOf(rules, (r) => r.do.some((a) => a.kind === 'ask'))).toBeUndefined();
    expect(command(rules, 'delay')?.do).toEqual([{ kind: 'post', to: 'channel', text: '✈️ Delay: {args} – stand by for a new slot' }]);
    expect(command(rules, 'turn')?.do[1]).toEqual({ kind: 'reply', text: "Turn logged, that's {count} total" });
    expect(ruleOf(rules, (r) => r.when.kind === 'join')).toMatchObject({ if: [{ kind: 'chat', name: 'new-starters' }], do: [{ kind: 'reply', text: 'Welcome to the ramp {name}! Hi-vis before you step outside.' }] });
  });

  it('"post evry day 21:00 UTC in #races: ..." is every day at 21:00', () => {
    const { rules } = planOf('tetris discord\n• post evry day 21:00 UTC in #races: 🧱 Daily 40L race in 10 min!');
    expect(ruleOf(rules, (r) => r.when.kind === 'schedule')?.when).toMatchObject({ kind: 'schedule', times: ['21:00'], weekdays: [] });
  });

  it('questions that start with "Where", "then forwards the lot to me and tells them \'...\'", and "every Sunday" inside what a command says is no post', () => {
    const nest = planOf('when they send /nest the bot asks them three things, one after the other:\n1) Bees or wasps?\n2) Postcode?\nthen forwards the lot to me and tells them "Got it 🐝 I\'ll ring you back today"');
    expect(command(nest.rules, 'nest')?.do).toEqual([{ kind: 'ask', questions: ['Bees or wasps?', 'Postcode?'], done: "Got it 🐝 I'll ring you back today" }]);
    expect(ruleOf(nest.rules, (r) => r.do.some((a) => a.kind === 'forward'))).toBeUndefined();
    const match = planOf('discord. wishlist:\n!match → asks Where are you based? / Domestic or international penpal? → send them to me and say Thanks 💌 we match people every Sunday');
    expect(command(match.rules, 'match')?.do).toEqual([{ kind: 'ask', questions: ['Where are you based?', 'Domestic or international penpal?'], done: 'Thanks 💌 we match people every Sunday' }]);
    expect(ruleOf(match.rules, (r) => r.when.kind === 'schedule')).toBeUndefined();
  });

  it('"anything with the words X should be removed and the person told: ...", an aside in brackets, and a command answered by the lines under it', () => {
    const { rules } = planOf("telegram group bot. Anything with the words for sale, selling kits or £ per kit should be removed and the person told: No selling ferrets in here please 🦦 (I know it's an otter, there's no ferret emoji!)\nAlso a /vets command that lists the exotic vets we recommend:\nRushcliffe Exotics - 0115 496 0321\nMapperley Vets (ask for Jo) - 0115 496 0788\nThank you!!");
    expect(keyword(rules, 'for sale')?.when).toEqual({ kind: 'keyword', words: ['for sale', 'selling kits', '£ per kit'], whole: false });
    expect(keyword(rules, 'for sale')?.do).toEqual([{ kind: 'delete' }, { kind: 'warn', text: 'No selling ferrets in here please 🦦' }]);
    expect(command(rules, 'vets')?.do).toEqual([{ kind: 'reply', text: 'Rushcliffe Exotics - 0115 496 0321\nMapperley Vets (ask for Jo) - 0115 496 0788' }]);
  });
});
