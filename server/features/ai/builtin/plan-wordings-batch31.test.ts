// Wordings the builtin misread in fresh requests (bench/understanding, batch 31), each read into the
// plan in the person's own words.
import { describe, expect, it } from 'vitest';
import { command, planOf } from './plan-lines.fixture';

describe('wordings read since batch 31', () => {
  it('a queue: "/next shows and removes the first one" takes the first off the list', () => {
    const { rules } = planOf('telegram bot for our barber queue. /join adds you to the queue and says "You\'re in line {name}!", /next shows and removes the first one, /queue shows who\'s waiting');
    expect(command(rules, 'join')?.do).toEqual([{ kind: 'list', list: 'barber_queue', op: 'add', item: 'sender', text: "You're in line {name}!" }]);
    expect(command(rules, 'next')?.do).toEqual([{ kind: 'list', list: 'barber_queue', op: 'next', item: 'argument', text: 'Next: {item}' }]);
    expect(command(rules, 'queue')?.do[0]).toMatchObject({ kind: 'list', list: 'barber_queue', op: 'show' });
  });
});
