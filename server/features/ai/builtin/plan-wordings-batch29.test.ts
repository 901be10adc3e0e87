// Wordings the builtin misread in fresh requests (bench/understanding, batch 29), each read into the
// plan in the person's own words.
import { describe, expect, it } from 'vitest';
import { command, keyword, lines, planOf, ruleOf } from './plan-lines.fixture';

describe('wordings read since batch 29', () => {
  it('questions asked as the person wrote them ("your name"), any message "to us" outside the hours', () => {
    const { rules } = planOf('telegram bot\n- /preorder: ask what drink, then what time you pick up, then your name. send it to me and tell them "Got it!"\n- if someone writes to us outside our hours (we\'re open 8am to 6pm) reply "We\'re closed right now"');
    expect(command(rules, 'preorder')?.do[0]).toMatchObject({ kind: 'ask', questions: ['What drink?', 'What time you pick up?', 'Your name?'] });
    expect(ruleOf(rules, (r) => r.if.some((c) => c.kind === 'hours'))?.when).toEqual({ kind: 'message', always: false });
  });

  it('\'replies "Nice one! Logged:" + what they found\', \'it replies "Rumour noted: {player}" and sends it to me\'', () => {
    const club = planOf('telegram bot\n- /find <what you found> logs a find for that person and replies "Nice one! Logged:" + what they found. /finds shows the top 5 finders').rules;
    expect(command(club, 'find')?.do).toEqual([{ kind: 'count', counter: 'finds', per: 'user' }, { kind: 'reply', text: 'Nice one! Logged: {args}' }]);
    const rumours = planOf('telegram bot\n- in the comments group if someone types /rumour <player> it replies "Rumour noted: {player} 👀" and sends it to me').rules;
    expect(command(rumours, 'rumour')?.do).toEqual([{ kind: 'forward', to: 'owner' }, { kind: 'reply', text: 'Rumour noted: {args} 👀' }]);
  });

  it('quizzes: "if right say ... if wrong ... + the answer", one question with its answer, "\\"Q?\\" answer / ..."', () => {
    const digs = planOf('telegram bot\n/quiz goes through these one after the other, if right say "Correct! 🪙" if wrong "Nope, answer was" + the answer\n   What metal is a hammered penny usually made of? - silver\n   Who do you report possible treasure to? - FLO').rules;
    expect(command(digs, 'quiz')?.do[0]).toMatchObject({ right: 'Correct! 🪙', wrong: 'Nope, answer was {value}' });
    expect(ruleOf(digs, (r) => r.when.kind === 'keyword')).toBeUndefined();
    const ulpan = planOf('telegram bot\n/quiz asks "What does תודה mean?" if they answer thank you -> "נכון! Correct 👏" otherwise "לא נכון, try again"').rules;
    expect(command(ulpan, 'quiz')?.do[0]).toMatchObject({ questions: [{ question: 'What does תודה mean?', answer: 'thank you' }], right: 'נכון! Correct 👏', wrong: 'לא נכון, try again' });
    const rocks = planOf('discord bot\n!quiz asks one of these at random and says right or wrong: "What is the hardest mineral?" diamond / "Which mineral fizzes in acid?" calcite').rules;
    expect(command(rocks, 'quiz')?.do[0]).toMatchObject({ kind: 'quiz', questions: [{ answer: 'diamond' }, { answer: 'calcite' }], right: 'Right!' });
  });

  it('any other message forwarded; the other way round on the next line; the weather after an aside', () => {
    const magic = planOf('telegram bot\n/trick -> "Pick a card"\nany other message just forward to me so I answer myself').rules;
    expect(ruleOf(magic, (r) => r.when.kind === 'message')?.do).toEqual([{ kind: 'forward', to: 'owner' }]);
    const koi = planOf('telegram bot\n/temp 18 -> convert celsius to fahrenheit\n/tempf 70 the other way around\nevery day 7:00 post the weather for Almere (our ponds freeze in the winter!!)');
    expect(command(koi.rules, 'tempf')?.do[0]).toMatchObject({ kind: 'convert', from: 'f', to: 'c' });
    expect(lines(koi)).toContain("Every day at 07:00: get the weather in Almere and post '{value}'");
    expect(command(koi.rules, 'weather')).toBeUndefined();
  });

  it('the weather then the person\'s words, 30 minutes before the run; replies at night; asides are no banned words', () => {
    const run = planOf('telegram bot\nwe run every saturday 07:00 from Bärenplatz in Bern.\n- 1 hour before the saturday run post the weather for Bern and the text "Run in 1h!"');
    expect(lines(run)).toContain("1 hour before Saturday 07:00: get the weather in Bern and post '{value} / Run in 1h!'");
    const group = planOf('telegram bot\n- between 22:00 and 07:00 if someone posts, reply "The admins are asleep"\n- delete messages with onlyfans or casino in them (we get spam bots)').rules;
    expect(ruleOf(group, (r) => r.if.some((c) => c.kind === 'hours'))?.do).toEqual([{ kind: 'reply', text: 'The admins are asleep' }]);
    expect(keyword(group, 'onlyfans')?.when).toEqual({ kind: 'keyword', words: ['onlyfans', 'casino'], whole: false });
  });

  it('"warn them: ...", "!clear (mods only) empties it", "only respond to commands in #tournament", no counter from "with a count"', () => {
    const { rules } = planOf('discord bot\n!signup adds you to fridays list, !drop removes you, !players shows the list with a count\n!clear (mods only) empties it\nif anyone says proxy or fake cards warn them: "No proxies, {name}"\nonly respond to commands in #tournament, ignore them in other channels');
    expect(keyword(rules, 'proxy')).toMatchObject({ when: { words: ['proxy', 'fake cards'] }, if: [], do: [{ kind: 'warn', text: 'No proxies, {name}' }] });
    expect(command(rules, 'clear')).toMatchObject({ if: [{ kind: 'admins' }, { kind: 'chat', name: 'tournament' }], do: [{ kind: 'list', op: 'clear', text: 'The list is empty now.' }] });
    expect(ruleOf(rules, (r) => r.do.some((a) => a.kind === 'count'))).toBeUndefined();
  });

  it('buttons whose press says "{name} is playing {role}", a post "30 minutes before" after its words, quoted words starting "A ..." or "Post ..."', () => {
    const clash = planOf('discord bot\n!roles shows buttons Top, Jungle, Mid and when someone clicks one the bot says "{name} is playing {role} this clash"\nclash is usually saturday 20:00, post "CLASH IN 30 MIN" 30 minutes before');
    expect(lines(clash)).toEqual(expect.arrayContaining(["When someone presses \"Jungle\": reply '{name} is playing Jungle this clash'", "30 minutes before Saturday 20:00: post 'CLASH IN 30 MIN' to the channel"]));
    const own = planOf('discord bot\n- when someone joins: "A new challenger appears! Welcome {name} 🤼"\n!id → "Post a clear photo with a coin for scale"').rules;
    expect(ruleOf(own, (r) => r.when.kind === 'join')?.do).toEqual([{ kind: 'reply', text: 'A new challenger appears! Welcome {name} 🤼' }]);
    expect(command(own, 'id')?.do).toEqual([{ kind: 'reply', text: 'Post a clear photo with a coin for scale' }]);
  });

  it('sign-ups by "+1" with how many are in and a limit, "-1" to drop out, emptied "sunday after 12"', () => {
    const { rules } = planOf("telegram bot. people write +1 to play → You're in NAME! (N/14). -1 → takes them off. /list → who's playing. max 14: after that reply Sorry NAME, we're full. sunday after 12 clear everything");
    expect(keyword(rules, '+1')?.do).toEqual([{ kind: 'list', list: 'signups', op: 'add', item: 'sender', text: "You're in {name}! ({count}/14)", max: 14, full: "Sorry {name}, we're full" }]);
    expect(keyword(rules, '-1')?.do[0]).toMatchObject({ kind: 'list', op: 'remove', item: 'sender' });
    expect(ruleOf(rules, (r) => r.when.kind === 'schedule')).toMatchObject({ when: { weekdays: [6], times: ['12:00'] }, do: [{ kind: 'list', op: 'clear' }] });
  });
});
