// The answer shows the bot's words under "In your words" (so a misreading is seen at once), says
// which are not the person's own, and lists what needs their words instead of shipping samples.
import { describe, expect, it } from 'vitest';
import { builtinProvider } from '../../builtin-provider';

const answer = async (message: string) => (await builtinProvider().chat({ message, history: [], files: [] })).reply.replace(/```[\s\S]*?```/g, '');

describe('In your words', () => {
  it("a command's own answer is shown, and it is that answer, not the canned behaviour of the same name", async () => {
    const reply = await answer('telegram bot for my shop. /menu should list: rye £3, scone £2. /prices says Monthly is 30€');
    expect(reply).toContain('**In your words**');
    expect(reply).toContain('- /menu answers "rye £3, scone £2"');
    expect(reply).toContain('- /prices answers "Monthly is 30€"');
    expect(reply).not.toContain('Opening hours');
    expect(reply).not.toMatch(/coin prices/i);
  });

  it('buttons named without their answers are not replaced by samples: each is listed under Needs your words', async () => {
    const reply = await answer('telegram bot: /start shows buttons Menu, Hours and Wifi');
    expect(reply).not.toContain('Opening hours');
    expect(reply).toContain('**Needs your words**');
    for (const label of ['Menu', 'Hours', 'Wifi']) expect(reply).toContain(`What should the "${label}" button answer?`);
  });

  it('words the request did not give are marked as not the person\'s', async () => {
    const reply = await answer('a telegram bot that welcomes new members');
    expect(reply).toMatch(/- New members get ".*" \(my wording: tell me yours\)/);
  });
});
