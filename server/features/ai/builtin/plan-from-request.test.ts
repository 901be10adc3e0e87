// The builtin's reading of a message as a bot plan: the person's words carried, a blank where none
// were given, the rule kinds the feature reading had no words for (lists, counters, questions in
// turn, mentions, reactions, copies, conversions, alerts, relative times, conditions), and no rule
// built twice. These phrasings were written for this test; fresh ones are judged by
// `npm run bench -- understanding`.
import { describe, expect, it } from 'vitest';
import { blanksOf } from '../../../../shared/bot-plan-words';
import { lines, planOf } from './plan-lines.fixture';
import { understandRequest } from './request';

describe('the plan of a request', () => {
  it('carries commands and keywords in the words written, one rule per answer', () => {
    const plan = planOf(`telegram bot for my bike shop. /hours should say "Mon-Fri 9-18, closed Sundays" and if someone writes puncture or flat tyre answer "Walk-in repair takes 20 min"`);
    expect(lines(plan)).toEqual(
      expect.arrayContaining([
        "When someone sends /hours: reply 'Mon-Fri 9-18, closed Sundays'",
        `When a message mentions "puncture" or "flat tyre": reply 'Walk-in repair takes 20 min'`,
      ]),
    );
    expect(blanksOf(plan)).toEqual([]);
  });

  it('leaves a blank, never a sample, where the words were not given', () => {
    const plan = planOf('discord bot for my guild: welcome new people and a !menu command');
    expect(blanksOf(plan).map((b) => b.label)).toEqual(['What the bot says when someone joins', 'What the bot says when someone sends !menu']);
    expect(JSON.stringify(plan)).not.toMatch(/Opening hours|Example Street|How do you like/);
  });

  it('reads lists kept per chat, with the item or the sender', () => {
    const shopping = planOf('telegram bot for our flat: /add eggs puts it on the shopping list, /done eggs takes it off, /list shows everything');
    expect(shopping.rules.filter((r) => r.do[0]!.kind === 'list').map((r) => [r.id, r.do[0]])).toEqual([
      ['add', expect.objectContaining({ list: 'shopping_list', op: 'add', item: 'argument' })],
      ['done', expect.objectContaining({ op: 'remove', item: 'argument' })],
      ['list', expect.objectContaining({ op: 'show' })],
    ]);
    const games = planOf("discord bot for games night. !in adds you to the list of who's coming, !out removes you, !who shows who is coming. only in #games");
    expect(games.settings.prefix).toBe('!');
    expect(games.rules.filter((r) => r.do[0]!.kind === 'list').map((r) => [r.id, r.if])).toEqual([
      ['in', [{ kind: 'chat', name: 'games' }]],
      ['out', [{ kind: 'chat', name: 'games' }]],
      ['who', [{ kind: 'chat', name: 'games' }]],
    ]);
    expect(games.rules.find((r) => r.id === 'in')!.do[0]).toMatchObject({ op: 'add', item: 'sender' });
  });

  it('reads questions asked in turn and sent to the owner', () => {
    const plan = planOf('whatsapp bot for my cake shop: /order asks their name, which cake and pickup day, then sends it to me');
    expect(plan.rules.find((r) => r.id === 'order')!.do[0]).toMatchObject({ kind: 'ask', questions: ['Name?', 'Which cake?', 'Pickup day?'] });
    expect(understandRequest('whatsapp bot for my cake shop: /order asks their name, which cake and pickup day, then sends it to me')!.notUnderstood).toEqual([]);
  });

  it('reads counting with a top N and replies to mentions, without a keyword rule for "bot"', () => {
    const plan = planOf(`slack bot: when someone mentions the bot reply "I'm only a bot, ask @maria". also count messages per person and /top shows the 5 most active`);
    expect(plan.rules.map((r) => r.when.kind).sort()).toEqual(['command', 'mention', 'message']);
    expect(plan.rules.find((r) => r.when.kind === 'command')!.do[0]).toMatchObject({ kind: 'top', n: 5 });
    expect(plan.rules.find((r) => r.when.kind === 'message')!.when).toEqual({ kind: 'message', always: true });
  });

  it('reads conversions from an example and a price alert without a /price command', () => {
    const plan = planOf('telegram bot: /f 20 should answer 68, and tell me when bitcoin drops below 60k');
    expect(plan.rules.find((r) => r.id === 'f')!.do[0]).toMatchObject({ kind: 'convert', from: 'c', to: 'f' });
    const alert = plan.rules.find((r) => r.when.kind === 'schedule')!;
    expect(alert.if).toEqual([{ kind: 'threshold', source: { kind: 'price', coin: 'bitcoin', currency: 'usd' }, below: 60000 }]);
    expect(alert.do[0]).toMatchObject({ kind: 'post', to: 'owner' });
    expect(plan.rules.some((r) => r.when.kind === 'command' && r.when.name === 'price')).toBe(false);
  });

  it('reads a time relative to another, once, and reactions and copies to the owner', () => {
    const raid = planOf(`discord: 30 minutes before thursday's 9pm raid post "Raid in 30 min, get online!" and react with 👍 to messages containing gg`);
    expect(lines(raid)).toEqual(["30 minutes before Thursday 21:00: post 'Raid in 30 min, get online!' to the channel", `When a message mentions "gg": react with 👍`]);
    const refunds = planOf('forward every message that mentions refund to me pls, telegram');
    expect(lines(refunds)).toContain('When a message mentions "refund": send you a copy of the message');
  });

  it('marks what the platform cannot do, with the reason', () => {
    const plan = planOf("an X bot that welcomes new followers with 'Thanks for following!'");
    expect(plan.rules.find((r) => r.when.kind === 'join')!.unsupported).toMatch(/X tells a bot nothing/);
  });

  it('reads questions in turn across sentences, keeping the questions as written', () => {
    const plan = planOf("telegram bot for my cleaning company: /quote starts it, then ask one after the other\n- How many bedrooms?\n- Any pets? (we're fine with them)\nafter that say Thanks! Dana will text you a price and send all the answers to me");
    expect(plan.rules.find((r) => r.id === 'quote')!.do[0]).toEqual({
      kind: 'ask',
      questions: ['How many bedrooms?', "Any pets? (we're fine with them)"],
      done: 'Thanks! Dana will text you a price',
    });
    expect(plan.rules.filter((r) => r.when.kind === 'command' && r.when.name === 'quote')).toHaveLength(1); // not also the quotes behaviour
  });

  it('reads texts without quotes, past their own full stops, up to the next rule (a text of several sentences keeps its last full stop)', () => {
    const plan = planOf('telegram study group. when someone new joins: Hi {name}! check the pinned msg. /exam → Exam: 14 Feb, Hall B. Allowed: one A4 sheet. and when someone leaves the group: Bye {name}');
    expect(lines(plan)).toEqual(
      expect.arrayContaining([
        "When someone joins: reply 'Hi {name}! check the pinned msg.'",
        "When someone sends /exam: reply 'Exam: 14 Feb, Hall B. Allowed: one A4 sheet.'",
        "When someone leaves: reply 'Bye {name}'",
      ]),
    );
  });

  it('reads banned words with the warning as written and the strikes after it', () => {
    const plan = planOf("discord bot: if a message contains ez noob or trash team: delete it and reply Keep it clean, {name}. 2nd time → time them out for 1 hour, 3rd time → ban");
    const banned = plan.rules.filter((r) => r.when.kind === 'keyword');
    expect(banned.map((r) => [r.if, r.do])).toEqual([
      [[], [{ kind: 'delete' }, { kind: 'warn', text: 'Keep it clean, {name}' }]],
      [[{ kind: 'warnings', atLeast: 2 }], [{ kind: 'mute', minutes: 60 }]],
      [[{ kind: 'warnings', atLeast: 3 }], [{ kind: 'ban' }]],
    ]);
  });

  it('reads what the bot says to any other message', () => {
    const plan = planOf("telegram bot: /hours says 'Mon-Fri 9-5' and replies 'Sorry, try /hours' to any other message");
    expect(lines(plan)).toContain("When any other message arrives: reply 'Sorry, try /hours'");
    expect(plan.rules.some((r) => r.when.kind === 'keyword')).toBe(false);
  });

  it('reads scheduled posts with their own words, the time only from before the words', () => {
    const choir = planOf('choir whatsapp. every tuesday at 18:00 post: Rehearsal tonight 19:30 in the church hall, bring your folders!');
    expect(lines(choir)).toContain("On Tuesday at 18:00: post 'Rehearsal tonight 19:30 in the church hall, bring your folders!' to the channel");
    const match = planOf('discord. kickoff is every saturday at 15:00, 45 min before that post in #match: lineups are out, get in here');
    expect(lines(match)).toContain("45 minutes before Saturday 15:00: post 'lineups are out, get in here' to #match");
    const described = planOf('telegram channel for my bakery, every friday post what bread we have this weekend');
    expect(lines(described)).toContain('On Friday at 09:00: post [needs your words] to the channel');
    expect(described.defaults.join(' ')).toMatch(/No time of day was given/);
  });

  it('reads a list gone through in turn or at random, each item in the person\'s template', () => {
    const flat = planOf('telegram flat group: every monday 8:00 post whose turn it is for the bins, going round: Ana, Piet, Yusuf -> 🗑️ Bins this week: <name>');
    expect(lines(flat)).toContain("On Monday at 08:00: post one of 3 texts in turn ('🗑️ Bins this week: Ana', '🗑️ Bins this week: Piet', '🗑️ Bins this week: Yusuf')");
    const yoga = planOf('discord: !pose gives a random pose from: tree, warrior, cobra → Try this today: <pose>');
    expect(lines(yoga)).toContain("When someone sends !pose: reply one of 3 texts at random ('Try this today: tree', 'Try this today: warrior', 'Try this today: cobra')");
  });

  it('reads a menu of buttons laid out one line per button, opened by a command or by words', () => {
    const bakery = planOf('telegram bakery bot\n/menu shows buttons: Bread, Cakes\n  Bread → Rye 4€, spelt 5€\n  Cakes → Cheesecake slice 3.50');
    expect(lines(bakery)).toEqual(expect.arrayContaining([
      'When someone sends /menu: say \'Pick one:\' with the buttons "Bread" and "Cakes"',
      "When someone presses \"Bread\": reply 'Rye 4€, spelt 5€'",
      "When someone presses \"Cakes\": reply 'Cheesecake slice 3.50'",
    ]));
    const gym = planOf('whatsapp for my gym: when someone writes hey or info show buttons: Hours / Trial\nHours → 6-22 every day');
    expect(lines(gym)).toEqual(expect.arrayContaining([
      'When a message mentions "hey" or "info": say \'Pick one:\' with the buttons "Hours" and "Trial"',
      'When someone presses "Trial": reply [needs your words]',
    ]));
  });

  it('reads a quiz of questions and answers, with what right and wrong answers get', () => {
    const plan = planOf('discord pub quiz: !trivia asks these:\nLongest river? → Nile\nHow many legs has a spider? → 8\nright: Nailed it {name}! wrong: Nope, it was {value}');
    expect(plan.rules.find((r) => r.id === 'trivia')?.do).toEqual([
      { kind: 'quiz', questions: [{ question: 'Longest river?', answer: 'Nile' }, { question: 'How many legs has a spider?', answer: '8' }], right: 'Nailed it {name}!', wrong: 'Nope, it was {value}', done: 'You got {count} of {total} right.' },
    ]);
  });

  it('reads what earns a point, with its own words, and the top of that count', () => {
    const plan = planOf('telegram running club: whenever someone writes ran or jogged they get a star and the bot says Nice one {name}! ⭐\n/legends shows Club legends: with the top 3');
    expect(lines(plan)).toEqual(expect.arrayContaining([
      'When a message mentions "ran" or "jogged": count one for the sender in "stars" and reply \'Nice one {name}! ⭐\'',
      "When someone sends /legends: show the top 3 of \"stars\" with 'Club legends: / {top}'",
    ]));
  });

  it('reads the time zone the person names, and says UTC where times matter and none was named', () => {
    expect(planOf('discord: every sunday 20:00 London time post: Quiz night in 1 hour!').settings.timeZone).toBe('Europe/London');
    expect(planOf('telegram: every day at 7 post Morning! (polish time)').settings.timeZone).toBe('Europe/Warsaw');
    expect(planOf('slack: mon-fri 9:00 post standup time. timezone is America/Chicago').settings.timeZone).toBe('America/Chicago');
    const utc = planOf('telegram: every day at 7:00 post: Morning!');
    expect(utc.settings.timeZone).toBe('UTC');
    expect(utc.defaults).toContain('Times are in UTC: tell me your time zone ("Berlin time", "Europe/Berlin") to use yours.');
  });

  it('reads AI answers with the person\'s own instructions, on a command or a mention', () => {
    const plan = planOf('telegram garden club. /ask → answer with AI like an old gardener, 2 sentences max. when they @ the bot, reply using chatgpt in plain words');
    expect(plan.rules.find((r) => r.id === 'ask')?.do).toEqual([{ kind: 'data', source: { kind: 'ai', instructions: 'Answer like an old gardener, 2 sentences max.' } }]);
    expect(plan.rules.find((r) => r.when.kind === 'mention')?.do).toEqual([{ kind: 'data', source: { kind: 'ai', instructions: 'Answer in plain words.' } }]);
  });

  it('reads moderation written in other ways: who posts what, ban or delete, what the bot says, a strike posted to a log channel', () => {
    const spam = planOf('telegram building group: anyone posting casino or crypto links → ban them right away and say Removed a spammer 🧹');
    expect(lines(spam)).toContain('When a message mentions "casino" or "crypto": ban the sender and say \'Removed a spammer 🧹\'');
    const ads = planOf('discord: if someone who isnt a mod posts discord.gg/ → delete + warn: No ads here, {name}. second time kick them and post in #mod-log: Kicked {name}');
    expect(lines(ads)).toEqual([
      'When a message mentions "discord.gg/": delete the message and warn the sender: \'No ads here, {name}\'',
      'When a message mentions "discord.gg/", once the sender has 2 warnings: remove the sender from the group and post \'Kicked {name}\' to #mod-log',
    ]);
    expect(ads.notBuilt[0]?.reason).toMatch(/cannot leave admins out/);
  });

  it('reads rules that depend on the hours, each span of days and hours as written', () => {
    const shop = planOf('whatsapp for my bike shop: if people ask are you open: in opening hours (Mon-Fri 9-18, Sat 10-14) → Yes, come by! and outside → Sorry, closed now.');
    expect(lines(shop)).toEqual([
      'When a message mentions "are you open", only between 09:00–18:00 on weekdays: reply \'Yes, come by!\'',
      'When a message mentions "are you open", only between 10:00–14:00 on Saturday: reply \'Yes, come by!\'',
      'When a message mentions "are you open", only outside 09:00–18:00 on weekdays, only outside 10:00–14:00 on Saturday: reply \'Sorry, closed now\'',
    ]);
    const desk = planOf('telegram: /help → during office hours (mon-fri 8:00-16:00) forward it to me and reply Passed on ✅, outside those hours reply We are off now');
    expect(desk.rules.filter((r) => r.when.kind === 'command' && r.when.name === 'help').map((r) => r.do)).toEqual([
      [{ kind: 'forward', to: 'owner' }, { kind: 'reply', text: 'Passed on ✅' }],
      [{ kind: 'reply', text: 'We are off now' }],
    ]);
  });

  it('reads rules written one a line as words → what the bot does, lists kept by words people write', () => {
    const laundry = planOf('telegram laundromat bot\nbroken, ate my coins → forward to me and reply Thanks! We told the owner\neverything else → Sorry, I only know prices');
    expect(lines(laundry)).toEqual(expect.arrayContaining([
      'When a message mentions "broken" or "ate my coins": send you a copy of the message and reply \'Thanks! We told the owner\'',
      "When any other message arrives: reply 'Sorry, I only know prices'",
    ]));
    expect(lines(laundry).some((l) => l.startsWith('For every message'))).toBe(false);
    const club = planOf('slack volunteers. in #shifts: join → bot adds the person to the list and says Thanks NAME! • drop → off the list • crew → Crew so far: + names');
    expect(lines(club)).toEqual(expect.arrayContaining([
      'When a message is exactly "join", only in #shifts: add their name to the list "signups", and say \'Thanks {name}!\'',
      'When a message is exactly "drop", only in #shifts: remove their name from the list "signups", and say \'Removed {item}.\'',
      'When a message is exactly "crew", only in #shifts: show the list "signups", and say \'Crew so far: / {list}\'',
    ]));
  });

  it('reads mentions about words, the other mentions, scheduled polls and a post relative to a time said before', () => {
    const studio = planOf("our X account: if someone @'s us about price or cost reply Drop-in £8! and for any other mention pick one of these randomly: Hi! / Come dance / See you soon");
    expect(lines(studio)).toEqual([
      'When a message mentions "price" or "cost": reply \'Drop-in £8!\'',
      "When any other message arrives: reply one of 3 texts at random ('Hi!', 'Come dance', 'See you soon')",
    ]);
    const hikers = planOf('telegram hiking club. mondays 19:00 start a poll Where do we hike? options Lake, Ridge, Forest');
    expect(lines(hikers)).toContain("On Monday at 19:00: start a poll 'Where do we hike?' ('Lake', 'Ridge', 'Forest')");
    const books = planOf('bookshop on X: our sale is every saturday 11am, so tweet Sale in 1 hour! an hour before');
    expect(lines(books)).toContain("1 hour before Saturday 11:00: post 'Sale in 1 hour!' to the channel");
  });

  it('reads numbered things to ask for, an answer at night that is the only one, one post per class before each class', () => {
    const school = planOf('whatsapp driving school. when someone writes book, ask: 1) full name 2) manual or automatic — then send it to me. price → 1 hour £34. between 9pm and 8am just reply Off now, back at 8');
    expect(lines(school)).toEqual([
      "When a message mentions \"book\", only outside 21:00–08:00: ask 'Full name?' and 'Manual or automatic?' one at a time, then say 'Thanks! I have sent your answers on.' and send you the answers",
      "When any other message arrives, only between 21:00–08:00: reply 'Off now, back at 8'",
      "When a message mentions \"price\", only outside 21:00–08:00: reply '1 hour £34'",
    ]);
    const pottery = planOf('whatsapp pottery group. classes are tuesday 18:30 and saturday 10:00. two hours before each class send: Class in 2 hours!');
    expect(lines(pottery)).toEqual(["2 hours before Tuesday 18:30: post 'Class in 2 hours!' to the channel", "2 hours before Saturday 10:00: post 'Class in 2 hours!' to the channel"]);
  });

  it('reads a list by its commands\' names with the words in brackets, a command with the same text as a post, a second text with its own time', () => {
    const chess = planOf('chess club telegram. /in = you\'re in for friday (bot says "you\'re in, <name>!"), /out = removes you ("maybe next time"), /who = shows "Coming:" and everyone\'s names. /reset clears the list');
    expect(lines(chess)).toEqual(expect.arrayContaining([
      'When someone sends /in: add their name to the list "list", and say \'you\'re in, {name}!\'',
      'When someone sends /out: remove their name from the list "list", and say \'maybe next time\'',
      'When someone sends /who: show the list "list", and say \'Coming: / {list}\'',
    ]));
    const run = planOf('telegram running club. we run every thursday at 19:00. 2 hours before, the bot should post: "Run tonight!". And /run replies with the same text.');
    expect(lines(run)).toContain("When someone sends /run: reply 'Run tonight!'");
    const pod = planOf("X podcast, live every thursday at 21:00. Tweet 'Live in 30 min!' 30 minutes before, and 'LIVE NOW' at 21:00.");
    expect(lines(pod)).toEqual(expect.arrayContaining(["30 minutes before Thursday 21:00: post 'Live in 30 min!' to the channel", "On Thursday at 21:00: post 'LIVE NOW' to the channel"]));
  });

  it('reads weather alerts on a schedule: the wind or the temperature, and what to post otherwise', () => {
    const rowing = planOf('slack rowing club. every morning 5:30 the bot checks wind for Henley-on-Thames. over 30 km/h → post in #outings Red flag, no outings. otherwise → Green flag ✅');
    expect(lines(rowing)).toEqual([
      "Every day at 05:30, when the wind in Henley-on-Thames goes above 30 km/h: post 'Red flag, no outings' to #outings",
      "Every day at 05:30, when the wind in Henley-on-Thames goes below 30 km/h: post 'Green flag ✅' to #outings",
    ]);
    const frost = planOf('whatsapp allotments: at 6pm every day check tonight\'s forecast for Bristol and if it goes below 2 degrees send Frost warning ❄️ cover your seedlings!');
    expect(frost.rules.find((r) => r.id === 'weather-alert')?.if).toEqual([{ kind: 'threshold', source: { kind: 'weather', city: 'Bristol' }, below: 2 }]);
  });

  it('reads a numbered menu with a line per number, and hours that make one answer the only one', () => {
    const bikes = planOf('whatsapp bike shop. when ppl say hi or menu send a menu: 1 Opening times 2 Prices 3 Book a service\n1 = Mon-Fri 9-18\n2 = puncture €10\n3 = ask their name and what bike, then send it to me');
    expect(lines(bikes)).toEqual([
      "When a message mentions \"hi\" or \"menu\": reply '1 Opening times / 2 Prices / 3 Book a service'",
      "When a message is exactly \"1\": reply 'Mon-Fri 9-18'",
      "When a message is exactly \"2\": reply 'puncture €10'",
      "When a message is exactly \"3\": ask 'Name?' and 'What bike?' one at a time, then say 'Thanks! I have sent your answers on.' and send you the answers",
    ]);
    const kiosk = planOf('whatsapp kiosk. • screen → Screen repair from 79€ • anything else, take turns between Thanks! and Hi there • open 10-20 every day, outside that only say Closed now');
    expect(lines(kiosk)).toEqual(expect.arrayContaining([
      "When any other message arrives, only outside 10:00–20:00: reply 'Closed now'",
      "When a message mentions \"screen\", only between 10:00–20:00: reply 'Screen repair from 79€'",
      "When any other message arrives, only between 10:00–20:00: reply one of 2 texts in turn ('Thanks!', 'Hi there')",
    ]));
  });

  it('reads keyword answers said in a sentence: a text, one of several, a copy to the owner, the weather, a description as a blank', () => {
    const yoga = planOf('whatsapp yoga group. when someone asks for the schedule / timetable send: Mon 7:00 Vinyasa · Wed 18:00 Yin. And when someone writes namaste, answer with one of: Namaste 🙏 / See you on the mat');
    expect(lines(yoga)).toEqual([
      "When a message mentions \"schedule\" or \"timetable\": reply 'Mon 7:00 Vinyasa · Wed 18:00 Yin'",
      "When a message mentions \"namaste\": reply one of 2 texts at random ('Namaste 🙏', 'See you on the mat')",
    ]);
    const stable = planOf('whatsapp stable group. when someone says arena → Arena sheet: https://x.nl/arena. and farrier → tell them when the farrier comes next');
    expect(lines(stable)).toContain('When a message mentions "farrier": reply [needs your words]');
    const sketch = planOf('X account. every sunday 10am tweet This Sunday we sketch at ... (the spot changes)');
    expect(lines(sketch)).toEqual(['On Sunday at 10:00: post [needs your words] to the channel']);
    const students = planOf('discord students. !weather → Tartu weather now');
    expect(lines(students)).toContain('When someone sends !weather: reply with the weather in Tartu');
  });

  it('reads a whole day closed, buttons whose words come as "Label:" with a press that asks, and a menu opened by words said later', () => {
    const barber = planOf('telegram barbershop. /start gives buttons Book, Prices. Prices button: Fade 22. Book: ask name and what time, then send me that. when people write us on a monday just answer Closed Mondays ✂️');
    expect(lines(barber)).toEqual([
      "When someone sends /start, only not on Monday: say 'Pick one:' with the buttons \"Book\" and \"Prices\"",
      "When someone presses \"Book\", only not on Monday: ask 'Name?' and 'What time?' one at a time, then say 'Thanks! I have sent your answers on.' and send you the answers",
      "When someone presses \"Prices\", only not on Monday: reply 'Fade 22'",
      "When any other message arrives, only on Monday: reply 'Closed Mondays ✂️'",
    ]);
    const nails = planOf('whatsapp nail studio: a menu with buttons: Gel, Pedicure. Gel = Gel manicure €30. Pedicure = still working out the price. show the menu when someone says hi or hello');
    expect(lines(nails)).toEqual([
      'When a message mentions "hi" or "hello": say \'Pick one:\' with the buttons "Gel" and "Pedicure"',
      "When someone presses \"Gel\": reply 'Gel manicure €30'",
      'When someone presses "Pedicure": reply [needs your words]',
    ]);
  });
});

