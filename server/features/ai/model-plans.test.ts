// The model answers with a bot plan and the builtin's renderer writes the code: the real app against
// a real OpenAI-compatible server on loopback (scripted answers), real SQLite. Proves the answer
// is asked for as a JSON schema, validated (one retry, then a free refusal), rendered, stored with
// its plan, kept custom code across a follow-up, and that Modify with AI goes through the plan too.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BotPlanSchema, type BotPlanInput } from '../../../shared/bot-plan.schema';
import { parseAssistantReply } from '../../../shared/code-blocks';
import { modelAnswer, startAppWithModel, type OpenAiServer } from '../../testing/openai-server';
import type { TestApp } from '../../testing/test-app';
import { newUser } from '../../testing/fixtures';
import { customRegionsOf, renderPlan } from './plan/render';

let world: Awaited<ReturnType<typeof startAppWithModel>>;
let t: TestApp;
let llm: OpenAiServer;
beforeAll(async () => {
  world = await startAppWithModel();
  ({ t, llm } = world);
});
afterAll(() => world.close());
beforeEach(() => world.reset());

const BAKERY: BotPlanInput = {
  name: 'Bakery Bot',
  platform: 'telegram',
  language: 'python',
  rules: [
    { id: 'price', when: { kind: 'command', name: 'price' }, do: [{ kind: 'reply', text: 'Bread is 3 euros' }] },
    { id: 'hours', when: { kind: 'keyword', words: ['hours'] }, do: [{ kind: 'reply', text: 'We open at 9' }] },
  ],
};
const DICE_CODE = ['async def custom_roll_dice(event, vars, say):', '    import random', '    await say("You rolled " + str(random.randint(1, 6)))'].join('\n');
const DICE: BotPlanInput = {
  ...BAKERY,
  name: 'Dice Bot',
  rules: [{ id: 'roll', when: { kind: 'command', name: 'roll' }, do: [{ kind: 'custom', name: 'roll-dice', description: 'Rolls a die and says the number' }] }],
};

const chat = (token: string, message: string) => t.request('POST', '/api/ai/chat', { token, body: { message, projectId: 'default' } });
const credits = async (token: string) => (await t.request('GET', '/api/auth/me', { token })).body.credits as number;
const fileOf = async (token: string, id: string) => (await t.request('GET', `/api/files/${id}`, { token })).body as { id: string; content: string; filename: string; projectId: string };
const storedPlan = async (fileId: string) => {
  const row = await t.app.deps.db.selectFrom('bot_plans').select('plan').where('file_id', '=', fileId).executeTakeFirst();
  return row?.plan ? JSON.parse(row.plan) : undefined;
};
const filesOf = async (userId: string) => t.app.deps.db.selectFrom('files').select('filename').where('user_id', '=', userId).execute();

async function plannedBot(plan: BotPlanInput, custom: Array<{ name: string; code: string }> = []) {
  const user = await newUser(t);
  llm.queue.push({ reply: modelAnswer({ reply: 'Here is your bot.', plan, custom }) });
  const res = await chat(user.token, 'a telegram bot for my bakery');
  expect(res.status).toBe(200);
  return { ...user, res, file: await fileOf(user.token, res.body.createdFile.id) };
}

