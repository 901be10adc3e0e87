// The plan card's calls over HTTP against the real app (real database, real renderer): reading a
// file's plan, editing it without the AI (a free proposal), and only the owner doing either.
// Fixture: a file made through the API, with a plan stored as the assistant stores one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../testing/test-app';
import { newUser } from '../../testing/fixtures';
import { BotPlanSchema, type BotPlan, type BotPlanInput } from '../../../shared/bot-plan.schema';
import { savePlan } from './bot-plans';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ LOG_LEVEL: 'warn' });
});
afterAll(() => t.close());

const cafePlan = (): BotPlan =>
  BotPlanSchema.parse({
    name: 'Cafe bot',
    platform: 'telegram',
    language: 'javascript',
    rules: [
      { id: 'hours', when: { kind: 'command', name: 'hours' }, do: [{ kind: 'reply', text: 'Mon-Fri 8-16' }] },
      { id: 'menu', when: { kind: 'command', name: 'menu' }, do: [{ kind: 'reply', text: null }] },
    ],
    defaults: ['Times are in UTC: say which time zone you are in to change it.'],
    notBuilt: [{ words: 'take payments', reason: 'payments need a provider account' }],
  } satisfies BotPlanInput);

/** A person with a Telegram bot file the assistant built from `plan` (stored as chat does). */
async function botWithPlan(plan: BotPlan | null = cafePlan()) {
  const user = await newUser(t);
  const saved = await t.request('PUT', '/api/projects/default/files/telegram_bot.js', {
    token: user.token,
    body: { content: "// the bot as first built\nconsole.log('hi');\n" },
  });
  expect(saved.status).toBe(200);
  const fileId = saved.body.id as string;
  if (plan) {
    const deps = t.app.deps;
    await savePlan(deps.db, deps, fileId, { request: '{}', rendered: saved.body.content, plan });
  }
  return { ...user, fileId };
}

const getPlan = (token: string, fileId: string) => t.request('GET', `/api/files/${fileId}/plan`, { token });
const putPlan = (token: string, fileId: string, plan: unknown) => t.request('PUT', `/api/files/${fileId}/plan`, { token, body: plan });
const credits = async (token: string) => (await t.request('GET', '/api/auth/me', { token })).body.credits as number;

describe('reading a plan (GET /api/files/:fileId/plan, ai.plan)', () => {
  it('answers the plan, each rule in words, the blanks, what was not built and the defaults', async () => {
    const { token, fileId } = await botWithPlan();
    const res = await getPlan(token, fileId);
    expect(res.status).toBe(200);
    expect(res.body.plan).toEqual(cafePlan());
    expect(res.body.rules).toEqual([
      { id: 'hours', words: "When someone sends /hours: reply 'Mon-Fri 8-16'" },
      { id: 'menu', words: 'When someone sends /menu: reply [needs your words]' },
    ]);
    expect(res.body.blanks).toEqual([{ ruleId: 'menu', path: ['do', 0, 'text'], label: 'What the bot says when someone sends /menu' }]);
    expect(res.body.notBuilt).toEqual([{ words: 'take payments', reason: 'payments need a provider account' }]);
    expect(res.body.defaults).toEqual(['Times are in UTC: say which time zone you are in to change it.']);
  });

  it('a rule the platform cannot do says why', async () => {
    const plan = cafePlan();
    plan.rules.push({ id: 'joins', when: { kind: 'join' }, if: [], do: [{ kind: 'reply', text: 'Welcome' }], unsupported: 'no groups here' });
    const { token, fileId } = await botWithPlan(plan);
    const res = await getPlan(token, fileId);
    expect(res.body.rules[2]).toEqual({ id: 'joins', words: "When someone joins: reply 'Welcome'", unsupported: 'no groups here' });
  });

  it('a file the assistant did not build answers 404 saying so', async () => {
    const { token, fileId } = await botWithPlan(null);
    const res = await getPlan(token, fileId);
    expect(res.status).toBe(404);
    expect(res.body.error).toBe('This file has no plan: it was not built by the assistant');
  });

  it("another user's file answers 404 like an unknown one; signed out answers 401", async () => {
    const owner = await botWithPlan();
    const other = await newUser(t);
    const theirs = await getPlan(other.token, owner.fileId);
    expect(theirs.status).toBe(404);
    expect(theirs.body.error).toBe('File not found');
    expect((await getPlan(other.token, 'nosuchfile')).body).toEqual(theirs.body);
    expect((await t.request('GET', `/api/files/${owner.fileId}/plan`)).status).toBe(401);
  });

  it('the tRPC path answers the same', async () => {
    const { token, fileId } = await botWithPlan();
    const res = await t.request('GET', `/trpc/ai.plan?input=${encodeURIComponent(JSON.stringify({ fileId }))}`, { token });
    expect(res.status).toBe(200);
    expect(res.body.result.data.rules).toHaveLength(2);
  });
});

