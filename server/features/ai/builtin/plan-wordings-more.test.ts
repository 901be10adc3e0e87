// Wordings the builtin misread in fresh requests (bench/understanding, batches 13 and 14), each read
// into the plan in the person's own words: a post with no verb, zones written as abbreviations or
// cities, "one of these at random", a translation per command, swear words "like" a list, phrases
// before a reaction, a top's title, price alerts and relative posts after a quote, quoted list
// items with commas, longer keywords, mentions about several words.
import { describe, expect, it } from 'vitest';
import { lines, planOf } from './plan-lines.fixture';
import { timeZoneIn } from './understanding/time-zones';

describe('wordings read since batch 13', () => {
  it('a schedule followed by quoted words is a post, with no verb', () => {
    const plan = planOf("telegram channel, automatic posts:\n1) every Monday 8am 'New week! Check the DMRC site before you leave 🚇'\nno replies needed");
    expect(lines(plan)).toContain("On Monday at 08:00: post 'New week! Check the DMRC site before you leave 🚇' to the channel");
  });

  it('a quote after words that are no schedule stays what it was', () => {
    expect(lines(planOf("telegram bot: welcome new members with 'Hi there!'")).join('\n')).not.toMatch(/^On |^Every /m);
  });

  it.each([
    ['every day 7:30 am IST post the weather', 'Asia/Kolkata'],
    ['18:00 CET sharp', 'Europe/Berlin'],
    ['at 5 PM ET', 'America/New_York'],
    ['timezone is Malaysia ofc', 'Asia/Kuala_Lumpur'],
    ['9am Accra time', 'Africa/Accra'],
    ['Kuala Lumpur time', 'Asia/Kuala_Lumpur'],
  ])('reads the zone of "%s"', (text, zone) => {
    expect(timeZoneIn(text)).toBe(zone);
  });

  it.each(['at 9 AM sharp', 'meet at 10 OK', 'the TV time'])('finds no zone in "%s"', (text) => {
    expect(timeZoneIn(text)).toBeNull();
  });

  it('"one of these at random" is at random, not in turn', () => {
    const plan = planOf('telegram channel: every day at 9am post one of these at random:\nFocal an lae: madra = dog\nFocal an lae: báisteach = rain\nFocal an lae: cupán tae = cup of tea');
    expect(lines(plan).join('\n')).toContain('post one of 3 texts at random');
  });

  it('two commands that translate, each into its own language', () => {
    const plan = planOf('telegram bot\n- /aistrigh then some english → translate it into Irish\n- /cad then irish words → translate into english');
    expect(lines(plan)).toEqual(
      expect.arrayContaining(['When someone sends /aistrigh: reply with the message translated into Irish', 'When someone sends /cad: reply with the message translated into English']),
    );
  });

  it("'/ask' is a command, and a command with its own rule switches on no canned behaviour of its name", () => {
    expect(lines(planOf("telegram bot\n/ask followed by their question → send me a copy and reply Got it, I'll answer tonight"))).toEqual([
      "When someone sends /ask: send you a copy of the message and reply 'Got it, I'll answer tonight'",
    ]);
  });

  it('reads the words of "swear words like ..." and "any message with ... → delete and ban", and a strike under a numbered line', () => {
    expect(lines(planOf('discord bot\n- delete any message with swear words like crap, wtf, stfu, damn and warn them: Language please'))).toContain(
      'When a message mentions "crap", "wtf", "stfu" or "damn": delete the message and warn the sender: \'Language please\'',
    );
    const banned = lines(planOf("discord bot\n1. any message with free nitro, discord.gift or claim your prize → delete it and ban the person straight away\n2. 'commissions open' → delete + warn: Ads go in #self-promo\n3. 3 warnings = mute"));
    expect(banned).toContain('When a message mentions "free nitro", "discord.gift" or "claim your prize": delete the message and ban the sender');
    expect(banned.join('\n')).toMatch(/"commissions open", once the sender has 3 warnings: mute the sender/);
  });

  it('a reaction to messages saying phrases of a few words, and a top under its title', () => {
    expect(lines(planOf('telegram group bot\nalso react 🦎 on every message that says new baby or just hatched lol'))).toContain('When a message mentions "new baby" or "just hatched": react with 🦎');
    expect(lines(planOf('discord bot\n- !flew counts a flight for you, !top shows top 5 with the heading Most flights this season'))).toContain(
      'When someone sends !top: show the top 5 of "flights" with \'Most flights this season / {top}\'',
    );
  });

  it("keeps a price alert's own words after a quote, and a second relative post after a quoted one", () => {
    expect(lines(planOf('telegram group bot\n(2) if BTC falls below 60000 USD, post in the group: "⚠️ BTC just dropped under 60k"'))).toContain(
      "Every 5 minutes, when the bitcoin price in USD goes below 60,000: post '⚠️ BTC just dropped under 60k' to the channel",
    );
    expect(lines(planOf("telegram group bot\nquiz starts Thursday 8pm. 2 hours before that it should post 'Quiz tonight at 8!'. 10 minutes before it should post 'Pens down, phones away'."))).toEqual([
      "2 hours before Thursday 20:00: post 'Quiz tonight at 8!' to the channel",
      "10 minutes before Thursday 20:00: post 'Pens down, phones away' to the channel",
    ]);
  });

  it('quoted list items keep their commas; a reply text asks for no schedule of its own', () => {
    const words = lines(planOf('x bot: every day at 12:00 tweet one random word from my list: "gezellig — cosy, nice vibe", "lekker — tasty, nice", "fietsen — to cycle"'));
    expect(words.join('\n')).toContain("post one of 3 texts at random ('gezellig — cosy, nice vibe', 'lekker — tasty, nice', 'fietsen — to cycle')");
    expect(lines(planOf('telegram group bot\nif anybody asks whats the jackpot or how much is the pot say The jackpot rolls over by £25 every week'))).toEqual([
      'When a message mentions "whats the jackpot" or "how much is the pot": reply \'The jackpot rolls over by £25 every week\'',
    ]);
  });

  it('a mention about several words, each of a few, answered once', () => {
    expect(lines(planOf('x bot\n* if people @ us about cover or cover charge or how much → reply "$10 cover after 8pm"'))).toEqual([
      'When a message mentions "cover", "cover charge" or "how much": reply \'$10 cover after 8pm\'',
    ]);
  });

  it('a number added to a total, said with the total; a list beside it stays a list', () => {
    const plan = lines(planOf('discord bot\n!won 35 → adds 35 (euros won that night) to your season total and answers "Nice, season total:" plus the number\n!standings → top 3 of the season\n!bring chips → puts it on the snack list'));
    expect(plan).toContain('When someone sends !won: add the number after the command for the sender in "won" and reply \'Nice, season total: {count}\'');
    expect(plan).toContain('When someone sends !standings: show the top 3 of "won" with \'Top 3: / {top}\'');
    expect(plan.join('\n')).toContain('When someone sends !bring: add what follows the command to the list');
  });

  it('hours written as "before 8am or after 6pm, and all weekend", and questions ending with a quote after "then"', () => {
    const plan = lines(planOf('whatsapp bot\nBOOK → ask Postcode? then Best time to call you? and send me all the answers, then "Nice one, we\'ll ring you today"\nout of hours (before 8am or after 6pm, and all weekend) → "We\'re closed right now"\nanything with complaint or refund in it → forward it to me'));
    expect(plan).toContain("When a message mentions \"book\": ask 'Postcode?' and 'Best time to call you?' one at a time, then say 'Nice one, we'll ring you today' and send you the answers");
    expect(plan).toContain("When any other message arrives, only outside 08:00–18:00 on weekdays: reply 'We're closed right now'");
    expect(plan).toContain('When a message mentions "complaint" or "refund": send you a copy of the message');
  });

  it('a command that reposts its text, for admins, in the channel it names', () => {
    expect(lines(planOf('discord bot\n→ !announce <text> — admins only — bot reposts the text in #announcements'))).toContain("When someone sends !announce, only for admins: post '{args}' to #announcements");
    expect(lines(planOf('slack bot\n5. only admins can use /announce + text, it reposts the text in #general'))).toContain("When someone sends /announce, only for admins: post '{args}' to #general");
  });

  it("a reaction written as Slack's name, to messages in a channel that contain words; a count of a thing for the person; no shop closed by 'a bug closed'", () => {
    expect(lines(planOf('slack bot\nc. whenever a message in #releases contains release, deployed or hotfix the bot should react with :eyes:'))).toContain(
      'When a message mentions "release", "deployed" or "hotfix", only in #releases: react with 👀',
    );
    expect(lines(planOf('slack bot\nb. /squashed → counts +1 bug closed for that person, reply "Nice one! Bugs squashed so far:" and the count.')).join('\n')).not.toMatch(/outside|AI answer/);
  });

  it('questions ending in a dash before where the answers go, then the words said', () => {
    expect(lines(planOf('slack bot\n* /pto → asks: First day off? / Last day off? — then sends the answers to me (HR lead) and says "Got it!"'))).toContain(
      "When someone sends /pto: ask 'First day off?' and 'Last day off?' one at a time, then say 'Got it!' and send you the answers",
    );
  });

  it("'(name)' and '<total>' in the person's words; one more for a command that 'adds one'; words about an answer are a blank", () => {
    const plan = lines(planOf('telegram group bot\n- parents earn a point for every sit they do: /didsit adds one, /points shows the top 10\n- /donde → tells people the venue address\n- /pts 12 → adds those points to the driver who sent it and answers: Points in! You\'re on <total> pts now\n- when someone joins say Welcome (name)! Read the pinned post'));
    expect(plan).toEqual(
      expect.arrayContaining([
        "When someone joins: reply 'Welcome {name}! Read the pinned post'",
        'When someone sends /donde: reply [needs your words]',
        'When someone sends /didsit: count one for the sender in "points"',
        'When someone sends /pts: add the number after the command for the sender in "points" and reply \'Points in! You\'re on {count} pts now\'',
      ]),
    );
  });

  it('the list of people: "removes you", "takes u out", and how many are on it', () => {
    const plan = lines(planOf("discord bot\n- !in → adds you to saturday's list and says Locked in\n- !out → removes you\n!leave takes u out, says Removed, gg\n- !count → how many are in"));
    expect(plan).toEqual([
      'When someone sends !in: add their name to the list "list", and say \'Locked in\'',
      'When someone sends !out: remove their name from the list "list", and say \'Removed {item}.\'',
      'When someone sends !leave: remove their name from the list "list", and say \'Removed, gg\'',
      'When someone sends !count: show the list "list", and say \'{count}\'',
    ]);
  });

  it('a pick at random, of quoted texts with commas, or of two texts with "or"', () => {
    const plan = lines(planOf("slack bot\n/lunch → picks one place at random: Tibits, Hiltl, the Thai truck\n/prompt → picks at random one of: 'Write the ugliest draft', 'No citations for 25 min, just argue'\n!coin → randomly says Blue kicks off or Orange kicks off"));
    expect(plan).toEqual(
      expect.arrayContaining([
        "When someone sends /lunch: reply one of 3 texts at random ('Tibits', 'Hiltl', 'the Thai truck')",
        "When someone sends /prompt: reply one of 2 texts at random ('Write the ugliest draft', 'No citations for 25 min, just argue')",
      ]),
    );
    expect(lines(planOf('discord bot\n!coin → randomly says Blue kicks off or Orange kicks off'))).toContain("When someone sends !coin: reply one of 2 texts at random ('Blue kicks off', 'Orange kicks off')");
  });

  it("a reaction's copy sent to the owner, read from the ways people ask for it", () => {
    expect(lines(planOf('slack bot\n- when someone puts a :sos: reaction on a message, send me a copy of that message'))).toContain('When someone reacts with :sos:: send you a copy of the message');
    expect(lines(planOf('discord bot\n5. when someone reacts 🚩 on a message send me a copy so I can check it'))).toContain('When someone reacts with 🚩: send you a copy of the message');
    expect(lines(planOf('discord bot\nif someone says what a save / nice save / savior the bot reacts 🧤'))).toContain('When a message mentions "what a save", "nice save" or "savior": react with 🧤');
  });

  it('an answer named but not given ("our weekly events", "reply with our prices") is a blank, and asks for no weekly post', () => {
    expect(lines(planOf('discord bot\n- !events → our weekly events\n- mentions with tickets or preise → reply with our prices'))).toEqual([
      'When a message mentions "tickets" or "preise": reply [needs your words]',
      'When someone sends !events: reply [needs your words]',
    ]);
  });
});