describe('a new bot from the model\'s plan', () => {
  it('asks for the JSON schema, writes the rendered bot with the plan\'s words and stores the plan; charged once', async () => {
    const { token, res, file } = await plannedBot(BAKERY);
    const sent = llm.requests[0]!;
    expect(sent.response_format?.type).toBe('json_schema');
    expect(JSON.stringify(sent.response_format?.json_schema?.schema)).toContain('"custom"');
    expect(sent.messages[0]!.content).toContain('async def custom_<name>(event, vars, say):');

    const plan = BotPlanSchema.parse(BAKERY);
    expect(file.filename).toBe('telegram_bot.py');
    expect(file.content).toBe(renderPlan(plan, { filename: 'telegram_bot.py' }).code.replace(/\n$/, ''));
    expect(file.content).toContain('Bread is 3 euros');
    expect(await storedPlan(file.id)).toEqual(plan);
    // The person reads the composed answer: the model's words, the plan card, the file; never the JSON.
    expect(res.body.message).toMatch(/^Here is your bot\.\n/);
    expect(res.body.message).toContain('```bot-plan telegram_bot.py');
    expect(res.body.message).not.toContain('"rules"');
    expect(res.body.dependencies).toEqual(['python-telegram-bot']);
    expect(await credits(token)).toBe(95);
  });

  it('an invalid plan is sent back once with its problems; the valid second answer is used and charged once', async () => {
    const user = await newUser(t);
    const invalid = { ...BAKERY, rules: [{ id: 'Price!', when: { kind: 'command', name: 'price' }, do: [] }] };
    llm.queue.push({ reply: modelAnswer({ reply: 'Here.', plan: invalid }) }, { reply: modelAnswer({ reply: 'Here is your bot.', plan: BAKERY }) });
    const res = await chat(user.token, 'a telegram bot for my bakery');
    expect(res.status).toBe(200);
    expect(llm.requests).toHaveLength(2);
    const retry = llm.requests[1]!.messages.at(-1)!.content;
    expect(retry).toContain('plan.rules.0.id');
    expect(retry).toContain('plan.rules.0.do');
    expect((await fileOf(user.token, res.body.createdFile.id)).content).toContain('We open at 9');
    expect(await credits(user.token)).toBe(95);
  });

  it('invalid twice (not JSON, then a custom action without code): 422, nothing stored or charged', async () => {
    const user = await newUser(t);
    llm.queue.push({ reply: 'Sure! Here is the bot: ...' }, { reply: modelAnswer({ reply: 'Here.', plan: DICE }) });
    const res = await chat(user.token, 'a dice bot');
    expect(res.status).toBe(422);
    expect(res.body.error).toMatch(/nothing was charged: its bot plan still had problems after one retry/);
    expect(res.body.error).toContain('custom action "roll-dice" but no code');
    expect(llm.requests[1]!.messages.at(-1)!.content).toContain('the answer is not JSON');
    expect(await credits(user.token)).toBe(100);
    expect(await filesOf(user.id)).toEqual([]);
  });

  it('plan null is a plain answer: the reply as written, no file, charged as any model reply', async () => {
    const user = await newUser(t);
    llm.queue.push({ reply: modelAnswer({ reply: 'Ask @BotFather for a token with /newbot.' }) });
    const res = await chat(user.token, 'how do I get a token?');
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Ask @BotFather for a token with /newbot.');
    expect(res.body.createdFiles).toEqual([]);
    expect(await filesOf(user.id)).toEqual([]);
    expect(await credits(user.token)).toBe(95);
  });
});

