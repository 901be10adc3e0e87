// Wordings the builtin misread in fresh requests (bench/understanding, batch 31), each read into the
// plan in the person's own words.
import { describe, expect, it } from 'vitest';
import { command, keyword, planOf, ruleOf } from './plan-lines.fixture';

describe('wordings read since batch 31', () => {
  it('a queue: "/next shows and removes the first one" takes the first off the list', () => {
    const { rules } = planOf('telegram bot for our barber queue. /join adds you to the queue and says "You\'re in line {name}!", /next shows and removes the first one, /queue shows who\'s waiting');
    expect(command(rules, 'join')?.do).toEqual([{ kind: 'list', list: 'barber_queue', op: 'add', item: 'sender', text: "You're in line {name}!" }]);
    expect(command(rules, 'next')?.do).toEqual([{ kind: 'list', list: 'barber_queue', op: 'next', item: 'argument', text: 'Next: {item}' }]);
    expect(command(rules, 'queue')?.do[0]).toMatchObject({ kind: 'list', list: 'barber_queue', op: 'show' });
  });

  it('a quoted answer then "plus the link ..." or "+ the spreadsheet link" still to come is a blank; spamming described is no moderation', () => {
    const school = planOf('whatsapp bot\n"theory" → "For theory practice use this app:" plus the link to the app I recommend (still deciding between two, so leave the link out for now)\n"price" → "£38 per hour"');
    expect(keyword(school.rules, 'theory')?.do).toEqual([{ kind: 'reply', text: null }]);
    const group = planOf('telegram group bot\npeople keep spamming housing stuff so if a msg has apartment or flat → reply "🏠 Housing posts only on Mondays please! Also check our housing spreadsheet:" + the spreadsheet link — Claire has the link');
    expect(keyword(group.rules, 'apartment')?.do).toEqual([{ kind: 'reply', text: null }]);
    expect(group.rules.some((r) => r.do.some((a) => a.kind === 'delete' || a.kind === 'warn'))).toBe(false);
  });

  it('a city written as its letters, the weather "(temp, clouds)" starting with words, "current SF weather", quoted texts keep their full stops', () => {
    const { rules } = planOf('X account about San Francisco fog, python bot:\nevery day 07:00 post SF weather (temp + clouds/visibility) starting "🌫️ Good morning SF, today:"\nwhen someone mentions the bot with "is it foggy" → random one of "Probably. It\'s SF. 🌫️" / "Fogbert is always watching." / "Bring a hoodie, trust me."\nmention with "weather" → current SF weather');
    expect(ruleOf(rules, (r) => r.when.kind === 'schedule')?.do).toEqual([{ kind: 'data', source: { kind: 'weather', city: 'San Francisco' }, text: '🌫️ Good morning SF, today:\n{value}' }]);
    expect(keyword(rules, 'is it foggy')?.do).toEqual([{ kind: 'replyOneOf', texts: ["Probably. It's SF. 🌫️", 'Fogbert is always watching.', 'Bring a hoodie, trust me.'], order: 'random' }]);
    expect(keyword(rules, 'weather')?.do).toEqual([{ kind: 'data', source: { kind: 'weather', city: 'San Francisco' } }]);
  });

  it('quoted questions, one with words after its "?", then what is said once the answers are sent', () => {
    const { rules } = planOf('telegram bot\n/callout - asks the customer:\n"What is your car reg?"\n"What size tyre? (its on the side of the tyre, like 205/55 R16)"\n"Where are you? Postcode please"\nthen sends it all to me and tells the customer "Got it, a fitter will ring you within 15 minutes 🔧"');
    expect(command(rules, 'callout')?.do).toEqual([{ kind: 'ask', questions: ['What is your car reg?', 'What size tyre? (its on the side of the tyre, like 205/55 R16)', 'Where are you? Postcode please'], done: 'Got it, a fitter will ring you within 15 minutes 🔧' }]);
  });

  it('"/done counts a session for you → ..."; "bot answers random: "A" or "B""; "!lfglist shows whos waiting"; "!weekly" is a command, no weekly post', () => {
    const club = planOf('telegram bot\n- /done counts a session for you → "Nice work {name}! That\'s session #{count} 💪"\n- /leaders top 5 by sessions').rules;
    expect(command(club, 'done')?.do).toEqual([{ kind: 'count', counter: 'sessions', per: 'user' }, { kind: 'reply', text: "Nice work {name}! That's session #{count} 💪" }]);
    const drg = planOf('discord.js bot\n- !lfg puts you on the looking-for-group list, !lfgleave takes you off, !lfglist shows whos waiting\n- someone says rock and stone → bot answers random: "ROCK AND STONE! ⛏️" or "For Karl!" or "We\'re rich!"\n- react 🍺 to every message in #abyss-bar\n- !weekly → "Weekly core hunt resets Thursday 11:00 UTC"').rules;
    expect(command(drg, 'lfglist')?.do[0]).toMatchObject({ kind: 'list', op: 'show' });
    expect(keyword(drg, 'rock and stone')?.do).toEqual([{ kind: 'replyOneOf', texts: ['ROCK AND STONE! ⛏️', 'For Karl!', "We're rich!"], order: 'random' }]);
    expect(ruleOf(drg, (r) => r.do[0]?.kind === 'react')?.if).toEqual([{ kind: 'chat', name: 'abyss-bar' }]);
    expect(drg.some((r) => r.when.kind === 'schedule')).toBe(false);
  });

  it('a quiz of quoted questions each with "answer X", and its top of right answers; "!btc and !eth → current price"', () => {
    const club = planOf('shogi club discord. python.\n!quiz = quiz with these 3 (in this order):\n"How many pieces does each player start with?" answer 20\n"What is the knight called in Japanese?" answer keima\ncorrect → "正解! Correct 🎉"   wrong → "残念… not quite, the answer was {answer}"\n!top shows top 5 people by correct answers').rules;
    expect(command(club, 'quiz')?.do).toEqual([{ kind: 'quiz', questions: [{ question: 'How many pieces does each player start with?', answer: '20' }, { question: 'What is the knight called in Japanese?', answer: 'keima' }], right: '正解! Correct 🎉', wrong: '残念… not quite, the answer was {value}', done: 'You got {count} of {total} right.', counter: 'right_answers' }]);
    expect(command(club, 'top')?.do[0]).toMatchObject({ kind: 'top', counter: 'right_answers', n: 5 });
    const trading = planOf('discord bot python\n2) !btc and !eth → current price\n4) weekdays 09:15 in #market-open: "🔔 US market opens in 15 minutes."').rules;
    expect(command(trading, 'eth')?.do).toEqual([{ kind: 'data', source: { kind: 'price', coin: 'ethereum', currency: 'usd' } }]);
    expect(command(trading, 'btc')?.do).toEqual([{ kind: 'data', source: { kind: 'price', coin: 'bitcoin', currency: 'usd' } }]);
    expect(ruleOf(trading, (r) => r.when.kind === 'schedule')).toMatchObject({ channel: 'market-open', do: [{ kind: 'post', text: '🔔 US market opens in 15 minutes.' }] });
  });

  it('a quoted template "— rotate through A, B in that order"; the bot "for our #releases channel" posts there; news posts starting with words', () => {
    const { rules } = planOf('Slack app for our #releases channel. JavaScript please\nMondays 09:30 → "This week\'s release captain: {name}" — rotate through Priya, Tom, Kenji in that order');
    expect(ruleOf(rules, (r) => r.when.kind === 'schedule')).toMatchObject({ channel: 'releases', do: [{ kind: 'replyOneOf', texts: ["This week's release captain: Priya", "This week's release captain: Tom", "This week's release captain: Kenji"], order: 'inTurn' }] });
    const desk = planOf('sports desk slack. python bot please\n- every 2 hours post latest sports news headlines in #wire, start the post with "📰 Latest sport:"').rules;
    expect(ruleOf(desk, (r) => r.when.kind === 'schedule')).toMatchObject({ channel: 'wire', do: [{ kind: 'data', source: { kind: 'news', feedUrl: null }, text: '📰 Latest sport:\n{value}' }] });
  });

  it('"/86 item adds it (sold out)": commands starting with digits; "tips (anyone says tips) → ..." is a keyword, no post; AI answers with the person\'s ending', () => {
    const foh = planOf('FOH team slack, python\n86 list → /86 item adds it (sold out), /un86 item takes it off, /86list shows\ntips (anyone says tips) → "Tips are split weekly, check the sheet on Mondays"').rules;
    expect(command(foh, '86')?.do[0]).toMatchObject({ kind: 'list', op: 'add', item: 'argument', text: 'Added {item}.' });
    expect(command(foh, '86list')?.do[0]).toMatchObject({ kind: 'list', op: 'show' });
    expect(keyword(foh, 'tips')?.when).toEqual({ kind: 'keyword', words: ['tips'], whole: false });
    expect(foh.some((r) => r.when.kind === 'schedule')).toBe(false);
    const daily = planOf('telegram bot, python:\n2. mentions with a question → short AI answer (1-2 sentences), end every answer with "— via LLM Daily"').rules;
    expect(ruleOf(daily, (r) => r.when.kind === 'mention')?.do).toEqual([{ kind: 'data', source: { kind: 'ai', instructions: 'Answer short (1-2 sentences).' }, text: '{value} — via LLM Daily' }]);
  });

  it('"orçamento or quote" keeps its word whole; "open or hours → ..." under "When people mention us:"; "our menu link (I send you the link when its online)" is a blank', () => {
    const solar = planOf('whatsapp bot in python\n- orçamento or quote → ask "How many panels?" then "Address?" then send me the answers and say "Obrigado!"').rules;
    expect(ruleOf(solar, (r) => r.do[0]?.kind === 'ask')?.when).toEqual({ kind: 'keyword', words: ['orçamento', 'quote'], whole: false });
    const bar = planOf('bot for our X account, in python.\nWhen people mention us:\n open or hours → "Abierto mar–dom 13:00–16:00"\n menu or carta → our menu link (new menu is at the printer, I send you the link when its online)').rules;
    expect(keyword(bar, 'open')?.when).toEqual({ kind: 'keyword', words: ['open', 'hours'], whole: false });
    expect(keyword(bar, 'menu')?.do).toEqual([{ kind: 'reply', text: null }]);
    expect(bar.some((r) => r.when.kind === 'message' || r.when.kind === 'mention')).toBe(false);
  });

  it('a post "in this order (then repeat):" over one quoted text a line; a price post "format "₿ BTC now: $<price>""', () => {
    const idioms = planOf('X account that posts one Italian idiom every day at 9:00, in this order (then repeat):\n"In bocca al lupo" = good luck 🐺\n"Tutto fa brodo" = every little bit helps\nmention with grazie → "Prego! 🇮🇹"').rules;
    expect(ruleOf(idioms, (r) => r.when.kind === 'schedule')?.do).toEqual([{ kind: 'replyOneOf', texts: ['In bocca al lupo = good luck 🐺', 'Tutto fa brodo = every little bit helps'], order: 'inTurn' }]);
    const sats = planOf('telegram channel bot in node.js:\n1) every 4 hours post the BTC price in usd, format "₿ BTC now: $<price>"').rules;
    expect(ruleOf(sats, (r) => r.when.kind === 'schedule')?.do).toEqual([{ kind: 'data', source: { kind: 'price', coin: 'bitcoin', currency: 'usd' }, text: '₿ BTC now: ${value}' }]);
  });

  it('"!reset sets all wins back to 0 and says ...": everyone\'s count back to 0', () => {
    const { rules } = planOf('discord bot\n!win adds a win to whoever types it\n!top shows the top 5\n!reset sets all wins back to 0 and says "New season! Everyone is back to 0"');
    expect(command(rules, 'reset')?.do).toEqual([{ kind: 'resetCount', counter: 'wins' }, { kind: 'reply', text: 'New season! Everyone is back to 0' }]);
  });

  it('a queue called in the person\'s words, its place as {count}; list replies that start with a digit or a stand-in; a template taking turns through names', () => {
    const debate = planOf('telegram. /speak → adds you to the speakers queue and says You\'re number N in the queue, NAME. /next → calls the next speaker: Floor goes to NAME 🎤 and takes them off.').rules;
    expect(command(debate, 'speak')?.do[0]).toMatchObject({ op: 'add', text: "You're number {count} in the queue, {name}" });
    expect(command(debate, 'next')?.do[0]).toMatchObject({ op: 'next', text: 'Floor goes to {item} 🎤' });
    const kitchen = planOf('slack node bot\n/86 <dish> -> add it to the 86 list, reply: 86\'d: <dish> ❌\n/back <dish> -> remove it, reply: <dish> is back on ✅').rules;
    expect(command(kitchen, '86')?.do[0]).toMatchObject({ op: 'add', text: "86'd: {item} ❌" });
    expect(command(kitchen, 'back')?.do[0]).toMatchObject({ op: 'remove', text: '{item} is back on ✅' });
    const band = planOf('whatsapp bot\n3. every Thursday 7pm send "Devotion today is led by <name>" taking turns: Tobi → Ada → Chidi and then again from the start').rules;
    expect(band).toHaveLength(1);
    expect(band[0]?.do).toEqual([{ kind: 'replyOneOf', texts: ['Devotion today is led by Tobi', 'Devotion today is led by Ada', 'Devotion today is led by Chidi'], order: 'inTurn' }]);
  });
});
