// Wordings the builtin misread in fresh requests (bench/understanding, batch 27), each read into the
// plan in the person's own words: a post's or a leaving member's channel written after the quoted
// words, "messages in #x outside 08:00-18:00 on weekdays get ...", and the words of a keyword
// followed by the channel it is heard in, a quoted question in two languages ("Jakie pierogi? / Which ones?").
import { describe, expect, it } from 'vitest';
import { command, keyword, planOf, ruleOf } from './plan-lines.fixture';

describe('wordings read since batch 27', () => {
  it('\'post "..." in #data-eng\', \'when someone leaves the server post "..." in #mod-log\': the channel after the words', () => {
    const { rules } = planOf('discord bot\n- Fridays 15:00 post "No deploys after 3pm Friday 🙃" in #data-eng\n- when someone leaves the server post "{name} has left the court 👋" in #mod-log');
    expect(ruleOf(rules, (r) => r.when.kind === 'schedule')).toMatchObject({ channel: 'data-eng', do: [{ kind: 'post', to: 'channel', text: 'No deploys after 3pm Friday 🙃' }] });
    expect(ruleOf(rules, (r) => r.when.kind === 'leave')).toMatchObject({ channel: 'mod-log', do: [{ kind: 'post', to: 'channel', text: '{name} has left the court 👋' }] });
  });

  it('"messages in #it-helpdesk outside 08:00-18:00 on weekdays get ...": an answer outside those hours, in that channel', () => {
    const { rules } = planOf('slack bot\n4. messages in #it-helpdesk outside 08:00-18:00 on weekdays get "Out of hours: ring ext 4040"');
    expect(ruleOf(rules, (r) => r.if.some((c) => c.kind === 'hours'))).toMatchObject({
      when: { kind: 'message' },
      if: [{ kind: 'hours', from: '08:00', to: '18:00', weekdays: [0, 1, 2, 3, 4], outside: true }, { kind: 'chat', name: 'it-helpdesk' }],
      do: [{ kind: 'reply', text: 'Out of hours: ring ext 4040' }],
    });
  });

  it('"if someone mentions mould or mold in #cataloguing it should reply ...": the words, heard in that channel', () => {
    const { rules } = planOf('slack bot for the library: /board shows the top 3 people, and also if someone mentions mould or mold in #cataloguing it should reply "Stop, bag it and tell conservation"');
    expect(keyword(rules, 'mould')).toMatchObject({ when: { kind: 'keyword', words: ['mould', 'mold'] }, if: [{ kind: 'chat', name: 'cataloguing' }] });
  });

  it('quoted questions are each one question, a slash inside one included', () => {
    const { rules } = planOf('telegram bot\n3. /order asks "Jakie pierogi? / Which ones?", then "How many packs of 10?", sends it all to me and replies "Dziękuję!"');
    expect(command(rules, 'order')?.do).toEqual([{ kind: 'ask', questions: ['Jakie pierogi? / Which ones?', 'How many packs of 10?'], done: 'Dziękuję!' }]);
  });

  it('on X, "mentions it with "finished"" and "if they mention it with "eclipse"": the words of a mention', () => {
    const { rules } = planOf('X bot in node: If someone mentions the bot with "full moon" reply "In the pinned post 🌕". If they mention it with "eclipse" reply "Eclipse alerts are on 🔔".\n1. when someone mentions it with "finished" → reply "🎉 Another one down!"');
    expect(keyword(rules, 'eclipse')?.do).toEqual([{ kind: 'reply', text: 'Eclipse alerts are on 🔔' }]);
    expect(keyword(rules, 'finished')?.do).toEqual([{ kind: 'reply', text: '🎉 Another one down!' }]);
  });

  it('"obrigado/obrigada → ...": words with a slash between them are one or the other; "over 30 km/h" stays no word', () => {
    const { rules } = planOf('whatsapp bot. caixa or box → "Caixa de 12 €15". obrigado/obrigada → "Eu que agradeço 💕"');
    expect(keyword(rules, 'obrigado')?.when).toEqual({ kind: 'keyword', words: ['obrigado', 'obrigada'], whole: false });
  });

  it('a quoted post about rates is the person\'s words; "post the weather for Verbier in #meteo"; "!stuff → \"On apporte:\" + the list"', () => {
    const jobs = planOf('slack bot\n- every Monday 9:00 in #jobs: "New week! Post job leads with language pair + deadline + rate"').rules;
    expect(ruleOf(jobs, (r) => r.when.kind === 'schedule')).toMatchObject({ channel: 'jobs', do: [{ kind: 'post', to: 'channel', text: 'New week! Post job leads with language pair + deadline + rate' }] });
    const trip = planOf('discord bot\n- !bring raclette cheese → adds it to the "what we are bringing" list, reply "Noté {item}"\n- !stuff → "On apporte:" + the list\n- every day at 7:00 post the weather for Verbier in #meteo').rules;
    expect(command(trip, 'stuff')?.do).toEqual([{ kind: 'list', list: 'list', op: 'show', item: 'argument', text: 'On apporte:\n{list}' }]);
    expect(ruleOf(trip, (r) => r.when.kind === 'schedule')).toMatchObject({ channel: 'meteo', do: [{ kind: 'data', source: { kind: 'weather', city: 'Verbier' }, text: '{value}' }] });
  });

  it('"anyone who says kraken gets \"...\"", and a reaction that "posts \"...\" in #hall-of-fame"', () => {
    const { rules } = planOf('discord bot\nanyone who says kraken gets "🐙 the kraken has claimed another victim. F"\nwhen someone reacts 🚀 on a message the bot posts "🚀 Launch of the week candidate: {text}" in #hall-of-fame');
    expect(keyword(rules, 'kraken')?.do).toEqual([{ kind: 'reply', text: '🐙 the kraken has claimed another victim. F' }]);
    expect(ruleOf(rules, (r) => r.when.kind === 'reaction')).toMatchObject({ channel: 'hall-of-fame', do: [{ kind: 'post', to: 'channel', text: '🚀 Launch of the week candidate: {text}' }] });
  });

  it('"Start a quiz when someone types !tossup: ask \"Q?\" (answer), then \"Q?\" (answer), saying \"Correct!\" or \"Nope!\" after each"', () => {
    const { rules } = planOf('Start a quiz when someone types !tossup: ask "Which element has the symbol W?" (tungsten), then "What is the capital of Burkina Faso?" (Ouagadougou), saying "Correct!" or "Nope!" after each. discord bot');
    expect(command(rules, 'tossup')?.do[0]).toMatchObject({
      kind: 'quiz',
      questions: [{ question: 'Which element has the symbol W?', answer: 'tungsten' }, { question: 'What is the capital of Burkina Faso?', answer: 'Ouagadougou' }],
      right: 'Correct!',
      wrong: 'Nope!',
    });
  });
});
