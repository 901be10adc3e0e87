// Wordings the builtin misread in fresh requests (bench/understanding, batch 21), each read into the
// plan in the person's own words: notes written "/cmd - answer", goals counted for the sender, short
// day names in a list, chat spellings of who is meant, behaviours named only to refuse them, lists
// "in order not random:", list items ending at their line, a command that starts a poll, and a
// channel the words speak of.
import { describe, expect, it } from 'vitest';
import { ruleOf, command, planOf } from './plan-lines.fixture';

describe('wordings read since batch 21', () => {
  it('committee notes: "/cmd - answer", a goal logged for the sender, a poll, and "every Tues + Thurs"', () => {
    const { rules } = planOf("notes re: bot for the korfball club telegram group (node pls)\n\n/training - Tues & Thurs 19:30-21:00, Greenway Sports Hall\n/goal - logs a goal for whoever sends it, reply: Goal logged 🥅\n/scorers - top 5 goal scorers this season\n/matchday - poll: Who's available for Saturday? options Yes / No / Maybe\nauto msg every Tues + Thurs 17:00: Training tonight!");
    expect(command(rules, 'training')?.do).toEqual([{ kind: 'reply', text: 'Tues & Thurs 19:30-21:00, Greenway Sports Hall' }]);
    expect(command(rules, 'goal')?.do).toEqual([{ kind: 'count', counter: expect.any(String), per: 'user' }, { kind: 'reply', text: 'Goal logged 🥅' }]);
    expect(command(rules, 'matchday')?.do).toEqual([{ kind: 'poll', question: "Who's available for Saturday?", options: ['Yes', 'No', 'Maybe'], fromArgument: false }]);
    expect(ruleOf(rules, (r) => r.when.kind === 'schedule')?.when).toEqual({ kind: 'schedule', times: ['17:00'], weekdays: [1, 3], offsetMinutes: 0 });
  });

  it('"sum1" is someone, "dont welcome ppl" asks for no welcome, and "in order not random:" goes in turn', () => {
    const { rules } = planOf('tg group bot in javascript pls\n/song gives a track, go thru these in order not random: Jumpin at the Woodside - Count Basie, Shiny Stockings - Ella Fitzgerald\nif sum1 posts "crypto giveaway" or "onlyfans" delete it and warn them: no spam pls\ndont welcome ppl, we chat alot');
    expect(command(rules, 'song')?.do).toEqual([{ kind: 'replyOneOf', texts: ['Jumpin at the Woodside - Count Basie', 'Shiny Stockings - Ella Fitzgerald'], order: 'inTurn' }]);
    expect(ruleOf(rules, (r) => r.do.some((a) => a.kind === 'delete'))?.when).toEqual({ kind: 'keyword', words: ['crypto giveaway', 'onlyfans'], whole: false });
    expect(rules.some((r) => r.when.kind === 'join')).toBe(false);
  });

  it('a post whose words speak of a channel keeps them', () => {
    const { rules } = planOf('slack bot:\n- /orderlist shows the list\n- friday 16:00 -> Lab meeting Monday 10:00 in B204. Journal club paper is in #papers');
    expect(ruleOf(rules, (r) => r.when.kind === 'schedule')?.do).toEqual([{ kind: 'post', to: 'channel', text: 'Lab meeting Monday 10:00 in B204. Journal club paper is in #papers' }]);
  });
});
