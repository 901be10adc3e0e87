// Wordings the builtin misread in fresh requests (bench/understanding, batches 16 to 18), each read
// into the plan in the person's own words: keyword answers after a colon, questions' closing words,
// welcome lines, polls at a time and polls of the person's own question, commands that translate,
// answers still to come as blanks, data commands without an arrow, reactions in one channel.
import { describe, expect, it } from 'vitest';
import type { Rule } from '../../../../shared/bot-plan.schema';
import { planOf } from './plan-lines.fixture';

const ruleOf = (rules: Rule[], test: (r: Rule) => boolean) => rules.find(test);
const command = (rules: Rule[], name: string) => ruleOf(rules, (r) => r.when.kind === 'command' && r.when.name === name);
const keyword = (rules: Rule[], word: string) => ruleOf(rules, (r) => r.when.kind === 'keyword' && r.when.words.includes(word));

describe('wordings read since batch 16', () => {
  it('a keyword answer after a colon, about a message, and a copy to the owner', () => {
    const { rules } = planOf('WhatsApp bot in python:\n- when they say angkor or sunrise or temple: Angkor sunrise tour: pick up 4:30am\n- when they say airport: Airport pickup $10 🙂\n- if a message says injury or hurt, forward it to me and reply: Oh no! Someone will call you.');
    expect(keyword(rules, 'sunrise')?.do).toEqual([{ kind: 'reply', text: 'Angkor sunrise tour: pick up 4:30am' }]);
    expect(keyword(rules, 'airport')?.do).toEqual([{ kind: 'reply', text: 'Airport pickup $10 🙂' }]);
    expect(keyword(rules, 'hurt')?.do).toEqual([{ kind: 'forward', to: 'owner' }, { kind: 'reply', text: 'Oh no! Someone will call you.' }]);
  });

  it('"out of order" is one phrase, "anywhere" no word, "exactly" a message of its own', () => {
    const { rules } = planOf('discord bot:\n- when someone says charger broken or out of order → reply: Thanks! ⚡\n- If anyone writes "embargo" or "off the record" anywhere, reply "Check with the editor."');
    expect(keyword(rules, 'out of order')?.when).toEqual({ kind: 'keyword', words: ['charger broken', 'out of order'], whole: false });
    expect(keyword(rules, 'embargo')?.when).toMatchObject({ words: ['embargo', 'off the record'] });
  });

  it("a questions' closing words after 'those answers to me', or after 'to them:'", () => {
    const sauna = planOf('telegram bot:\n/book should ask them: Which day? then How many people? and send those answers to me privately, then say Kiitos! See you soon');
    expect(command(sauna.rules, 'book')?.do[0]).toMatchObject({ kind: 'ask', questions: ['Which day?', 'How many people?'], done: 'Kiitos! See you soon' });
    const juice = planOf('whatsapp bot:\n- if they write pedido: ask ¿Qué quieres? then ¿Dirección? → send me the answers, and to them: ¡Listo! 🛵');
    expect(keyword(juice.rules, 'pedido')?.do[0]).toMatchObject({ kind: 'ask', done: '¡Listo! 🛵' });
    expect(juice.notBuilt).toEqual([]);
  });

  it('"otherwise stay quiet" asks for no answer, and "open ... every day" for no daily post', () => {
    const { rules } = planOf('telegram bot:\n/hours -> Mon-Thu 16-22, Fri-Sun 12-23\nwe open 8am to 7pm every day\notherwise stay quiet, people chat in there');
    expect(rules.some((r) => r.when.kind === 'message' || r.when.kind === 'schedule')).toBe(false);
  });

  it('welcome lines, and the new staff who get a text', () => {
    const club = planOf('discord bot:\n- !km 300 → converts km to miles\n- welcome: Fáilte <name>! Tell us what you drive 🚗');
    expect(ruleOf(club.rules, (r) => r.when.kind === 'join')?.do).toEqual([{ kind: 'reply', text: 'Fáilte {name}! Tell us what you drive 🚗' }]);
    const building = planOf('telegram bot:\n- /rules → posts the house rules\n- new neighbours: Welcome to the building, <name>!');
    expect(ruleOf(building.rules, (r) => r.when.kind === 'join')?.do).toEqual([{ kind: 'reply', text: 'Welcome to the building, {name}!' }]);
    // "posts the house rules" says what the answer is about: a blank.
    expect(command(building.rules, 'rules')?.do).toEqual([{ kind: 'reply', text: null }]);
    const village = planOf('slack bot:\n- new staff joining the workspace get "Welcome to Willow Court! 🌼"');
    expect(ruleOf(village.rules, (r) => r.when.kind === 'join')?.do).toEqual([{ kind: 'reply', text: 'Welcome to Willow Court! 🌼' }]);
  });

  it('a poll at a time with its choices, and a command that polls the person\'s own question', () => {
    const { rules } = planOf('telegram bot:\n5. every monday 12:00 a poll "Who\'s available for Sunday?" with Available / Not available / Maybe\n6. /vote <question> so anyone can start a quick poll with their own question');
    expect(ruleOf(rules, (r) => r.when.kind === 'schedule')?.do).toEqual([{ kind: 'poll', question: "Who's available for Sunday?", options: ['Available', 'Not available', 'Maybe'], fromArgument: false }]);
    expect(command(rules, 'vote')?.do).toEqual([{ kind: 'poll', question: '', options: [], fromArgument: true }]);
    // "Not available" among the choices is no away message.
    expect(rules.some((r) => r.if.some((c) => c.kind === 'hours'))).toBe(false);
  });

  it('commands that translate, each into its language, and every message translated', () => {
    const { rules } = planOf('telegram bot:\n- translates every message into English\n- /ua <text> translates the text into Ukrainian');
    expect(command(rules, 'ua')?.do).toEqual([{ kind: 'data', source: { kind: 'translate', to: 'Ukrainian' } }]);
    expect(ruleOf(rules, (r) => r.when.kind === 'message')).toMatchObject({ when: { kind: 'message', always: true }, do: [{ kind: 'data', source: { kind: 'translate', to: 'English' } }] });
  });

  it("answers still to come are blanks: a command's, a button's, 'shows this week's menu'", () => {
    const { rules } = planOf("telegram bot:\n- /contacts — shows useful numbers (GP, council). I'll send you the exact list later\n- /menu shows this week's lunch menu");
    expect(command(rules, 'contacts')?.do).toEqual([{ kind: 'reply', text: null }]);
    expect(command(rules, 'menu')?.do).toEqual([{ kind: 'reply', text: null }]);
    const shop = planOf("telegram bot:\n- /info → buttons: Bagels, Drinks\n   Bagels → the bagel list with prices, I'll send you that later\n   Drinks → \"Coffee £2\"");
    expect(ruleOf(shop.rules, (r) => r.when.kind === 'button' && r.when.id === 'bagels')?.do).toEqual([{ kind: 'reply', text: null }]);
    expect(ruleOf(shop.rules, (r) => r.when.kind === 'button' && r.when.id === 'drinks')?.do).toEqual([{ kind: 'reply', text: 'Coffee £2' }]);
  });

  it('data commands without an arrow, a coin by its command, and a price posted every hour', () => {
    const { rules } = planOf('discord bot:\n→ !eth shows the current ETH price in USD\n→ !btc same for bitcoin\n→ every 60 minutes post the ETH price in #prices');
    expect(command(rules, 'eth')?.do).toEqual([{ kind: 'data', source: { kind: 'price', coin: 'ethereum', currency: 'usd' } }]);
    expect(command(rules, 'btc')?.do).toEqual([{ kind: 'data', source: { kind: 'price', coin: 'bitcoin', currency: 'usd' } }]);
    expect(ruleOf(rules, (r) => r.when.kind === 'schedule')).toMatchObject({ when: { everyMinutes: 60 }, channel: 'prices', do: [{ kind: 'data', source: { kind: 'price', coin: 'ethereum' } }] });
  });

  it("a feed's command is no list and shows as many items as asked; a reaction in one channel", () => {
    const { rules } = planOf('discord bot:\n- !news shows the newest 5 items from https://example.com/rss\n- react 🪙 to every post in #new-finds\n- !wish <coin> adds to the wishlist and !wishes shows the list');
    expect(command(rules, 'news')?.do).toEqual([{ kind: 'data', source: { kind: 'news', feedUrl: 'https://example.com/rss', count: 5 } }]);
    expect(ruleOf(rules, (r) => r.do.some((a) => a.kind === 'react'))?.if).toEqual([{ kind: 'chat', name: 'new-finds' }]);
  });

  it('turns through names written with arrows, and an AI that explains', () => {
    const { rules } = planOf('discord bot:\n1. !caller → says whos calling next, in turn: Morag → Fraser → Aisha, then round again\n2. !dance <name> → AI explains how to do that dance (e.g. !dance Strip the Willow) in a few lines');
    expect(command(rules, 'caller')?.do).toEqual([{ kind: 'replyOneOf', texts: ['Morag', 'Fraser', 'Aisha'], order: 'inTurn' }]);
    expect(command(rules, 'dance')?.do).toEqual([{ kind: 'data', source: { kind: 'ai', instructions: 'Explain how to do that dance in a few lines.' } }]);
    expect(rules.some((r) => r.when.kind === 'keyword')).toBe(false);
  });

  it("a channel's name asks for no behaviour; '#news' is no news command", () => {
    const { rules } = planOf('discord bot:\n- admins only: !announce <text> posts the text in #news');
    expect(command(rules, 'news')).toBeUndefined();
  });

  it('mentions that say words, a like for some words, a random one of several texts', () => {
    const { rules } = planOf("x bot:\nWhen someone mentions me and asks 'who wrote this', reply: All haiku are mine ✍️\nIf a mention says thanks or thank you, just like it ❤️ no reply.\n- mentions with landed it or gg → reply a random one of Sick! 🔥 / Clean!");
    expect(keyword(rules, 'who wrote this')?.do).toEqual([{ kind: 'reply', text: 'All haiku are mine ✍️' }]);
    expect(keyword(rules, 'thanks')?.do).toEqual([{ kind: 'react', emoji: '❤️' }]);
    expect(keyword(rules, 'gg')?.do).toEqual([{ kind: 'replyOneOf', texts: ['Sick! 🔥', 'Clean!'], order: 'random' }]);
    expect(rules.some((r) => r.when.kind === 'message' && r.do.some((a) => a.kind === 'react'))).toBe(false);
  });

  it('weather alerts said as hotter than, or windy over, without the word temperature', () => {
    const { rules } = planOf('telegram bot:\n* if it gets hotter than 30°C in Evesham post Open the vents!\n- when it gets windy, over 35 km/h in Evesham, post "Windy day"');
    expect(rules.filter((r) => r.if.some((c) => c.kind === 'threshold')).map((r) => r.if[0])).toEqual([
      { kind: 'threshold', source: { kind: 'weather', city: 'Evesham' }, above: 30 },
      { kind: 'threshold', source: { kind: 'weather', city: 'Evesham', measure: 'wind' }, above: 35 },
    ]);
  });

  it("joins and leaves said in Spanish, a reaction to a word 'the bot just reacts', a heading quoted for a top", () => {
    const { rules } = planOf("telegram bot:\n• cuando alguien entra al grupo: ¡Hola NAME! Welcome 🎾\n• cuando alguien se va: Adiós NAME 👋\n— if anyone writes Waheguru the bot just reacts 🙏, no reply message\ncount every message each person sends and /yappers shows the top 3 with 'Biggest yappers 🗣️'");
    expect(ruleOf(rules, (r) => r.when.kind === 'join')?.do).toEqual([{ kind: 'reply', text: '¡Hola {name}! Welcome 🎾' }]);
    expect(ruleOf(rules, (r) => r.when.kind === 'leave')?.do).toEqual([{ kind: 'reply', text: 'Adiós {name} 👋' }]);
    expect(keyword(rules, 'waheguru')?.do).toEqual([{ kind: 'react', emoji: '🙏' }]);
    expect(command(rules, 'yappers')?.do).toEqual([{ kind: 'top', counter: 'messages', n: 3, text: 'Biggest yappers 🗣️\n{top}' }]);
    expect(rules.some((r) => r.when.kind === 'keyword' && r.when.words.includes('no'))).toBe(false);
  });

  it("the weather and prices with the person's words in front, a list's words after an arrow", () => {
    const { rules } = planOf("telegram bot:\n/weather -> current weather in Göteborg with 'Väder vid banan:' in front\n- every 60 minutes post the Solana price with 'SOL update ⏱️' in front\n- !todo <task> adds it to the to-do list → 'added: <task> ✅'");
    expect(command(rules, 'weather')?.do).toEqual([{ kind: 'data', source: { kind: 'weather', city: 'Göteborg' }, text: 'Väder vid banan:\n{value}' }]);
    expect(ruleOf(rules, (r) => r.when.kind === 'schedule')?.do).toEqual([{ kind: 'data', source: { kind: 'price', coin: 'solana', currency: 'usd' }, text: 'SOL update ⏱️ {value}' }]);
    expect(command(rules, 'todo')?.do).toEqual([{ kind: 'list', list: 'todo', op: 'add', item: 'argument', text: 'added: {item} ✅' }]);
  });

  it("'/prijs and /prices' answer alike, and the person's own questions need no word of where they go", () => {
    const { rules } = planOf('telegram bot:\n/prijs and /prices → Kitchen knife €6, scissors €5\n/drop → ask: How many knives? → Any Japanese ones? then say: Top! Bring them Saturday');
    expect(command(rules, 'prijs')?.do).toEqual(command(rules, 'prices')?.do);
    expect(command(rules, 'drop')?.do[0]).toMatchObject({ kind: 'ask', questions: ['How many knives?', 'Any Japanese ones?'], done: 'Top! Bring them Saturday' });
  });
});
