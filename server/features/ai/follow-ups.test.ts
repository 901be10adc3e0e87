// Follow-ups in a bot's chat through the real app (builtin assistant, real SQLite): a change to the
// bot is proposed as the whole new file, never written until the person saves it; saving with the
// proposal makes its plan the file's, so the next follow-up builds on it; manual edits survive;
// a rejected follow-up is refunded; an edit the assistant cannot make is refused for free.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../testing/test-app';
import { newUser } from '../../testing/fixtures';
import { proposalsIn } from '../../../shared/proposals';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ LOG_LEVEL: 'warn' });
});
afterAll(() => t.close());

const chat = (token: string, message: string, projectId = 'default') => t.request('POST', '/api/ai/chat', { token, body: { message, projectId } });
const fileOf = async (token: string, id: string) =>
  (await t.request('GET', `/api/files/${id}`, { token })).body as { id: string; content: string; filename: string; projectId: string };
const credits = async (token: string) => (await t.request('GET', '/api/auth/me', { token })).body.credits as number;
async function save(token: string, id: string, content: string, proposalId?: string) {
  const body = { id, content, reason: proposalId ? 'ai_change' : 'save', ...(proposalId ? { proposalId } : {}) };
  expect((await t.request('POST', '/trpc/files.save', { token, body })).status).toBe(200);
}

async function botWithFile(message = 'a telegram bot in node that echoes messages') {
  const user = await newUser(t);
  const res = await chat(user.token, message);
  expect(res.status).toBe(200);
  const file = await fileOf(user.token, res.body.createdFile.id);
  return { ...user, file };
}

describe('a follow-up in the chat of a generated bot', () => {
  it('proposes the changed file instead of writing a new one, and charges once', async () => {
    const { token, file } = await botWithFile();
    const res = await chat(token, "add a /price command that replies 'Bread is 3 euros'");
    expect(res.status).toBe(200);
    expect(res.body.createdFiles).toEqual([]);
    expect(res.body.proposals).toHaveLength(1);
    const [proposal] = res.body.proposals;
    expect(proposal).toMatchObject({ fileId: file.id, filename: file.filename, refundable: true });
    expect(proposal.modifiedCode).toContain('Bread is 3 euros');
    expect(res.body.message).toMatch(/I changed/);
    // The stored reply names the proposal, so the chat can offer it again after a reload.
    const stored = (await t.request('GET', '/api/chat/messages', { token })).body[0].content as string;
    expect(proposalsIn(stored)).toEqual([{ filename: file.filename, proposalId: proposal.proposalId }]);
    // Nothing is written until the person saves.
    expect((await fileOf(token, file.id)).content).toBe(file.content);
    const files = (await t.request('GET', '/api/files', { token })).body as unknown[];
    expect(files).toHaveLength(1);
    expect(await credits(token)).toBe(90);
  });

  it('saving the accepted proposal makes its plan the file\'s: the next follow-up keeps both changes', async () => {
    const { token, file } = await botWithFile();
    const first = (await chat(token, "add a /price command that replies 'Bread is 3 euros'")).body.proposals[0];
    await save(token, file.id, first.modifiedCode, first.proposalId);
    const second = (await chat(token, "add a /hours command that replies 'We open at 9'")).body.proposals[0];
    expect(second.modifiedCode).toContain('Bread is 3 euros');
    expect(second.modifiedCode).toContain('We open at 9');
    // The accepted proposal is no longer refundable.
    const reject = await t.request('POST', `/api/ai/modify-code/${first.proposalId}/reject`, { token });
    expect(reject.status).toBe(409);
  });

  it('keeps what the person edited by hand', async () => {
    const { token, file } = await botWithFile();
    const own = `// My own note: keep this line\n${file.content}`;
    await save(token, file.id, own);
    const proposal = (await chat(token, "add a /price command that replies 'Bread is 3 euros'")).body.proposals[0];
    expect(proposal.modifiedCode).toContain('// My own note: keep this line');
    expect(proposal.modifiedCode).toContain('Bread is 3 euros');
  });

  it('refuses for free when the person\'s edits overlap the lines the change rewrites', async () => {
    const { token, file } = await botWithFile();
    const lines = file.content.split('\n');
    // A rule of their own at the end of RULES, where the change adds its rule.
    const rules = lines.findIndex((l) => /^const RULES = \[/.test(l));
    const end = lines.findIndex((l, i) => i > rules && /^\];/.test(l));
    expect(rules).toBeGreaterThan(0);
    lines.splice(end, 0, '  { "id": "hello", "when": { "kind": "command", "name": "hello" }, "if": [], "do": [{ "kind": "reply", "text": "my own command" }] },');
    await save(token, file.id, lines.join('\n'));
    const before = await credits(token);
    const res = await chat(token, "add a /price command that replies 'Bread is 3 euros'");
    expect(res.status).toBe(200);
    expect(res.body.proposals).toEqual([]);
    expect(res.body.message).toMatch(/own edits .* overlap/);
    expect(await credits(token)).toBe(before);
  });

  it('a rejected follow-up is refunded', async () => {
    const { token } = await botWithFile();
    const proposal = (await chat(token, "also post 'Fresh bread!' every 30 minutes")).body.proposals[0];
    expect(await credits(token)).toBe(90);
    const res = await t.request('POST', `/api/ai/modify-code/${proposal.proposalId}/reject`, { token });
    expect(res.status).toBe(200);
    expect(await credits(token)).toBe(95);
  });

  it('a duplicated bot keeps the plan: a follow-up in the copy changes the copy', async () => {
    const { token, file } = await botWithFile();
    const copy = await t.request('POST', `/api/projects/${file.projectId}/duplicate`, { token, body: {} });
    expect(copy.status).toBe(200);
    const res = await chat(token, "add a /price command that replies 'Bread is 3 euros'", copy.body.id);
    expect(res.body.proposals).toHaveLength(1);
    expect(res.body.proposals[0].fileId).not.toBe(file.id);
  });

  it('asking for another bot makes a new bot (project) with the file, says so, and its chat holds the message', async () => {
    const { token, file } = await botWithFile();
    const res = await chat(token, 'another telegram bot that echoes messages, in node');
    expect(res.body.proposals).toEqual([]);
    expect(res.body.createdFile.filename).toBe('telegram_bot.js');
    expect(res.body.projectId).not.toBe(file.projectId);
    expect(res.body.newBot).toBe(true);
    expect(res.body.message).toMatch(/^This is a new bot, \*\*.+\*\*, with a page of its own/);
    expect((await fileOf(token, res.body.createdFile.id)).projectId).toBe(res.body.projectId);
    const newChat = (await t.request('GET', `/api/chat/messages?projectId=${res.body.projectId}`, { token })).body as Array<{ content: string }>;
    expect(newChat.map((m) => m.content)).toContain('another telegram bot that echoes messages, in node');
    const bots = (await t.request('GET', '/api/projects', { token })).body as unknown[];
    expect(bots).toHaveLength(2);
  });

  it('a follow-up goes to the file open in the editor, not the newest', async () => {
    const { token, file } = await botWithFile();
    const other = await t.request('PUT', `/api/projects/${file.projectId}/files/notes_bot.js`, { token, body: { content: "const GREETING = 'Hello';\nconsole.log(GREETING);\n" } });
    expect(other.status).toBeLessThan(300);
    const res = (await t.request('POST', '/api/ai/chat', { token, body: { message: "add a /price command that replies 'Bread is 3 euros'", projectId: file.projectId, filename: file.filename } })).body;
    expect(res.proposals.map((p: { filename: string }) => p.filename)).toEqual([file.filename]);
  });

  it('a message it cannot read as a change is answered for free', async () => {
    const { token } = await botWithFile();
    const before = await credits(token);
    const res = await chat(token, 'hmm');
    expect(res.body.proposals).toEqual([]);
    expect(res.body.createdFiles).toEqual([]);
    expect(await credits(token)).toBe(before);
  });
});

