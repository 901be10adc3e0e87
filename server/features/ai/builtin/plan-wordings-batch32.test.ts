// Wordings the builtin misread in fresh requests (bench/understanding, batch 32), each read into the
// plan in the person's own words.
import { describe, expect, it } from 'vitest';
import { command, keyword, planOf, ruleOf } from './plan-lines.fixture';

describe('wordings read since batch 32', () => {
  it('links and numbers left blank for later; "anyone posts X →"; a channel named without its #; a price post\'s currency before its quoted words', () => {
    const lagos = planOf('X account, python bot\nmention with BRT → link to the BRT timetable, I\'ll get the link from LAMATA later, leave blank for now').rules;
    expect(keyword(lagos, 'brt')?.do).toEqual([{ kind: 'reply', text: null }]);
    const legal = planOf('telegram bot\n* if someone writes urgent or emergency → "If you are in danger call 112. For urgent legal help call our hotline:" and then the hotline number — we are getting a new number next week').rules;
    expect(keyword(legal, 'urgent')?.do).toEqual([{ kind: 'reply', text: null }]);
    const court = planOf('telegram bot in JavaScript:\n1) anyone posts \'blocked in\', \'blocking\' or \'whose car\' → "Please post the plate number"\n3) /notice <text> — admins only — posts the text to our Announcements channel').rules;
    expect(ruleOf(court, (r) => r.when.kind === 'keyword')?.when).toMatchObject({ words: ['blocked in', 'blocking', 'whose car'] });
    expect(command(court, 'notice')).toMatchObject({ channel: 'Announcements', do: [{ kind: 'post', to: 'channel', text: '{args}' }] });
    const bnb = planOf('Crypto X account, python bot:\n- every hour tweet the BNB price in USD: "BNB now: ${price}"').rules;
    expect(ruleOf(bnb, (r) => r.when.kind === 'schedule')?.do).toEqual([{ kind: 'data', source: { kind: 'price', coin: 'binancecoin', currency: 'usd' }, text: 'BNB now: ${value}' }]);
  });

  it('questions with an example in brackets, then what is said; a list reply after a comma; a date is no number to add up', () => {
    const shop = planOf('telegram bot\n/book asks their name, what bike (road, mtb, ebike?), whats wrong with it, sends it to me, then says "Booked in! drop the bike any morning this week"').rules;
    expect(command(shop, 'book')?.do).toEqual([{ kind: 'ask', questions: ['Name?', 'What bike (road, mtb, ebike?)?', 'Whats wrong with it?'], done: 'Booked in! drop the bike any morning this week' }]);
    const family = planOf('telegram bot in node.js\n/coming → puts you on the list and says "Yay {name} is coming! 🎉"\n/notcoming → takes you off, "Sorry we\'ll miss you {name}"').rules;
    expect(command(family, 'notcoming')?.do[0]).toMatchObject({ op: 'remove', text: "Sorry we'll miss you {name}" });
    const drivers = planOf('telegram bot in node.js\n- /testdate 12 March → saves it for you').rules;
    expect(command(drivers, 'testdate')?.do.some((a) => a.kind === 'count')).toBe(false);
  });

  it('questions posted "into the Touren channel"; a welcome picked at random from quoted lines; "gets a 🔥"; a count for you after a colon', () => {
    const dav = planOf('telegram bot in Python\n→ /tour asks: "Which peak?", "Which date?", "How many free spots?" and then posts the tour into the Touren channel\n→ when somebody mentions the bot, answer with AI (short, mountain stuff)').rules;
    expect(command(dav, 'tour')).toMatchObject({ channel: 'Touren', do: [{ kind: 'ask', questions: ['Which peak?', 'Which date?', 'How many free spots?'] }] });
    expect(dav.some((r) => r.when.kind === 'keyword')).toBe(false);
    const ghibli = planOf('discord bot (python)\nwhen someone joins, pick random from:\n"A wild {name} appears 🌳"\n"{name} boarded the Catbus! 🐱🚌"\nevery message in #track-drops gets a 🔥').rules;
    expect(ruleOf(ghibli, (r) => r.when.kind === 'join')?.do).toEqual([{ kind: 'replyOneOf', texts: ['A wild {name} appears 🌳', '{name} boarded the Catbus! 🐱🚌'], order: 'random' }]);
    expect(ruleOf(ghibli, (r) => r.do[0]?.kind === 'react')).toMatchObject({ if: [{ kind: 'chat', name: 'track-drops' }], do: [{ kind: 'react', emoji: '🔥' }] });
    const labels = planOf('slack bot, bolt js\n/batch → asks "Dataset name?" → "How many items?" → "Deadline?" and posts the summary in #labeling-queue, reply "Batch posted ✅"\n/done → counts one finished batch for you: "Nice, {name}! {count} batches done", /leaderboard → top 5').rules;
    expect(command(labels, 'done')?.do).toEqual([{ kind: 'count', counter: 'batches', per: 'user' }, { kind: 'reply', text: 'Nice, {name}! {count} batches done' }]);
    expect(labels.some((r) => r.when.kind === 'keyword')).toBe(false);
  });

  it('"!ejected counts for you and says ..." and its top; "if u @ the bot it just says ..."; "→ short AI answer (...)"; "anytime someone mentions X in a message →"', () => {
    const sus = planOf('discord python bot. !ejected counts for you and says "{name} has been ejected {count} times 💀", and !mostsus shows the top 3. if u @ the bot it just says "that\'s kinda sus"').rules;
    expect(command(sus, 'ejected')?.do).toEqual([{ kind: 'count', counter: 'ejected', per: 'user' }, { kind: 'reply', text: '{name} has been ejected {count} times 💀' }]);
    expect(command(sus, 'mostsus')?.do[0]).toMatchObject({ kind: 'top', counter: 'ejected', n: 3 });
    expect(ruleOf(sus, (r) => r.when.kind === 'mention')?.do).toEqual([{ kind: 'reply', text: "that's kinda sus" }]);
    const books = planOf('Slack, python please. anytime someone mentions receipts or receipt in a message → "Upload receipts 🧾". /ask <question> → short AI answer (UK tax basics).').rules;
    expect(keyword(books, 'receipts')?.when).toEqual({ kind: 'keyword', words: ['receipts', 'receipt'], whole: false });
    expect(command(books, 'ask')?.do).toEqual([{ kind: 'data', source: { kind: 'ai', instructions: 'Answer short (UK tax basics).' } }]);
  });

  it('a quiz started by a word in a mention ("mention me with quiz"), its questions numbered Q1, Q2', () => {
    const { rules } = planOf('cricket trivia X acct python bot.\nmention me with quiz → asks the next question from my list, in order:\n Q1 "Which year was the first ever Test match?" answer 1877\n Q2 "How many balls in an over?" answer 6\nright → "Correct! 🏏 well played"  wrong → "Nope! It was {answer}"');
    const quiz = ruleOf(rules, (r) => r.do.some((a) => a.kind === 'quiz'));
    expect(quiz?.when).toEqual({ kind: 'keyword', words: ['quiz'], whole: false });
    expect(quiz?.do[0]).toMatchObject({ questions: [{ question: 'Which year was the first ever Test match?', answer: '1877' }, { question: 'How many balls in an over?', answer: '6' }], right: 'Correct! 🏏 well played', wrong: 'Nope! It was {value}' });
    expect(rules.filter((r) => r.when.kind === 'keyword')).toHaveLength(1);
  });

  it('"!report <result> → posts it in #results like "📜 {name}: {result}""; "I\'ll upload it later so just leave a gap"', () => {
    const { rules } = planOf('40k league discord, python bot pls\n!report <result> → posts it in #results like "📜 {name}: {result}"\n!rules → our league rules pdf, I\'ll upload it later so just leave a gap for now');
    expect(command(rules, 'report')).toMatchObject({ channel: 'results', do: [{ kind: 'post', to: 'channel', text: '📜 {name}: {args}' }] });
    expect(command(rules, 'rules')?.do).toEqual([{ kind: 'reply', text: null }]);
  });

  it('a paragraph: the top 5 news headlines at a time, then another post in the same sentence; "anyone in the group posts something with X in it"', () => {
    const { rules } = planOf('i run a telegram channel on irish amateur boxing. want a python bot. every day at 9am it should post the top 5 boxing news headlines in the channel, and on sundays at 20:00 post "Weekly recap is up 🥊". in the group, /nextcard should say "Next card: Sat 19:00". if anyone in the group posts something with free stream in it, delete it and warn them "No illegal streams here {name} ⚠️"');
    expect(ruleOf(rules, (r) => r.when.kind === 'schedule' && r.when.times[0] === '09:00')?.do[0]).toMatchObject({ kind: 'data', source: { kind: 'news', count: 5 } });
    expect(ruleOf(rules, (r) => r.when.kind === 'schedule' && r.when.times[0] === '20:00')?.do).toEqual([{ kind: 'post', to: 'channel', text: 'Weekly recap is up 🥊' }]);
    expect(command(rules, 'nextcard')?.do).toEqual([{ kind: 'reply', text: 'Next card: Sat 19:00' }]);
    expect(keyword(rules, 'free stream')?.do).toEqual([{ kind: 'delete' }, { kind: 'warn', text: 'No illegal streams here {name} ⚠️' }]);
  });
});