describe('members, numbers logged, reactions of a command', () => {
  it('reads a welcome said without a colon, "welcome anyone new with ...", a DM to new people, and a random one of several', () => {
    expect(lines(planOf('telegram group for our rowing crew. when someone new joins say Ahoy {name}! Boats are in shed B'))).toContain(
      "When someone joins: reply 'Ahoy {name}! Boats are in shed B'",
    );
    expect(lines(planOf('discord for our quilting circle. welcome anyone new with hey NAME, show us your latest quilt'))).toContain(
      "When someone joins: reply 'hey {name}, show us your latest quilt'",
    );
    expect(lines(planOf('slack for the lab. new people joining the workspace get a DM: Welcome to the lab! Read #safety first.'))).toContain(
      "When someone joins: reply 'Welcome to the lab! Read #safety first.'",
    );
    const oneOf = planOf('discord for our jam band. new members get greeted with a random one of: Yo NAME, grab a mic! / NAME joined the jam / Hi NAME 🎸');
    expect(oneOf.rules.find((r) => r.when.kind === 'join')?.do).toEqual([{ kind: 'replyOneOf', texts: ['Yo {name}, grab a mic!', '{name} joined the jam', 'Hi {name} 🎸'], order: 'random' }]);
  });

  it('builds no goodbye when the person asks for none', () => {
    expect(planOf('discord for our darts team. !next should say Friday 8pm. when people leave dont say anything').rules.some((r) => r.when.kind === 'leave')).toBe(false);
  });

  it('adds the number written after a command to the sender\'s total, with the words it says, and tops that total', () => {
    const plan = planOf('discord for our cycling club. !rode 42 logs km for that person and replies Nice, NAME! 42 km logged, N km so far. !board = top 5 by km');
    expect(plan.rules.find((r) => r.id === 'rode')?.do).toEqual([
      { kind: 'count', counter: 'km', per: 'user', add: 'number' },
      { kind: 'reply', text: 'Nice, {name}! {args} km logged, {count} km so far.' },
    ]);
    expect(plan.rules.find((r) => r.when.kind === 'command' && r.when.name === 'board')?.do).toEqual([expect.objectContaining({ kind: 'top', counter: 'km', n: 5 })]);
  });

  it('puts "+ title" and "<title>" stand-ins aside, gives a command its own reaction, and never listens for "a"', () => {
    const plan = planOf('discord for our film club. !add + film title puts it on the watch list, !seen + film title takes it off and the bot reacts 🍿, !films shows the list');
    expect(plan.rules.find((r) => r.id === 'add')?.do[0]).toEqual(expect.objectContaining({ kind: 'list', op: 'add', item: 'argument' }));
    expect(plan.rules.find((r) => r.id === 'seen')?.do).toEqual([expect.objectContaining({ kind: 'list', op: 'remove' }), { kind: 'react', emoji: '🍿' }]);
    expect(plan.rules.filter((r) => r.when.kind === 'keyword')).toEqual([]);
  });
});