describe('a follow-up for a hand-written file', () => {
  it('makes a documented edit as a proposal, and refuses others for free', async () => {
    const user = await newUser(t);
    const code = "const COMMAND_REPLIES = {\n  start: 'Hi',\n};\nconsole.log(COMMAND_REPLIES);\n";
    await t.request('PUT', '/api/projects/default/files/my_bot.js', { token: user.token, body: { content: code } });
    const ok = await chat(user.token, "add a /price command that replies 'Bread is 3 euros'");
    expect(ok.body.proposals).toHaveLength(1);
    expect(ok.body.proposals[0].modifiedCode).toContain("'price': 'Bread is 3 euros'");

    const before = await credits(user.token);
    const no = await chat(user.token, 'make it talk like a pirate');
    expect(no.body.proposals).toEqual([]);
    expect(no.body.message).toMatch(/cannot make that change to `my_bot.js`/);
    expect(await credits(user.token)).toBe(before);
  });
});

describe('the name the person gave the bot', () => {
  it('is the generated bot\'s name unless the request names one', async () => {
    const user = await newUser(t);
    const project = (await t.request('POST', '/api/projects', { token: user.token, body: { name: 'Joker "the" Bot\n' } })).body;
    const res = await chat(user.token, 'a telegram bot in node that tells jokes', project.id);
    const file = await fileOf(user.token, res.body.createdFile.id);
    expect(file.content).toContain("const BOT_NAME = 'Joker the Bot';");
    const named = await chat(user.token, 'another telegram bot in node called Pizza Pal', project.id);
    expect((await fileOf(user.token, named.body.createdFile.id)).content).toContain("const BOT_NAME = 'Pizza Pal';");
  });
});
