// Wordings the builtin misread in fresh requests (bench/understanding, batch 24), each read into the
// plan in the person's own words: a question with a label before its colon, "the weather for our
// local hills" as a place to fill, and no quote marker left inside a list's items.
import { describe, expect, it } from 'vitest';
import { blanksOf } from '../../../../shared/bot-plan-words';
import { keyword, planOf } from './plan-lines.fixture';

describe('wordings read since batch 24', () => {
  it("a later question keeps the label before its colon ('Fabric: blackout, linen or voile?')", () => {
    const { rules } = planOf("whatsapp bot, js\n'quote' → ask Window width (cm)? then Drop (cm)? then Fabric: blackout, linen or voile? and send me the answers, then say: Lovely 🧵");
    expect(keyword(rules, 'quote')?.do).toEqual([{ kind: 'ask', questions: ['Window width (cm)?', 'Drop (cm)?', 'Fabric: blackout, linen or voile?'], done: 'Lovely 🧵' }]);
  });

  it('"the weather for our local hills" is a place the person fills in', () => {
    const plan = planOf('our walking group has an X account and we want it to post the weather for our local hills every morning at 6:30');
    expect(plan.rules.find((r) => r.when.kind === 'schedule')?.do).toEqual([{ kind: 'data', source: { kind: 'weather', city: null }, text: '{value}' }]);
    expect(blanksOf(plan).length).toBe(1);
  });

  it('no quote marker is left in the items of a list', () => {
    const plan = planOf("owl facts account on X. post one random fact at 9:00 and 21:00 every day from this list:\n- Owls can't move their eyes, so they turn their heads up to 270°\n- A group of owls is called a parliament\n- Barn owls can hunt in total darkness");
    expect(JSON.stringify(plan)).not.toMatch(/\\u0001|\\u0002|\u0001|\u0002/);
  });
});