describe('custom code and follow-ups', () => {
  it('a custom action\'s code fills its region; a follow-up plan without that code keeps it', async () => {
    const { token, file } = await plannedBot(DICE, [{ name: 'roll-dice', code: DICE_CODE }]);
    expect(customRegionsOf(file.content)['roll-dice']).toBe(DICE_CODE);

    // The follow-up's context holds the plan and the region's code; the model changes the plan only.
    const changed = { ...DICE, rules: [...DICE.rules, { id: 'help', when: { kind: 'command', name: 'rules' }, do: [{ kind: 'reply', text: 'Be nice' }] }] };
    llm.queue.push({ reply: modelAnswer({ reply: 'I added /rules.', plan: changed, target: file.filename }) });
    const res = await chat(token, 'add a /rules command that says Be nice');
    expect(res.status).toBe(200);
    const context = llm.requests[1]!.messages[1]!.content;
    expect(context).toContain(`Bot ${file.filename} (its current plan)`);
    expect(context).toContain('custom_roll_dice');
    expect(res.body.createdFiles).toEqual([]);
    const [proposal] = res.body.proposals;
    expect(proposal).toMatchObject({ fileId: file.id, filename: file.filename });
    expect(proposal.modifiedCode).toContain('Be nice');
    expect(customRegionsOf(proposal.modifiedCode)['roll-dice']).toBe(DICE_CODE);
    // Saved with the proposal, the changed plan becomes the file's.
    expect((await t.request('POST', '/trpc/files.save', { token, body: { id: file.id, content: proposal.modifiedCode, reason: 'ai_change', proposalId: proposal.proposalId } })).status).toBe(200);
    expect((await storedPlan(file.id)).rules.map((r: { id: string }) => r.id)).toEqual(['roll', 'help']);
  });

  it('custom code that does not parse goes through the code check: sent back once, the fixed plan answer is saved', async () => {
    const user = await newUser(t);
    const broken = DICE_CODE.replace('(event, vars, say):', '(event, vars, say)');
    llm.queue.push(
      { reply: modelAnswer({ reply: 'Here.', plan: DICE, custom: [{ name: 'roll-dice', code: broken }] }) },
      { reply: modelAnswer({ reply: 'Fixed.', plan: DICE, custom: [{ name: 'roll-dice', code: DICE_CODE }] }) },
    );
    const res = await chat(user.token, 'a dice bot');
    expect(res.status).toBe(200);
    expect(llm.requests).toHaveLength(2);
    expect(llm.requests[1]!.response_format?.type).toBe('json_schema');
    expect(llm.requests[1]!.messages.at(-1)!.content).toMatch(/telegram_bot\.py: syntax error/);
    expect(customRegionsOf((await fileOf(user.token, res.body.createdFile.id)).content)['roll-dice']).toBe(DICE_CODE);
    expect(await credits(user.token)).toBe(95);
  });

  it('a follow-up plan for the bot is a proposal that keeps the person\'s own edits', async () => {
    const { token, file } = await plannedBot(BAKERY);
    const own = `# My own note\n${file.content}`;
    expect((await t.request('POST', '/trpc/files.save', { token, body: { id: file.id, content: own, reason: 'save' } })).status).toBe(200);
    const cheaper = { ...BAKERY, rules: [{ ...BAKERY.rules[0]!, do: [{ kind: 'reply', text: 'Bread is 2 euros' }] }, BAKERY.rules[1]!] };
    llm.queue.push({ reply: modelAnswer({ reply: 'Bread is now 2 euros.', plan: cheaper, target: file.filename }) });
    const res = await chat(token, 'bread is 2 euros now');
    expect(res.body.proposals).toHaveLength(1);
    const code = res.body.proposals[0].modifiedCode as string;
    expect(code).toContain('Bread is 2 euros');
    expect(code).not.toContain('Bread is 3 euros');
    expect(code.startsWith('# My own note\n')).toBe(true);
    expect(parseAssistantReply(res.body.message).text).toContain(`It replaces \`${file.filename}\` once you accept the change.`);
    expect((await fileOf(token, file.id)).content).toBe(own);
    expect(await credits(token)).toBe(90);
  });

  it('Modify with AI on a planned file asks for the changed plan and proposes the rendered file', async () => {
    const { token, file } = await plannedBot(BAKERY);
    const cheaper = { ...BAKERY, rules: [{ ...BAKERY.rules[0]!, do: [{ kind: 'reply', text: 'Bread is 2 euros' }] }, BAKERY.rules[1]!] };
    llm.queue.push({ reply: modelAnswer({ reply: 'Done.', plan: cheaper, target: file.filename }) });
    const res = await t.request('POST', '/api/ai/modify-code', {
      token,
      body: { code: file.content, filename: file.filename, prompt: 'bread is 2 euros', projectId: file.projectId },
    });
    expect(res.status).toBe(200);
    expect(llm.requests[1]!.response_format?.type).toBe('json_schema');
    expect(res.body.modifiedCode).toBe(renderPlan(BotPlanSchema.parse(cheaper), { filename: file.filename }).code.replace(/\n$/, ''));
    expect(await credits(token)).toBe(90);
    const proposal = await t.app.deps.db.selectFrom('code_edit_proposals').selectAll().where('id', '=', res.body.proposalId).executeTakeFirstOrThrow();
    expect(JSON.stringify(proposal)).toContain('Bread is 2 euros');
  });
});

