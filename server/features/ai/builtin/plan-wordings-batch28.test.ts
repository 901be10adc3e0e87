// Wordings the builtin misread in fresh requests (bench/understanding, batch 28), each read into the
// plan in the person's own words.
import { describe, expect, it } from 'vitest';
import { command, keyword, lines, planOf, ruleOf } from './plan-lines.fixture';

describe('wordings read since batch 28', () => {
  it('\'/motm Jay, Kev, Tom -> makes a poll "Man of the match?" with the names i put after it\'', () => {
    const { rules } = planOf('telegram bot\n/motm Jay, Kev, Tom -> makes a poll "Man of the match?" with the names i put after it');
    expect(command(rules, 'motm')?.do).toEqual([{ kind: 'poll', question: 'Man of the match?', options: [], fromArgument: true }]);
  });

  it('a list emptied on a schedule: "clear the squad every monday morning", "every saturday at 12:00 empty the list", "sunday after 12 clear everything"', () => {
    const squad = planOf('telegram bot\n/in -> adds you to this sundays squad and says "You\'re in"\n/squad -> shows who\'s in\nalso clear the squad every monday morning so it starts fresh').rules;
    expect(ruleOf(squad, (r) => r.when.kind === 'schedule')).toMatchObject({ when: { weekdays: [0], times: ['09:00'] }, do: [{ kind: 'list', list: 'signups', op: 'clear', text: '' }] });
    const run = planOf('telegram bot\n- /going adds you to saturday list and says "In!", /list shows who is running\n- every saturday at 12:00 empty the list').rules;
    expect(ruleOf(run, (r) => r.when.kind === 'schedule')).toMatchObject({ when: { weekdays: [5], times: ['12:00'] }, do: [{ kind: 'list', op: 'clear' }] });
  });

  it('a price post led by the person\'s words, the price "every hour like \\"...\\"", coins as people name them', () => {
    const miners = planOf('telegram bot\nevery day 08:00 post btc price with "Good morning miners ⛏️"\n/kas - kaspa price');
    expect(ruleOf(miners.rules, (r) => r.when.kind === 'schedule')?.do).toEqual([{ kind: 'data', source: { kind: 'price', coin: 'bitcoin', currency: 'usd' }, text: 'Good morning miners ⛏️ {value}' }]);
    expect(command(miners.rules, 'kas')?.do).toEqual([{ kind: 'data', source: { kind: 'price', coin: 'kaspa', currency: 'usd' } }]);
    const avax = planOf('X bot\n1. tweet the AVAX price every hour like "AVAX now: {price} USD 📈"');
    expect(lines(avax)).toContain("Every hour: get the avalanche price in USD and post 'AVAX now: {value} USD 📈'");
  });

  it('a quiz\'s words "bot says \\"✅ Correct!\\" or \\"❌ Nope, the answer is {answer}\\" and then asks the next one"', () => {
    const { rules } = planOf('telegram bot\n/quiz → asks my questions one after another, bot says "✅ Correct!" or "❌ Nope, the answer is {answer}" and then asks the next one:\nWhat is the capital of Australia? - Canberra\nLongest river in Europe? - Volga\nEvery correct answer = 1 point');
    expect(command(rules, 'quiz')?.do[0]).toMatchObject({ right: '✅ Correct!', wrong: '❌ Nope, the answer is {value}' });
  });

  it('a keyword\'s answer posted in a channel, messages outside hours with no days, opening hours with no days', () => {
    const vfx = planOf('slack bot\n- messages in #pipeline-support outside 9:00-19:00 → reply "Pipeline support is 9-19"\n- if anyone writes "farm down" → post in #pipeline "Render farm down reported"').rules;
    expect(keyword(vfx, 'farm down')).toMatchObject({ channel: 'pipeline', do: [{ kind: 'post', to: 'channel', text: 'Render farm down reported' }] });
    expect(ruleOf(vfx, (r) => r.if.some((c) => c.kind === 'hours'))?.if).toEqual([{ kind: 'hours', from: '09:00', to: '19:00', weekdays: [], outside: true }, { kind: 'chat', name: 'pipeline-support' }]);
    const tortillas = planOf('whatsapp bot\n- MENU → "Tortillas"\n- we are open 6am to 2pm, outside that reply "Estamos cerrados"').rules;
    expect(ruleOf(tortillas, (r) => r.if.some((c) => c.kind === 'hours'))?.if).toEqual([{ kind: 'hours', from: '06:00', to: '14:00', weekdays: [], outside: true }]);
  });

  it('a count "adds a win to whoever typed it", a list named by its words, a bare "shows", an example in brackets', () => {
    const squash = planOf('telegram bot\n/win → adds a win to whoever typed it, /top → top 5 by wins').rules;
    expect(command(squash, 'win')?.do).toEqual([{ kind: 'count', counter: 'wins', per: 'user' }]);
    const vfx = planOf('slack bot\n- /render <shot> adds a shot to the render queue list (ex /render SH040_comp_v12), /rendered <shot> removes, /renderqueue shows').rules;
    expect(command(vfx, 'render')?.do).toEqual([{ kind: 'list', list: 'render_queue', op: 'add', item: 'argument', text: 'Added {item}.' }]);
    expect(command(vfx, 'renderqueue')?.do).toEqual([{ kind: 'list', list: 'render_queue', op: 'show', item: 'argument', text: '{list}' }]);
  });

  it('a class of at most 12 and what a full one says; Fahrenheit in a weather alert', () => {
    const mums = planOf('whatsapp bot\n/in → adds you to tomorrow\'s class list (max 12!) and says "You\'re in for tomorrow 💪", if its full say "Sorry, class is full (12 max) 😔"\n/list → who\'s coming');
    expect(command(mums.rules, 'in')?.do[0]).toMatchObject({ kind: 'list', op: 'add', item: 'sender', max: 12, full: 'Sorry, class is full (12 max) 😔' });
    expect(command(mums.rules, 'list')?.do[0]).toMatchObject({ kind: 'list', op: 'show' });
    const hvac = planOf('slack bot\n• if the temperature in Phoenix is going over 110F post "Extreme heat today 🔥"');
    expect(lines(hvac)).toContain("Every 30 minutes, when the weather in Phoenix goes above 43.3 °C: post 'Extreme heat today 🔥' to the channel");
  });

  it('polls at a time without "a", the weather "for tonight in Fredericksburg TX", "+ the link" still to come', () => {
    const drive = planOf('X bot\n- Friday 16:00 tweet the weather forecast for tonight in Fredericksburg TX\n- every Monday 10:00 poll "Which classic should we show next month?" Jaws / Back to the Future / E.T.');
    expect(lines(drive)).toEqual(expect.arrayContaining(["On Friday at 16:00: get the weather in Fredericksburg and post '{value}'", "On Monday at 10:00: start a poll 'Which classic should we show next month?' ('Jaws', 'Back to the Future', 'E.T.')"]));
    const coach = planOf('X bot\n- when someone mentions me with program or plan → reply "My 8-week beginner program is here:" + the link (not live yet)');
    expect(keyword(coach.rules, 'program')?.do).toEqual([{ kind: 'reply', text: null }]);
  });
});
