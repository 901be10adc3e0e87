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

  it('a behaviour written before its trigger: \'Reply "..." when someone types /swap\', \'Say "..." whenever someone new joins\', \'Reply "..." to anyone who mentions refund\'', () => {
    const { rules } = planOf('slack bot\nReply "Swap requests go through CrewLink" when someone types /swap. Say "Hello there {name}" whenever someone new joins. Reply "Sorry, no refunds" to anyone who mentions refund.');
    expect(command(rules, 'swap')?.do).toEqual([{ kind: 'reply', text: 'Swap requests go through CrewLink' }]);
    expect(ruleOf(rules, (r) => r.when.kind === 'join')?.do).toEqual([{ kind: 'reply', text: 'Hello there {name}' }]);
    expect(keyword(rules, 'refund')?.do).toEqual([{ kind: 'reply', text: 'Sorry, no refunds' }]);
  });

  it('\'Post "..." every Monday at 07:00 in #crew-notices\': a post before its schedule; \', at 21:45 every night it posts "..."\' after another rule\'s words', () => {
    const crew = planOf('slack bot\nPost "Recurrent training sign-up closes Friday" every Monday at 07:00 in #crew-notices.').rules;
    expect(ruleOf(crew, (r) => r.when.kind === 'schedule')).toMatchObject({ channel: 'crew-notices', when: { kind: 'schedule', weekdays: [0], times: ['07:00'] }, do: [{ kind: 'post', to: 'channel', text: 'Recurrent training sign-up closes Friday' }] });
    const care = planOf('telegram bot: when someone types /handover it asks "Which room?" then "What happened?" and sends the answers to me and replies "Logged", at 21:45 every night it posts "Night shift starts 22:00"').rules;
    expect(ruleOf(care, (r) => r.when.kind === 'schedule')).toMatchObject({ when: { kind: 'schedule', times: ['21:45'] }, do: [{ kind: 'post', to: 'channel', text: 'Night shift starts 22:00' }] });
  });

  it('"log how many records they finished by typing /done with a number, e.g. /done 35, and answers \"...\""', () => {
    const { rules } = planOf('slack bot that lets each cataloguer log how many records they finished by typing /done with a number, e.g. /done 35, and answers "Thanks {name}! {count} records this month 📚", then /board shows the top 3 people');
    expect(command(rules, 'done')?.do).toEqual([{ kind: 'count', counter: 'records', per: 'user', add: 'number' }, { kind: 'reply', text: 'Thanks {name}! {count} records this month 📚' }]);
  });

  it('buttons in a paragraph: opened by their own sentence\'s command or words, "Label should say ...", "where Label says ..."', () => {
    const club = planOf('telegram bot. Say "Flying meet is on" whenever someone sends /meet. And /mentor shows buttons Hawk, Falcon, Owl: Hawk → "Harris hawks: Dave", Falcon → "Falcons: Priya", Owl → "Owls: Tom"').rules;
    expect(command(club, 'meet')?.do).toEqual([{ kind: 'reply', text: 'Flying meet is on' }]);
    expect(command(club, 'mentor')?.do[0]).toMatchObject({ kind: 'buttons', buttons: [{ label: 'Hawk' }, { label: 'Falcon' }, { label: 'Owl' }] });
    expect(ruleOf(club, (r) => r.when.kind === 'button' && r.when.id === 'owl')?.do).toEqual([{ kind: 'reply', text: 'Owls: Tom' }]);
    const tint = planOf("telegram bot. Reply 'We tint cars' whenever somebody says hi or hello to the bot. Under /cars show 3 buttons: Standard, Ceramic, Windscreen strip. Standard should say 'Standard film £160'. Ceramic should say ceramic film blocks way more heat, and tell them the price. Windscreen strip → 'Sun strip £45'.").rules;
    expect(keyword(tint, 'hello')?.when).toEqual({ kind: 'keyword', words: ['hi', 'hello'], whole: false });
    expect(ruleOf(tint, (r) => r.when.kind === 'button' && r.when.id === 'standard')?.do).toEqual([{ kind: 'reply', text: 'Standard film £160' }]);
    // The price is the person's to give: the press waits for their words.
    expect(ruleOf(tint, (r) => r.when.kind === 'button' && r.when.id === 'ceramic')?.do).toEqual([{ kind: 'reply', text: null }]);
    const sweets = planOf('whatsapp bot that when someone writes salam answers "Ahlan", when they write menu shows three buttons Kunafa, Baklava, Booza where Kunafa says "Kunafa $8", Baklava says "Baklava $22" and Booza says "Booza $6", and if anyone asks about catering or a party it asks them "How many guests?" then "What date?", forwards me the answers and says "Shukran!"').rules;
    expect(keyword(sweets, 'menu')?.do[0]).toMatchObject({ kind: 'buttons', buttons: [{ label: 'Kunafa' }, { label: 'Baklava' }, { label: 'Booza' }] });
    expect(ruleOf(sweets, (r) => r.when.kind === 'button' && r.when.id === 'booza')?.do).toEqual([{ kind: 'reply', text: 'Booza $6' }]);
    expect(keyword(sweets, 'catering')).toMatchObject({ when: { words: ['catering', 'party'] }, do: [{ kind: 'ask', questions: ['How many guests?', 'What date?'], done: 'Shukran!' }] });
  });
});
