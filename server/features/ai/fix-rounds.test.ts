// A model's bot that fails its checks in the test chat gets fix rounds: the model is sent the failing
// exchange, the bot's error lines and its code, its fix is saved and checked again; at most two rounds,
// inside the message's charge. Real: app, sandbox, emulator, Telegraf, a scripted OpenAI-compatible
// server on loopback.
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BotPlanInput } from '../../../shared/bot-plan.schema';
import { modelAnswer, startAppWithModel, type OpenAiServer } from '../../testing/openai-server';
import type { TestApp } from '../../testing/test-app';
import { newUser } from '../../testing/fixtures';
import { copyPackages } from '../../testing/node-packages';

let world: Awaited<ReturnType<typeof startAppWithModel>>;
let t: TestApp;
let llm: OpenAiServer;
beforeAll(async () => {
  world = await startAppWithModel('warn', { ASSISTANT_CHECKS: 'on', RUNNER_STOP_GRACE_MS: '300' });
  ({ t, llm } = world);
});
afterAll(() => world.close());
beforeEach(() => world.reset());

const PLAN: BotPlanInput = {
  name: 'Bakery Bot',
  platform: 'telegram',
  language: 'javascript',
  rules: [{ id: 'menu', when: { kind: 'command', name: 'menu' }, do: [{ kind: 'custom', name: 'count-visit', description: 'Counts the visits of the menu' }, { kind: 'reply', text: 'Sourdough 5€' }] }],
};
// 'use strict' opens the bot: an undeclared variable is a ReferenceError, and the rule stops before its reply.
const BUGGY = 'async function custom_count_visit(event, vars, say) {\n  visits += 1;\n}';
const STILL_BUGGY = 'async function custom_count_visit(event, vars, say) {\n  visitCount += 1;\n}';
const FIXED = 'async function custom_count_visit(event, vars, say) {\n  vars.visits = (vars.visits || 0) + 1;\n}';
const answer = (code: string) => ({ reply: modelAnswer({ reply: 'Here is your bot.', plan: PLAN, custom: [{ name: 'count-visit', code }] }) });

async function botWithTelegraf() {
  const user = await newUser(t);
  const projectId = (await t.request('POST', '/api/projects', { token: user.token, body: { name: 'Bakery' } })).body.id as string;
  const dir = await t.app.deps.packageVolumes.dir(projectId, true);
  copyPackages(['telegraf'], path.join(dir!, 'node_modules'));
  return { ...user, projectId };
}

const credits = async (token: string) => (await t.request('GET', '/api/auth/me', { token })).body.credits as number;

describe('fix rounds', () => {
  it('a bot with a bug: the model gets the failing exchange and the error, its fix is saved and checked; charged once', async () => {
    const user = await botWithTelegraf();
    const before = await credits(user.token);
    llm.queue.push(answer(BUGGY), answer(FIXED));
    const res = await t.request('POST', '/api/ai/chat', { token: user.token, body: { message: 'a telegram bot in node for my bakery', projectId: user.projectId } });
    expect(res.status).toBe(200);
    expect(llm.requests).toHaveLength(2);
    const asked = llm.requests[1]!.messages.map((m) => m.content).join('\n');
    expect(asked).toContain("Check failed: When someone sends /menu: run custom code");
    expect(asked).toContain('you: /menu');
    expect(asked).toContain('bot: (no answer)');
    expect(asked).toMatch(/visits is not defined/);
    expect(res.body.message).toContain('**Fixed by the AI after its checks** (one fix round, no extra credits)');
    expect(res.body.message).toContain('**Checked in the test chat: 1 of 1.**');
    const file = await t.request('GET', `/api/files/${res.body.createdFile.id}`, { token: user.token });
    expect(file.body.content).toContain('vars.visits = (vars.visits || 0) + 1;');
    expect(await credits(user.token)).toBe(before - 5);
    await t.app.deps.runs.stop(user.id, res.body.createdFile.id);
  }, 120_000);

  it('a model that never fixes it: two rounds, then the failing check is reported', async () => {
    const user = await botWithTelegraf();
    const before = await credits(user.token);
    llm.queue.push(answer(BUGGY), answer(STILL_BUGGY), answer(BUGGY));
    const res = await t.request('POST', '/api/ai/chat', { token: user.token, body: { message: 'a telegram bot in node for my bakery', projectId: user.projectId } });
    expect(res.status).toBe(200);
    expect(llm.requests).toHaveLength(3);
    expect(res.body.message).toContain('**The AI could not fix the bot** in 2 fix rounds (no extra credits)');
    expect(res.body.message).toContain('**Checked in the test chat: 0 of 1.**');
    expect(res.body.message).toContain('missing: "Sourdough 5€"');
    expect(await credits(user.token)).toBe(before - 5);
  }, 120_000);

  it('a follow-up whose change breaks a rule is shown failing its check before Accept; no fix round for a change', async () => {
    const user = await botWithTelegraf();
    const good: BotPlanInput = { ...PLAN, rules: [{ id: 'menu', when: { kind: 'command', name: 'menu' }, do: [{ kind: 'reply', text: 'Sourdough 5€' }] }] };
    llm.queue.push({ reply: modelAnswer({ reply: 'Here is your bot.', plan: good }) });
    const built = await t.request('POST', '/api/ai/chat', { token: user.token, body: { message: 'a telegram bot in node for my bakery', projectId: user.projectId } });
    expect(built.body.message).toContain('**Checked in the test chat: 1 of 1.**');
    const filename = built.body.createdFile.filename as string;
    llm.queue.push({ reply: modelAnswer({ reply: 'Now /menu counts its visits.', plan: PLAN, target: filename, custom: [{ name: 'count-visit', code: BUGGY }] }) });
    const change = await t.request('POST', '/api/ai/chat', { token: user.token, body: { message: 'count the visits of /menu', projectId: user.projectId, filename } });
    expect(change.status).toBe(200);
    expect(change.body.proposals).toHaveLength(1);
    expect(change.body.message).toContain('**Checked in the test chat, before you accept: 0 of 1.**');
    expect(change.body.message).toContain('missing: "Sourdough 5€"');
    expect(llm.requests).toHaveLength(2);
    await t.app.deps.runs.stop(user.id, built.body.createdFile.id);
  }, 120_000);
});
