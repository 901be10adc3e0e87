// Wordings the builtin misread in fresh requests (bench/understanding, batch 19), each read into the
// plan in the person's own words: answers only described or not known yet as blanks, a feed asked
// for beside an aside, the weather "for the site", an alert in a clause of its own, "nothing" as no
// rule, stand-ins for what was typed, list headings, counts per command and words of other rules.
import { describe, expect, it } from 'vitest';
import { blanksOf } from '../../../../shared/bot-plan-words';
import { ruleOf, command, keyword, planOf } from './plan-lines.fixture';
import { builtinChat } from './reply';

describe('wordings read since batch 19', () => {
  it('answers that only name what to say, or that the person does not have yet, are blanks', () => {
    const school = planOf('whatsapp bot:\n- if they ask about fees or pay, reply with our paybill details\n- /route → "Kileleshwa → Lavington Mall"');
    expect(keyword(school.rules, 'fees')?.do).toEqual([{ kind: 'reply', text: null }]);
    const pets = planOf("whatsapp bot:\n- if someone says delivery tell them the delivery charge and the area we cover (need to check with my partner what we're charging now)");
    expect(keyword(pets.rules, 'delivery')?.do).toEqual([{ kind: 'reply', text: null }]);
    const dojo = planOf('telegram bot:\n- /fees should tell ppl the monthly fees, i dont have the numbers rn sensei has them\n- /timetable -> Mon 19:00 beginners');
    expect(command(dojo.rules, 'fees')?.do).toEqual([{ kind: 'reply', text: null }]);
    // A reply that speaks of having or sending is still the person's words.
    const shop = planOf('telegram bot: /status -> "We\'ll send you a message when your order is ready"');
    expect(command(shop.rules, 'status')?.do).toEqual([{ kind: 'reply', text: "We'll send you a message when your order is ready" }]);
  });

  it("a blank's line quotes the sentence it came from, so it says what to give", () => {
    const { reply } = builtinChat("telegram bot for my lash studio\n/where should send my address so people can find me\n/prices -> 'Classic £35'");
    expect(reply).toMatch(/\*\*Needs your words\*\*[^\n]*\n- What the bot says when someone sends \/where \(you wrote: "\/where should send my address so people can find me"\)/);
  });

  it('a feed asked for beside an aside in brackets is still asked for, its address a blank', () => {
    const plan = planOf("telegram group bot:\n- post every new article from the RHS news feed into the group (I don't have the link to hand, sorry)\n- /tip → \"Water in the morning\"");
    expect(ruleOf(plan.rules, (r) => r.do.some((a) => a.kind === 'data' && a.source.kind === 'news'))).toBeDefined();
    expect(blanksOf(plan).some((b) => /feed address/i.test(b.label))).toBe(true);
  });

  it('"the weather for the site" is a place to fill; "and if the wind goes over 30 mph" is checked on its own', () => {
    const { rules } = planOf("slack bot that every morning at 6:30 posts the weather for the site in #site-updates with 'Morning all, today's weather on site:' and if the wind goes over 30 mph posts 'STOP crane work' in #site-updates.");
    expect(ruleOf(rules, (r) => r.id === 'weather-post')).toMatchObject({ when: { times: ['06:30'] }, do: [{ kind: 'data', source: { kind: 'weather', city: null }, text: "Morning all, today's weather on site:\n{value}" }] });
    expect(ruleOf(rules, (r) => r.id === 'weather-alert')).toMatchObject({ when: { everyMinutes: 30 }, if: [{ kind: 'threshold', above: 48.3 }] });
  });

  it('"anything else -> nothing" is no rule, "No problem, ..." is an answer; "[whatever they wrote]" is the argument', () => {
    const { rules } = planOf('telegram bot:\n/book [day + time] -> reply "Thanks! Pencilled in for [whatever they wrote]"\nsomeone says cancel -> No problem, I\'ve let Dave know\nanything else -> nothing, leave the chat to them');
    expect(rules.some((r) => r.when.kind === 'message')).toBe(false);
    expect(keyword(rules, 'cancel')?.do).toEqual([{ kind: 'reply', text: "No problem, I've let Dave know" }]);
    expect(command(rules, 'book')?.do).toEqual([{ kind: 'reply', text: 'Thanks! Pencilled in for {args}' }]);
  });

  it("a poll's last option keeps its own '!'", () => {
    const { rules } = planOf('telegram bot:\n- every Monday 7pm a poll: "What shall we strum on Thursday?" options Riptide / Ring of Fire / Surprise me!\n- /songbook → "Pinned at the top"');
    expect(ruleOf(rules, (r) => r.when.kind === 'schedule')?.do).toEqual([{ kind: 'poll', question: 'What shall we strum on Thursday?', options: ['Riptide', 'Ring of Fire', 'Surprise me!'], fromArgument: false }]);
  });

  it('sign-up words up to the comma, a list shown without a heading, and a heading named as such', () => {
    const club = planOf('whatsapp bot\nwhen someone says count me in, put them on the list and reply "Yeehaw"\nwhen they say can\'t make it, take them off the list and say "No worries"\nwhen someone says who\'s coming, show the list');
    expect(keyword(club.rules, "can't make it")?.do).toEqual([{ kind: 'list', list: 'signups', op: 'remove', item: 'sender', text: 'No worries' }]);
    expect(keyword(club.rules, "who's coming")?.do).toEqual([{ kind: 'list', list: 'signups', op: 'show', item: 'argument', text: '{list}' }]);
    const bowls = planOf('telegram bot:\n1. /in puts you on the list for Saturday and says "Lovely"\n2. /who shows who is on the list under the heading "Playing Saturday:"');
    expect(command(bowls.rules, 'who')?.do).toEqual([{ kind: 'list', list: 'list', op: 'show', item: 'argument', text: 'Playing Saturday:\n{list}' }]);
  });

  it('a word people send ("the raffle") switches on no behaviour of its own', () => {
    const { rules } = planOf('telegram bot:\n- if anybody asks about tea or the raffle reply "Tea and raffle in the clubhouse"\n- /who → "Margaret"');
    expect(rules.some((r) => r.do.some((a) => a.kind === 'replyOneOf'))).toBe(false);
  });

  it('a command that counts one more, its X the count, and a top titled after a comma', () => {
    const { rules } = planOf("telegram bot:\n- when someone types /mat it counts that they trained and says 'Osu! that's X sessions for you' (X = how many theyve done)\n- /top shows the top 5 ppl with the most sessions, title 'Mat rats leaderboard 🥋'");
    const mat = command(rules, 'mat');
    expect(mat?.do).toEqual([{ kind: 'count', counter: expect.any(String), per: 'user' }, { kind: 'reply', text: "Osu! that's {count} sessions for you" }]);
    const counter = mat?.do[0]?.kind === 'count' ? mat.do[0].counter : '';
    expect(command(rules, 'top')?.do).toEqual([{ kind: 'top', counter, n: 5, text: 'Mat rats leaderboard 🥋\n{top}' }]);
    expect(rules.some((r) => r.when.kind === 'message')).toBe(false);
  });

  it('a post for each day under the line that says when, and a list gone through "one after the other from this list"', () => {
    const shop = planOf('X bot in node that tweets at 11:30 each weekday:\nMonday: "Monday special: pastrami £7.50 🥪"\nTuesday: "Taco Tuesday toastie £7 🌮"\nWednesday: roast veg focaccia £6.80');
    const posts = shop.rules.filter((r) => r.when.kind === 'schedule');
    expect(posts.map((r) => [r.when, r.do])).toEqual([
      [{ kind: 'schedule', times: ['11:30'], weekdays: [0], offsetMinutes: 0 }, [{ kind: 'post', to: 'channel', text: 'Monday special: pastrami £7.50 🥪' }]],
      [{ kind: 'schedule', times: ['11:30'], weekdays: [1], offsetMinutes: 0 }, [{ kind: 'post', to: 'channel', text: 'Taco Tuesday toastie £7 🌮' }]],
      [{ kind: 'schedule', times: ['11:30'], weekdays: [2], offsetMinutes: 0 }, [{ kind: 'post', to: 'channel', text: 'roast veg focaccia £6.80' }]],
    ]);
    const words = planOf('telegram bot\n- every morning at 8:30 post the word of the day, one after the other from this list: "Word: flâner", "Word: chantier"\n- /rdv → "Thursday"');
    expect(ruleOf(words.rules, (r) => r.when.kind === 'schedule')?.do).toEqual([{ kind: 'replyOneOf', texts: ['Word: flâner', 'Word: chantier'], order: 'inTurn' }]);
  });

  it('translations asked for in French, and a conversation group that asks for no AI', () => {
    const { rules } = planOf('J\'aimerais un bot telegram pour notre groupe de conversation :\n- /fr + une phrase → la traduit en français\n- /en + a sentence → translates it into English\n- /rdv → "jeudi 19h"');
    expect(command(rules, 'fr')?.do).toEqual([{ kind: 'data', source: { kind: 'translate', to: 'French' } }]);
    expect(command(rules, 'en')?.do).toEqual([{ kind: 'data', source: { kind: 'translate', to: 'English' } }]);
    expect(planOf('a French conversation group on Telegram: /rdv → "jeudi 19h"').rules.some((r) => r.do.some((a) => a.kind === 'data' && a.source.kind === 'ai'))).toBe(false);
  });

  it('questions asked straight after "asks", a quote followed by the weather, and a top with its heading "at the top"', () => {
    const { rules } = planOf("telegram group bot:\n* every morning at 7:00 post \"Morning from the harbour! Today's weather:\" followed by the weather for St Ives\n* /book asks How many people? then Which day? and sends me the answers, then says \"Lovely 🦭\"\n* /eggs 5 adds it up per person and says 'Total: X eggs'\n* /league shows the top 3 egg counts with 'Top layers this month:' at the top");
    expect(command(rules, 'book')?.do).toEqual([{ kind: 'ask', questions: ['How many people?', 'Which day?'], done: 'Lovely 🦭' }]);
    expect(ruleOf(rules, (r) => r.when.kind === 'schedule')?.do).toEqual([{ kind: 'data', source: { kind: 'weather', city: 'St Ives' }, text: "Morning from the harbour! Today's weather:\n{value}" }]);
    expect(command(rules, 'league')?.do).toMatchObject([{ kind: 'top', n: 3, text: 'Top layers this month:\n{top}' }]);
  });
});
