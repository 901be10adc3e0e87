// Rejecting a Modify-with-AI proposal through the real app (builtin assistant): the charge comes
// back once as a 'refund' ledger row, only to its owner, only while the proposal is neither saved
// nor past the refund window; and a request the assistant understood nothing of is never charged.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../testing/test-app';
import { fakeClock } from '../../testing/fake-clock';
import { newUser } from '../../testing/fixtures';
import { REFUND_WINDOW_MS } from './code-edit-proposals';

const clock = fakeClock();
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ LOG_LEVEL: 'warn' }, { clock });
});
afterAll(() => t.close());
beforeEach(() => clock.reset());

async function ledger(token: string) {
  const me = (await t.request('GET', '/api/auth/me', { token })).body;
  const rows = (await t.request('GET', '/api/credits/transactions', { token })).body as Array<{ type: string; amount: number; description: string }>;
  return { credits: me.credits as number, rows, sum: rows.reduce((a, r) => a + r.amount, 0) };
}

/** A user with a generated bot (95 credits) and a paid proposal for it (90 credits). */
async function withProposal() {
  const user = await newUser(t);
  const chat = await t.request('POST', '/api/ai/chat', { token: user.token, body: { message: 'Make a Telegram bot in Python with /start', projectId: 'default' } });
  const file = (await t.request('GET', `/api/files/${chat.body.createdFile.id}`, { token: user.token })).body;
  const res = await t.request('POST', '/api/ai/modify-code', {
    token: user.token,
    body: { code: file.content, filename: file.filename, prompt: "add a /price command that replies 'Bread is 3 euros'", projectId: file.projectId, fileId: file.id },
  });
  expect(res.status).toBe(200);
  expect(res.body.proposalId).toMatch(/^[A-Za-z0-9]+$/);
  expect(res.body.credits).toBe(90);
  return { ...user, file, proposalId: res.body.proposalId as string, modifiedCode: res.body.modifiedCode as string };
}

const reject = (token: string, proposalId: string) => t.request('POST', `/api/ai/modify-code/${proposalId}/reject`, { token });

describe('rejecting a Modify proposal', () => {
  it('refunds its 5 credits as a refund row the Usage page shows, exactly once', async () => {
    const { token, proposalId } = await withProposal();
    const first = await reject(token, proposalId);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ refunded: true, credits: 95 });
    const l = await ledger(token);
    expect(l.rows[0]).toMatchObject({ type: 'refund', amount: 5 });
    expect(l.rows[0]!.description).toContain('rejected code modification');
    expect(l.credits).toBe(95);
    expect(l.sum).toBe(l.credits);

    const second = await reject(token, proposalId);
    expect(second.status).toBe(409);
    expect(second.body.error).toMatch(/already rejected/);
    expect((await ledger(token)).credits).toBe(95);
  });

  it('ten concurrent rejects of one proposal refund it once', async () => {
    const { token, proposalId } = await withProposal();
    const results = await Promise.all(Array.from({ length: 10 }, () => reject(token, proposalId)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(9);
    const l = await ledger(token);
    expect(l.rows.filter((r) => r.type === 'refund')).toHaveLength(1);
    expect(l.credits).toBe(95);
    expect(l.sum).toBe(95);
  });

  it("another user cannot reject someone's proposal (404), and the owner still can", async () => {
    const owner = await withProposal();
    const other = await newUser(t);
    const res = await reject(other.token, owner.proposalId);
    expect(res.status).toBe(404);
    expect((await ledger(other.token)).credits).toBe(100);
    expect((await ledger(owner.token)).credits).toBe(90);
    expect((await reject(owner.token, owner.proposalId)).status).toBe(200);
  });

  it('an unknown id answers 404, a malformed one 400, and signed-out 401', async () => {
    const { token, proposalId } = await withProposal();
    expect((await reject(token, 'NoSuchProposal123')).status).toBe(404);
    expect((await reject(token, 'bad-id!')).status).toBe(400);
    expect((await t.request('POST', `/api/ai/modify-code/${proposalId}/reject`)).status).toBe(401);
    expect((await ledger(token)).credits).toBe(90);
  });

  it('a saved (accepted) proposal is not refunded, even after the file changed again', async () => {
    const { token, file, proposalId, modifiedCode } = await withProposal();
    expect((await t.request('PUT', `/api/files/${file.id}`, { token, body: { content: modifiedCode } })).status).toBe(200);
    expect((await t.request('PUT', `/api/files/${file.id}`, { token, body: { content: modifiedCode + '\n# edited by hand\n' } })).status).toBe(200);
    const res = await reject(token, proposalId);
    expect(res.status).toBe(409);
    expect(res.body.error).toMatch(/saved/);
    // Marked accepted for good: restoring the older text does not make it refundable.
    await t.request('PUT', `/api/files/${file.id}`, { token, body: { content: file.content } });
    expect((await reject(token, proposalId)).status).toBe(409);
    const l = await ledger(token);
    expect(l.credits).toBe(90);
    expect(l.rows.some((r) => r.type === 'refund')).toBe(false);
  });

  it('a proposal older than the refund window is not refunded', async () => {
    const { token, proposalId } = await withProposal();
    clock.advance(REFUND_WINDOW_MS + 1000);
    const res = await reject(token, proposalId);
    expect(res.status).toBe(409);
    expect(res.body.error).toMatch(/too old/);
    expect((await ledger(token)).credits).toBe(90);
  });
});

describe('a builtin request it understood nothing of is free', () => {
  it('chat answers with its guide and modify-code declines; neither writes a ledger row', async () => {
    const { token } = await newUser(t);
    const chat = await t.request('POST', '/api/ai/chat', { token, body: { message: 'hmm, what about that thing?', projectId: 'default' } });
    expect(chat.status).toBe(200);
    expect(chat.body.createdFiles).toEqual([]);
    const modify = await t.request('POST', '/api/ai/modify-code', {
      token,
      body: { code: 'print("hi")\n', filename: 'bot.py', prompt: 'make it better somehow', projectId: 'default' },
    });
    expect(modify.status).toBe(422);
    const l = await ledger(token);
    expect(l.credits).toBe(100);
    expect(l.rows.filter((r) => r.type !== 'signup_bonus')).toEqual([]);
  });
});
