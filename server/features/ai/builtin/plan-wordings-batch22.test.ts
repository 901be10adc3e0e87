// Wordings the builtin misread in fresh requests (bench/understanding, batch 22), each read into the
// plan in the person's own words: the answer written before its words ("Reply X when someone says A
// or B"), questions that are no keyword answer, a copy of anything that mentions some words, an
// answer that only names a fee, "New parent joins →", and a message it cannot place said as such.
import { describe, expect, it } from 'vitest';
import { command, keyword, planOf, ruleOf } from './plan-lines.fixture';
import { builtinChat } from './reply';

describe('wordings read since batch 22', () => {
  it('answers written before their words, questions, and a copy of anything that mentions some words', () => {
    const { rules } = planOf('Reply "We cover 40 miles" when someone says delivery or area.\nReply "Fully waterproof ☔" when someone mentions weather or rain.\nWhen someone says quote, ask them: Date of the event? / How many guests? and send me the answers, then say "Thanks!"\nSend me a copy of anything that mentions complaint or damage.\n\npython bot for whatsapp');
    expect(keyword(rules, 'area')).toMatchObject({ when: { words: ['delivery', 'area'] }, do: [{ kind: 'reply', text: 'We cover 40 miles' }] });
    expect(keyword(rules, 'rain')?.do).toEqual([{ kind: 'reply', text: 'Fully waterproof ☔' }]);
    expect(rules.filter((r) => r.when.kind === 'keyword' && r.when.words.includes('quote')).map((r) => r.do[0]!.kind)).toEqual(['ask']);
    expect(keyword(rules, 'damage')).toMatchObject({ when: { words: ['complaint', 'damage'] }, do: [{ kind: 'forward', to: 'owner' }] });
    // "weather or rain" are words people send: no weather command.
    expect(rules.some((r) => r.do.some((a) => a.kind === 'data'))).toBe(false);
  });

  it('"tell them my fee for ..." is a blank, and "New parent joins →" a welcome', () => {
    const { rules } = planOf('telegram bot, python.\n/price → tell them my fee for a basic self assessment return\n• New parent joins → "Welcome to Pirouette! 🩰"');
    expect(ruleOf(rules, (r) => r.when.kind === 'command' && r.when.name === 'price')?.do).toEqual([{ kind: 'reply', text: null }]);
    expect(ruleOf(rules, (r) => r.when.kind === 'join')?.do).toEqual([{ kind: 'reply', text: 'Welcome to Pirouette! 🩰' }]);
  });

  it('a message it cannot place says so, builds nothing and costs nothing', () => {
    const answer = builtinChat('Ahoj! Chci bota v pythonu: každý všední den v 9:00 tweetni další slovo');
    expect(answer.charged).toBe(false);
    expect(answer.reply).toMatch(/^I could not tell which bot to build from that message, so nothing was made and nothing was charged\./);
  });

  it('a command that starts a poll of the question and options written, and a copy only of the messages a sentence names', () => {
    const cart = planOf('Churro bot for our telegram group, JS\n2. /vote → poll "Which new flavour this month?" with Pistachio, Biscoff, Matcha\n4. /where → "Here"');
    expect(ruleOf(cart.rules, (r) => r.when.kind === 'command' && r.when.name === 'vote')?.do).toEqual([{ kind: 'poll', question: 'Which new flavour this month?', options: ['Pistachio', 'Biscoff', 'Matcha'], fromArgument: false }]);
    expect(cart.rules.some((r) => r.when.kind === 'command' && r.when.name === 'poll')).toBe(false);
    const toys = planOf('telegram bot in javascript\nwhen someone mentions an order, delivery or refund, forward the message to me and tell them "Thanks! Passed to Jo"\nit should never reply to anything else');
    expect(toys.rules.filter((r) => r.do.some((a) => a.kind === 'forward')).map((r) => r.when)).toEqual([{ kind: 'keyword', words: ['order', 'delivery', 'refund'], whole: false }]);
  });

  it('"should tell ppl our shipping rates" and "welcome them and post our server rules" are blanks (batch 23)', () => {
    const shop = planOf('discord bot in js pls. !shipping should tell ppl our shipping rates. !swap <ink> adds it to the swap list');
    expect(command(shop.rules, 'shipping')?.do).toEqual([{ kind: 'reply', text: null }]);
    const server = planOf('Valheim server discord. want:\nnew people join → welcome them and post our server rules\n!ip → "play.example.net"');
    expect(ruleOf(server.rules, (r) => r.when.kind === 'join')?.do).toEqual([{ kind: 'reply', text: null }]);
  });
});