describe('weather in scheduled posts, stand-ins, conversions', () => {
  it('reads a scheduled post that depends on the weather in one line, to the owner or a channel, the place from elsewhere or a blank', () => {
    const owner = planOf('whatsapp bot for our kayak hire in Bled. /weather gives the weather in Bled. every morning 7:15 if wind is over 25 km/h send me: No kayaks on the lake today');
    expect(lines(owner)).toContain("Every day at 07:15, when the wind in Bled goes above 25 km/h: post 'No kayaks on the lake today' to you");
    const blank = planOf('slack bot for the road crew.\nat 5:30 every day if its below -5 °C post in #gritting: ❄️ Grit the depot yard first');
    expect(lines(blank)).toContain("Every day at 05:30, when the weather in [needs your words] goes below -5 °C: post '❄️ Grit the depot yard first' to #gritting");
    expect(blanksOf(blank).map((b) => b.label)).toContain('The place whose weather is read every day at 05:30 (you wrote: "at 5:30 every day if its below -5 °C post in #gritting: ❄️ Grit the depot yard first")');
  });

  it('puts the weather into the person\'s words of a scheduled post, of the place those words name', () => {
    expect(lines(planOf('telegram channel for our ferry. every day 6:00 post Good morning from Oban! + the weather + sailings as normal unless we say so'))).toContain(
      "Every day at 06:00: get the weather in Oban and post 'Good morning from Oban! / {value} / sailings as normal unless we say so'",
    );
    expect(lines(planOf('X bot for our ski school. if the temperature goes over +5 during the day tweet Slushy snow, wax your skis!'))).toContain(
      "Every 30 minutes, when the weather in [needs your words] goes above 5 °C: post 'Slushy snow, wax your skis!' to the channel",
    );
  });

  it('reads "<address>" after a command as what follows it, a copy to the owner after the words, and pounds beside euros as sterling', () => {
    const plan = planOf('telegram bot for couriers. /drop <address> → put it on the drops list and answer 📦 drop added: <address>. if someone writes crash → Call 112 first and send me a copy of the message. /gbp <amount> pounds to euros');
    expect(plan.rules.find((r) => r.when.kind === 'command' && r.when.name === 'drop')?.do).toEqual([expect.objectContaining({ kind: 'list', op: 'add', text: '📦 drop added: {item}' })]);
    expect(plan.rules.find((r) => r.when.kind === 'keyword')?.do).toEqual([{ kind: 'forward', to: 'owner' }, { kind: 'reply', text: 'Call 112 first' }]);
    expect(plan.rules.find((r) => r.when.kind === 'command' && r.when.name === 'gbp')?.do).toEqual([expect.objectContaining({ kind: 'convert', from: 'GBP', to: 'EUR' })]);
  });
});

