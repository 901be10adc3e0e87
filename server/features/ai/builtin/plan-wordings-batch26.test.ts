// Wordings the builtin misread in fresh requests (bench/understanding, batch 26), each read into the
// plan in the person's own words: what to say after questions written "and after say to customer" or
// in the next sentence ("Then replies ..."), a list command's quote after a dash, "X board" and "ban
// log" lists, "new person come in group", "if writes "x"", a command described ("explain ...", "link
// to ...") as a blank, a command whose line is followed by a schedule, a quiz's "right answer bot
// says", a question with a colon inside, a bot that "works only in #channel", ":emoji: reaction on
// any message", questions sent "to reception", a coin's price posted, alerted on and answered for
// any coin, and texts set in under a post, one a line, in turn.
import { describe, expect, it } from 'vitest';
import { command, keyword, planOf, ruleOf } from './plan-lines.fixture';

describe('wordings read since batch 26', () => {
  it('what is said after the questions: "and after say to customer", "Then replies" in the next sentence', () => {
    const { rules } = planOf('telegram bot\n/reserve - ask "Which honey?" then "Your name?" and send the answers to me, and after say to customer "Thank you! Jars will wait 🐝"\n/handover → asks "Which patients?" then "Any meds?" and sends the answers to me. Then replies "Handover saved 🐾"');
    expect(command(rules, 'reserve')?.do).toEqual([{ kind: 'ask', questions: ['Which honey?', 'Your name?'], done: 'Thank you! Jars will wait 🐝' }]);
    expect(command(rules, 'handover')?.do).toEqual([{ kind: 'ask', questions: ['Which patients?', 'Any meds?'], done: 'Handover saved 🐾' }]);
  });

  it('lists: a quote after a dash, "the theory board", "the ban log", "shows the watchlist"', () => {
    const dad = planOf("telegram bot\n/add <thing> adds it to the list and says \"Added ✅\"\n/clear empties it - \"List cleared 🧹\"").rules;
    expect(command(dad, 'clear')?.do).toEqual([{ kind: 'list', list: 'list', op: 'clear', item: 'argument', text: 'List cleared 🧹' }]);
    const board = planOf('discord bot\n- !theory <text> → saves it to the theory board, replies "Theory filed 🗂️" and !theories shows them all').rules;
    expect(command(board, 'theory')?.do[0]).toMatchObject({ kind: 'list', op: 'add', text: 'Theory filed 🗂️' });
    expect(command(board, 'theories')?.do[0]).toMatchObject({ kind: 'list', op: 'show' });
    const log = planOf('discord bot\n- !ban <username> → add that name to the ban log, reply "Logged ⛔" . !banlog shows the log').rules;
    expect(command(log, 'banlog')?.do[0]).toMatchObject({ kind: 'list', op: 'show' });
    const watch = planOf("discord bot\n!add <movie> → adds to our watchlist, says 'added 🍿'\n!list → shows the watchlist").rules;
    expect(command(watch, 'list')?.do[0]).toMatchObject({ kind: 'list', list: 'watchlist', op: 'show' });
  });

  it('"when new person come in group bot write:", "if writes "electricity" or "свет" →"', () => {
    const { rules } = planOf('telegram bot\n- when new person come in group bot write: "Welcome to Rassvet!"\n- if writes "electricity" or "свет" → "Call Andres 5551 2340"');
    expect(ruleOf(rules, (r) => r.when.kind === 'join')?.do).toEqual([{ kind: 'reply', text: 'Welcome to Rassvet!' }]);
    expect(keyword(rules, 'electricity')?.when).toEqual({ kind: 'keyword', words: ['electricity', 'свет'], whole: false });
  });

  it('a command described, not said ("explain ...", "link to ..."), is a blank; so is one followed by a schedule line', () => {
    const { rules } = planOf("telegram bot\n• /cbt → explain the CBT: it's one day, and tell them the price\n- /rota → link to this month's rota\n- /playgroups → send the link to our google sheet\n- every thursday 8pm \"Weekend plans?\"");
    for (const name of ['cbt', 'rota', 'playgroups']) expect(command(rules, name)?.do).toEqual([{ kind: 'reply', text: null }]);
  });

  it('a quiz: "right answer bot says "Correct!" wrong says "Nope!"", a question with a colon inside; its questions ask for no prices', () => {
    const { rules } = planOf("discord bot with a quiz:\n!quiz starts it, questions:\n 1) What's the main currency called? → Units\n 2) Which race are the traders: Gek, Korvax or Vy'keen? → Gek\nright answer bot says \"Correct! 🪐\" wrong says \"Nope!\"");
    expect(command(rules, 'quiz')?.do[0]).toMatchObject({
      kind: 'quiz',
      questions: [{ question: "What's the main currency called?", answer: 'Units' }, { question: "Which race are the traders: Gek, Korvax or Vy'keen?", answer: 'Gek' }],
      right: 'Correct! 🪐',
      wrong: 'Nope!',
    });
    expect(rules.some((r) => r.do.some((a) => a.kind === 'data'))).toBe(false);
  });

  it('a bot that "works only in the #shop-talk channel"; ":rotating_light: reaction on any message → send me a copy"; questions sent "to reception"', () => {
    const shop = planOf('discord bot that works only in the #shop-talk channel:\n!status → "3 weeks"').rules;
    expect(command(shop, 'status')?.if).toEqual([{ kind: 'chat', name: 'shop-talk' }]);
    const release = planOf('slack bot\n- :rotating_light: reaction on any message → send me a copy').rules;
    expect(ruleOf(release, (r) => r.when.kind === 'reaction')?.do).toEqual([{ kind: 'forward', to: 'owner' }]);
    const clinic = planOf('whatsapp bot\n* "appointment" → ask "Your full name?", then "Date of birth?" → send to reception, reply "Reception will phone you."').rules;
    expect(keyword(clinic, 'appointment')?.do).toEqual([{ kind: 'ask', questions: ['Your full name?', 'Date of birth?'], done: 'Reception will phone you.' }]);
  });

  it("any coin's price: posted every 2 hours, alerted on (\"if it drops below $2\"), answered to a mention", () => {
    const { rules } = planOf('bot for my X account (python)\n- post the XRP price every 2 hours\n- if XRP goes over $3 post "🚀 XRP just broke $3!"\n- if it drops below $2 post "📉 XRP under $2."\n- when someone mentions me with price, reply with the current XRP price');
    const xrp = { kind: 'price', coin: 'ripple', currency: 'usd' };
    expect(ruleOf(rules, (r) => r.when.kind === 'schedule' && r.if.length === 0)?.do).toEqual([{ kind: 'data', source: xrp, text: '{value}' }]);
    expect(rules.filter((r) => r.if.some((c) => c.kind === 'threshold')).map((r) => r.if[0])).toEqual([{ kind: 'threshold', source: xrp, above: 3 }, { kind: 'threshold', source: xrp, below: 2 }]);
    expect(keyword(rules, 'price')?.do).toEqual([{ kind: 'data', source: xrp }]);
  });

  it('texts set in under a post, one a line, in turn; the next bullet is a rule of its own; "in the same order"', () => {
    const { rules } = planOf('x bot:\n- every day at 12:00 post a question, in turn from:\n  "Who holds the record?"\n  "Which team won in 1947?"\n- at 18:00 post the answers in the same order: "Wilt Chamberlain", "Philadelphia Warriors"\n- every Friday at 10am post the link to our weekly podcast episode');
    const posts = rules.filter((r) => r.when.kind === 'schedule').map((r) => r.do[0]);
    expect(posts).toEqual([
      { kind: 'replyOneOf', texts: ['Who holds the record?', 'Which team won in 1947?'], order: 'inTurn' },
      { kind: 'replyOneOf', texts: ['Wilt Chamberlain', 'Philadelphia Warriors'], order: 'inTurn' },
      { kind: 'post', to: 'channel', text: null },
    ]);
  });
});
