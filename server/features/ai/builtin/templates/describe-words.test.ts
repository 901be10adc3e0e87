// The answer leads with the plan in the person's words (so a misreading is seen at once) and lists
// what needs their words instead of shipping samples.
import { describe, expect, it } from 'vitest';
import { builtinProvider } from '../../builtin-provider';

const answer = async (message: string) => (await builtinProvider().chat({ message, history: [], files: [] })).reply.split(/```(?:python|javascript) /)[0]!;

describe('the plan in the answer', () => {
  it("a command's own answer is shown, and it is that answer, not the canned behaviour of the same name", async () => {
    const reply = await answer('telegram bot for my shop. /menu should list: rye £3, scone £2. /prices says Monthly is 30€');
    expect(reply).toContain("- When someone sends /menu: reply 'rye £3, scone £2'");
    expect(reply).toContain("- When someone sends /prices: reply 'Monthly is 30€'");
    expect(reply).not.toContain('Opening hours');
    expect(reply).not.toMatch(/coin|bitcoin/i);
  });

  it('buttons named without their answers are not replaced by samples: each is listed under Needs your words', async () => {
    const reply = await answer('telegram bot: /start shows buttons Menu, Hours and Wifi');
    expect(reply).not.toContain('Opening hours');
    expect(reply).toContain('**Needs your words**');
    for (const label of ['Menu', 'Hours', 'Wifi']) expect(reply).toContain(`- What the bot says when someone presses "${label}"`);
  });

  it('a text the request did not give is a blank, not my wording', async () => {
    const reply = await answer('a telegram bot that welcomes new members');
    expect(reply).toContain('- When someone joins: reply [needs your words]');
    expect(reply).toContain('- What the bot says when someone joins');
  });
});