describe('commands that post, moderation in several lines, words to come', () => {
  it('reads a command that posts what follows it, only for admins, in a channel with a prefix', () => {
    const plan = planOf('slack bot for the lifeboat crew.\n/shout <text> → only for coxswains (admins): post the text in #launch starting with 🚨');
    expect(lines(plan)).toContain("When someone sends /shout, only for admins: post '🚨 {args}' to #launch");
  });

  it('reads each moderation line with its own words (the ones in brackets), its channel and its strikes', () => {
    const plan = planOf('discord for our cosplay guild\n→ anyone posts a scam link (free-nitro.gift) = delete + kick\n→ in #reveals: if someone writes spoiler stuff (spoiler, leak) delete it and warn them; 2 warnings = mute 1h');
    expect(lines(plan)).toEqual(
      expect.arrayContaining([
        'When a message mentions "free-nitro.gift": delete the message and remove the sender from the group',
        expect.stringMatching(/^When a message mentions "spoiler" or "leak", only in #reveals: delete the message and warn the sender/),
        'When a message mentions "spoiler" or "leak", only in #reveals, once the sender has 2 warnings: mute the sender for 1 hour',
      ]),
    );
  });

  it('leaves words the person will give later as a blank, keeps a short lowercase answer, and reads "from these:" lists', () => {
    const plan = planOf('telegram bot for our knitting circle\n- /yarn shows buttons: Wool / Cotton\n  Wool: merino 8€, alpaca 11€\n  Cotton: ill paste the list later\n- /need <thing> puts it on the shopping list and says noted\n- /tip → random tip from these: Block your work / Count twice');
    expect(lines(plan)).toEqual(
      expect.arrayContaining([
        'When someone presses "Cotton": reply [needs your words]',
        "When someone sends /need: add what follows the command to the list \"shopping_list\", and say 'noted'",
        "When someone sends /tip: reply one of 2 texts at random ('Block your work', 'Count twice')",
      ]),
    );
  });
});

describe('feeds', () => {
  it('posts each new item of a feed once, in the person\'s words and channel, and the newest on a command only when one is asked', () => {
    const plan = planOf('discord for our cycling news fans. every 30 mins check https://cyclingnews.example/rss.xml and post new stories in #news as 🚴 headline + link');
    expect(lines(plan)).toContain("Every 30 minutes: get each new item of https://cyclingnews.example/rss.xml and post '🚴 {value}' in #news");
    expect(plan.rules.some((r) => r.when.kind === 'command' && r.when.name === 'news')).toBe(false);
    const asked = planOf('telegram channel bot. post the 3 newest headlines of https://example.com/feed.xml every hour');
    expect(lines(asked)).toContain('Every hour: post the 3 newest items of https://example.com/feed.xml');
  });
});

describe('lists written one item a line', () => {
  it('reads the items under "random ... from:" and "in order:", a format line under them, and leaves questions with answers to the quiz', () => {
    const trash = planOf('discord bot for our darts league\n!heckle → random heckle from:\n - Treble twenty? More like double one.\n - My nan throws straighter\n - Bullseye... next door');
    expect(trash.rules.find((r) => r.when.kind === 'command' && r.when.name === 'heckle')?.do).toEqual([
      { kind: 'replyOneOf', texts: ['Treble twenty? More like double one.', 'My nan throws straighter', 'Bullseye... next door'], order: 'random' },
    ]);
    const words = planOf('X account for my latin class. every day at 9:00 tweet a word, going through this list in order:\n- carpe = seize\n- amicus = friend\nformat: Verbum: carpe = seize #latin');
    expect(lines(words)).toContain("Every day at 09:00: post one of 2 texts in turn ('Verbum: carpe = seize #latin', 'Verbum: amicus = friend #latin')");
    const quiz = planOf('telegram bot. /riddle asks one, in order:\n- What has keys but no locks? (piano)\n- What has hands but cannot clap? (clock)\nright → Yes! wrong → Nope');
    expect(quiz.rules.find((r) => r.when.kind === 'command' && r.when.name === 'riddle')?.do[0]).toEqual(expect.objectContaining({ kind: 'quiz' }));
  });
});

describe('more wordings read from fresh requests', () => {
  it('reads an offset leading the words, a stand-in item, "- someone joins →", a price after an arrow, and no feature named only in brackets', () => {
    const plan = planOf('telegram group for our choir\n/add <song> → adds it to the setlist, reply: on it 🎶\n/songs → shows the whole liedliste\n/clear → empties it, only admins (someone cleared it as a joke)\n- someone joins → Hallo <name>! bring your folder\n/btc → current bitcoin price in EUR\nrehearsal is every tuesday 19:30 → 1 hour before post: Rehearsal in 1h, warm up!');
    expect(lines(plan)).toEqual(
      expect.arrayContaining([
        "When someone sends /add: add what follows the command to the list \"setlist\", and say 'on it 🎶'",
        'When someone sends /songs: show the list "setlist", and say \'{list}\'',
        'When someone sends /clear, only for admins: empty the list "setlist", and say \'The list is empty now.\'',
        "When someone joins: reply 'Hallo {name}! bring your folder'",
        'When someone sends /btc: reply with the bitcoin price in EUR',
        "1 hour before Tuesday 19:30: post 'Rehearsal in 1h, warm up!' to the channel",
      ]),
    );
    expect(plan.rules.some((r) => r.when.kind === 'command' && r.when.name === 'joke')).toBe(false);
  });

  it('reads a Slack reaction by its name, "counts +1 walk for you", and an AI told to act', () => {
    const plan = planOf('slack bot for our office\n- when someone reacts with :rotating_light: to a message, reply On it!\n- /walked → counts +1 walk for you, reply Nice! walk logged\n- /board → top 5 walkers\n- @mention the bot → AI answer, act like a friendly HR person, max 3 lines');
    expect(lines(plan)).toEqual(
      expect.arrayContaining([
        "When someone reacts with :rotating_light:: reply 'On it'",
        'When someone sends /walked: count one for the sender in "walks" and reply \'Nice! walk logged\'',
        "When someone mentions the bot: reply with an AI answer ('Act like a friendly HR person, max 3 lines.')",
      ]),
    );
  });
});

describe('menus written in more ways', () => {
  it('keeps the words over the buttons, labels after "one for each ...:", and questions written on a button\'s line as that press\'s', () => {
    const plan = planOf('telegram bot for our bike hire\n/start → Hey 👋 welcome! what do you need? + 3 buttons: Prices / Hours / Book\nPrices → City bike 12€ a day\nHours → 9-18 daily\nBook → ask them: which bike? / which day? and send me everything');
    expect(lines(plan)).toEqual(
      expect.arrayContaining([
        `When someone sends /start: say 'Hey 👋 welcome! what do you need?' with the buttons "Prices", "Hours" and "Book"`,
        "When someone presses \"Book\": ask 'which bike?' and 'which day?' one at a time, then say 'Thanks! I have sent your answers on.' and send you the answers",
      ]),
    );
    const rooms = planOf('telegram bot for our escape rooms. /rooms says Pick a room 🔍 and shows three buttons, one for each room: The Vault, Ward 13 and The Tomb. The Vault → 60 min. Ward 13 → 75 min. The Tomb → 90 min.');
    expect(lines(rooms)).toContain(`When someone sends /rooms: say 'Pick a room 🔍' with the buttons "The Vault", "Ward 13" and "The Tomb"`);
  });
});

describe('conversions and lists in more wordings', () => {
  it('reads gallons, grams and more currencies, an inline numbered list gone through in order, and a list set in under its line', () => {
    const plan = planOf('discord for our homebrew club\n!gal 5 → us gallons to liters\n!usd 45 → dollars to złoty\n!hint → every time the next one in order: 1) Sanitize everything 2) Pitch cool 3) Be patient ... then again from the first\n!motion → the next motion from our list, in order:\n   This House would ban IPAs\n   This House regrets hazy beer');
    expect(lines(plan)).toEqual(
      expect.arrayContaining([
        "When someone sends !gal: convert the number from gal to l and say '{args} gal = {value} l'",
        "When someone sends !usd: convert the number from USD to PLN and say '{args} USD = {value} PLN'",
        "When someone sends !hint: reply one of 3 texts in turn ('Sanitize everything', 'Pitch cool', 'Be patient')",
        "When someone sends !motion: reply one of 2 texts in turn ('This House would ban IPAs', 'This House regrets hazy beer')",
      ]),
    );
  });
});

describe('settings written in the request', () => {
  it('keeps the owner\'s chat id or number and a Telegram channel\'s @name as settings, said in the defaults', () => {
    const telegram = planOf('telegram channel @kiezbaeckerei for our bakery. every day at 7 post Fresh rolls are out! and /order asks What? then When? and sends the answers to me, my chat id is 518834201');
    expect(telegram.settings.values).toEqual({ OWNER_CHAT_ID: '518834201', TELEGRAM_CHAT_ID: '@kiezbaeckerei' });
    expect(telegram.defaults).toContain('OWNER_CHAT_ID is 518834201, from your message: set the variable to use another.');
    const whatsapp = planOf('whatsapp bot for my butcher shop. /order asks what meat? then send the whole order to my number +39 333 1234567');
    expect(whatsapp.settings.values).toEqual({ OWNER_CHAT_ID: '+39 333 1234567' });
  });
});
