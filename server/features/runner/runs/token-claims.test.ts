// One run per platform token, through /ws against the real app and sandbox: a second bot with a
// token a running bot holds is refused (naming the person's own bot, or not naming someone
// else's), whatever the variable is called; a restart of the same bot is not refused; once the
// first bot stops the token is free. The token itself never appears in a message or the log.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../testing/test-app';
import { newUser } from '../../../testing/fixtures';
import { RunClient } from '../../../testing/run-client';
import { claimKey, tokenClaims } from './token-claims';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ RUNNER_MEMORY_MB: '128', RUNNER_STOP_GRACE_MS: '500' });
});
afterAll(async () => t?.close());

const TOKEN = '7300000001:AAsharedTokenOfTwoBotsForTheClaimTest';
const SLEEPER = 'import time\nprint("polling", flush=True)\ntime.sleep(120)\n';

/** A bot of its own (a project) with one file and one saved variable. */
async function bot(token: string, name: string, variable: string, value: string): Promise<{ fileId: string; projectId: string }> {
  const project = (await t.request('POST', '/api/projects', { token, body: { name } })).body.id as string;
  const file = await t.request('PUT', `/api/projects/${project}/files/bot.py`, { token, body: { content: SLEEPER } });
  expect(file.status).toBe(200);
  const saved = await t.request('PUT', `/api/projects/${project}/env-vars`, { token, body: { set: { [variable]: value } } });
  expect(saved.status).toBe(200);
  return { fileId: file.body.id, projectId: project };
}

const refusal = (client: RunClient, fileId: string) =>
  client.waitFor((f) => f.type === 'execution_error' && f.fileId === fileId && f.message.startsWith('This token is already used'));

describe('one run per platform token', () => {
  it('refuses a second bot of the same person with the token, naming the first; a restart is fine; a stop frees it', async () => {
    const user = await newUser(t);
    const first = await bot(user.token, 'Bakery', 'TELEGRAM_BOT_TOKEN', TOKEN);
    const second = await bot(user.token, 'Bakery copy', 'MY_TG', TOKEN); // another name, the same token
    const client = await RunClient.open(t.url, { token: user.token });
    client.send({ type: 'execute-file', fileId: first.fileId });
    await client.waitForLine('polling');

    client.send({ type: 'execute-file', fileId: second.fileId });
    const refused = await refusal(client, second.fileId);
    expect(refused).toMatchObject({ message: expect.stringContaining("This token is already used by your bot 'Bakery' (bot.py)") });
    expect(t.app.deps.runs.state(user.id, second.fileId)).toBeNull();

    // Start on the running bot restarts it: its own claim does not stand in its way.
    client.send({ type: 'execute-file', fileId: first.fileId });
    await client.waitFor((f) => f.type === 'execution_exit' && f.fileId === first.fileId);
    await expect.poll(() => t.app.deps.runs.state(user.id, first.fileId)?.live).toBe(true);

    client.send({ type: 'stop-execution', fileId: first.fileId });
    await expect.poll(() => t.app.deps.runs.state(user.id, first.fileId)?.live).toBe(false);
    client.send({ type: 'execute-file', fileId: second.fileId });
    await client.waitFor((f) => f.type === 'execution_output' && f.fileId === second.fileId && f.message.includes('polling'));
    client.send({ type: 'stop-execution', fileId: second.fileId });
    await client.waitFor((f) => f.type === 'execution_exit' && f.fileId === second.fileId);

    expect(JSON.stringify(client.frames)).not.toContain(TOKEN);
    expect(t.logs.join('')).not.toContain(TOKEN);
    client.close();
  });

  it("refuses another person's bot with the token without naming the first", async () => {
    const owner = await newUser(t);
    const other = await newUser(t);
    const token = '7300000002:AAanotherSharedTokenForTheClaimTest_x';
    const mine = await bot(owner.token, 'Secret Name', 'TELEGRAM_BOT_TOKEN', token);
    const theirs = await bot(other.token, 'Theirs', 'TELEGRAM_BOT_TOKEN', token);
    const a = await RunClient.open(t.url, { token: owner.token });
    a.send({ type: 'execute-file', fileId: mine.fileId });
    await a.waitForLine('polling');
    const b = await RunClient.open(t.url, { token: other.token });
    b.send({ type: 'execute-file', fileId: theirs.fileId });
    const refused = await refusal(b, theirs.fileId);
    expect(refused.type === 'execution_error' && refused.message).toMatch(/^This token is already used by another bot on this server\./);
    expect(JSON.stringify(b.frames)).not.toContain('Secret Name');
    a.send({ type: 'stop-execution', fileId: mine.fileId });
    await a.waitFor((f) => f.type === 'execution_exit' && f.fileId === mine.fileId);
    a.close();
    b.close();
  });

  it('of two bots started at once with one token, exactly one runs', async () => {
    const user = await newUser(t);
    const token = '7300000003:AAraceOfTwoStartsWithOneTokenForTheTest';
    const one = await bot(user.token, 'One', 'TELEGRAM_BOT_TOKEN', token);
    const two = await bot(user.token, 'Two', 'TELEGRAM_BOT_TOKEN', token);
    const client = await RunClient.open(t.url, { token: user.token });
    client.send({ type: 'execute-file', fileId: one.fileId });
    client.send({ type: 'execute-file', fileId: two.fileId });
    await client.waitFor((f) => f.type === 'execution_error' && f.message.startsWith('This token is already used'));
    await client.waitForLine('polling');
    const live = [one, two].filter((b) => t.app.deps.runs.state(user.id, b.fileId)?.live);
    expect(live).toHaveLength(1);
    client.send({ type: 'stop-execution', fileId: live[0]!.fileId });
    await client.waitFor((f) => f.type === 'execution_exit');
    client.close();
  });

  it('claims platform tokens only, by name or by the Telegram shape, as keyed hashes', () => {
    const key = claimKey('server secret');
    expect(tokenClaims({ OPENAI_API_KEY: 'sk-abc', LOG_LEVEL: 'DEBUG' }, key)).toEqual([]);
    const [hash] = tokenClaims({ DISCORD_BOT_TOKEN: 'discord-token-value' }, key);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).not.toContain('discord-token-value');
    expect(tokenClaims({ ANY_NAME: TOKEN }, key)).toEqual(tokenClaims({ TELEGRAM_BOT_TOKEN: TOKEN }, key));
    expect(tokenClaims({ TELEGRAM_BOT_TOKEN: TOKEN }, claimKey('another server'))).not.toEqual(tokenClaims({ TELEGRAM_BOT_TOKEN: TOKEN }, key));
  });
});