describe('editing a plan (PUT /api/files/:fileId/plan, ai.editPlan)', () => {
  it('renders the filled plan as a free proposal; saving it with the proposal makes the plan the file’s', async () => {
    const { token, fileId } = await botWithPlan();
    const before = await credits(token);
    const plan = cafePlan();
    plan.rules[1]!.do[0] = { kind: 'reply', text: 'Latte 3€, croissant 2€' };
    const res = await putPlan(token, fileId, plan);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ proposalId: expect.stringMatching(/^[A-Za-z0-9]+$/), modifiedCode: expect.any(String), filename: 'telegram_bot.js' });
    expect(res.body.modifiedCode).toContain('Latte 3€, croissant 2€');
    expect(await credits(token)).toBe(before);

    // Nothing changes until the person saves the proposal's text with its id.
    expect((await getPlan(token, fileId)).body.blanks).toHaveLength(1);
    const file = (await t.request('GET', `/api/files/${fileId}`, { token })).body;
    expect(file.content).not.toContain('Latte');

    const saved = await t.request('PUT', `/api/files/${fileId}`, {
      token,
      body: { content: res.body.modifiedCode, reason: 'ai_change', proposalId: res.body.proposalId },
    });
    expect(saved.status).toBe(200);
    const after = (await getPlan(token, fileId)).body;
    expect(after.blanks).toEqual([]);
    expect(after.rules[1].words).toBe("When someone sends /menu: reply 'Latte 3€, croissant 2€'");
    expect(await credits(token)).toBe(before);
  });

  it("keeps the code the person wrote in the file's custom regions", async () => {
    const { token, fileId } = await botWithPlan();
    const plan = cafePlan();
    plan.rules.push({ id: 'loyalty', when: { kind: 'command', name: 'stamp' }, if: [], do: [{ kind: 'custom', name: 'stamp', description: 'adds a stamp to the loyalty card' }] });
    const first = await putPlan(token, fileId, plan);
    expect(first.status).toBe(200);
    const start = '// ---- custom code: stamp (kept when the plan is rendered again) ----';
    expect(first.body.modifiedCode).toContain(start);
    // The person writes their own code in the region and saves the file.
    const lines = (first.body.modifiedCode as string).split('\n');
    const at = lines.indexOf(start);
    lines.splice(at + 1, 0, '  // STAMP-CARD: my own code');
    await t.request('PUT', `/api/files/${fileId}`, { token, body: { content: lines.join('\n'), proposalId: first.body.proposalId } });

    plan.rules[1]!.do[0] = { kind: 'reply', text: 'Soup of the day' };
    const second = await putPlan(token, fileId, plan);
    expect(second.status).toBe(200);
    expect(second.body.modifiedCode).toContain('Soup of the day');
    expect(second.body.modifiedCode).toContain('  // STAMP-CARD: my own code');
  });

  it('marks a rule the platform cannot do, whatever the edit said', async () => {
    const { token, fileId } = await botWithPlan();
    const plan: BotPlan = { ...cafePlan(), platform: 'telegram' };
    plan.rules.push({ id: 'hi', when: { kind: 'join' }, if: [], do: [{ kind: 'reply', text: 'Hi' }], unsupported: 'made up' });
    const res = await putPlan(token, fileId, plan);
    expect(res.status).toBe(200);
    await t.request('PUT', `/api/files/${fileId}`, { token, body: { content: res.body.modifiedCode, proposalId: res.body.proposalId } });
    const after = (await getPlan(token, fileId)).body;
    // Telegram has members joining: the made-up reason is cleared.
    expect(after.rules[2]).toEqual({ id: 'hi', words: "When someone joins: reply 'Hi'" });
  });

  it('a bad plan answers 400 naming the field, and changes nothing', async () => {
    const { token, fileId } = await botWithPlan();
    const proposalsBefore = await countProposals();
    const bad = cafePlan() as unknown as { rules: Array<{ when: { name: string } }> };
    bad.rules[0]!.when.name = 'opening hours';
    const res = await putPlan(token, fileId, bad);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe("The plan's field rules[0].when.name is not valid: A command is letters, digits and _");

    const missing = await putPlan(token, fileId, { ...cafePlan(), rules: undefined });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toMatch(/^The plan's field rules is not valid/);

    expect((await putPlan(token, fileId, 'not a plan')).status).toBe(400);
    const duplicate = await putPlan(token, fileId, { ...cafePlan(), rules: [cafePlan().rules[0], cafePlan().rules[0]] });
    expect(duplicate.status).toBe(400);
    expect(duplicate.body.error).toMatch(/Two rules have the id "hours"/);
    const python = await putPlan(token, fileId, { ...cafePlan(), language: 'python' });
    expect(python.status).toBe(400);
    expect(python.body.error).toMatch(/telegram bot in javascript/);

    expect(await countProposals()).toBe(proposalsBefore);
    expect((await getPlan(token, fileId)).body.plan).toEqual(cafePlan());
  });

  it("another user cannot edit someone's plan (404), and nothing is proposed", async () => {
    const owner = await botWithPlan();
    const other = await newUser(t);
    const proposalsBefore = await countProposals();
    const res = await putPlan(other.token, owner.fileId, cafePlan());
    expect(res.status).toBe(404);
    expect(await countProposals()).toBe(proposalsBefore);
    // Nor can they save the owner's proposal into the owner's file.
    const mine = await putPlan(owner.token, owner.fileId, cafePlan());
    expect(mine.status).toBe(200);
    const theirSave = await t.request('PUT', `/api/files/${owner.fileId}`, { token: other.token, body: { content: 'x', proposalId: mine.body.proposalId } });
    expect(theirSave.status).toBe(404);
  });

  it('a file without a plan cannot be edited as one (404)', async () => {
    const { token, fileId } = await botWithPlan(null);
    const res = await putPlan(token, fileId, cafePlan());
    expect(res.status).toBe(404);
    expect(res.body.error).toMatch(/no plan/);
  });

  it('is rate limited per person, the REST and tRPC paths sharing one count', async () => {
    const { token, fileId } = await botWithPlan();
    let limited = 0;
    for (let i = 0; i < 61; i++) {
      const res =
        i % 2 === 0
          ? await putPlan(token, fileId, { name: 1 })
          : await t.request('POST', '/trpc/ai.editPlan', { token, body: { fileId, plan: { name: 1 } } });
      if (res.status === 429) limited++;
    }
    expect(limited).toBe(1);
  });
});

async function countProposals(): Promise<number> {
  const row = await t.app.deps.db.selectFrom('code_edit_proposals').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}
