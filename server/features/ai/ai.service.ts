// AI chat and AI code edits, paid in credits. The (slow) AI call happens first, outside any
// transaction; then one transaction charges (a conditional UPDATE plus its ledger row), stores
// both messages and writes the files. Only a reply delivered whole is charged: a failed, cut-off
// (see openai-provider.ts) or guard-refused reply charges nothing; too few credits store nothing.
// A model's reply whose code fails reply-check.ts is retried once, then refused, uncharged.
// A reply that rewrites a file the bot already has is a proposal (see below), not a save.
import type { Kysely } from 'kysely';
import type { ServiceCtx } from '../../trpc';
import type { Database, Project } from '../../db/schema';
import { AppError } from '../../errors';
import { type CodeBlock, type ParsedReply, parseAssistantReply } from '../../../shared/code-blocks';
import { proposalLine } from '../../../shared/proposals';
import { assertCanAfford, balanceOf, chargeCredits } from '../credits/ledger';
import { createProject, ownedProject } from '../workspace/projects';
import { botNameFor, givenBotName, nameBotAfterRequest } from './bot-names';
import { filesNamed, projectFiles } from '../workspace/files';
import { fileWriting, type FileWriting, writeFile } from '../workspace/file-writes';
import { assertNotTruncated } from './truncation-guard';
import { replyProblems, retryMessage } from './reply-check';
import { recordProposal } from './code-edit-proposals';
import { plansOf, savePlan } from './bot-plans';
import { addExchange, chatHistory, latestMessages, rewriteReply } from './chat-messages';
import { TRY_IN_TEST_CHAT } from './builtin/plan-reply';
import { checkBuiltBots } from './built-bot-checks';
import type { ChatAnswer, ChatRequest, ChatTurn, ProjectFile } from './provider';
import { inTransaction } from '../../db/transaction';

export const AI_MESSAGE_COST = 5;
export const CODE_EDIT_COST = 5;
const HISTORY_TURNS = 20;

type ChatDeps = ServiceCtx['deps'];
type FileRow = Awaited<ReturnType<typeof projectFiles>>[number];

/** The bot's files, last changed first, each with what the builtin built it from (when it did). */
async function filesWithPlans(db: ChatDeps['db'], projectId: string): Promise<{ rows: FileRow[]; files: ProjectFile[] }> {
  const rows = await projectFiles(db, projectId, { order: 'updated' });
  const plans = await plansOf(db, rows.map((f) => f.id));
  const files: ProjectFile[] = rows.map((f) => {
    const generatedFrom = plans.get(f.id);
    return { filename: f.filename, content: f.content, ...(generatedFrom ? { generatedFrom } : {}) };
  });
  return { rows, files };
}

/**
 * The assistant's answer with its code blocks read; a block rewriting a file the bot has must not
 * cut it short. A new bot's files go to a project of their own: a name they share with this bot's is no rewrite.
 */
async function answerOf(deps: ChatDeps, request: ChatRequest, existing: Map<string, string>, onDelta?: (text: string) => void, signal?: AbortSignal) {
  const answer = await deps.ai.chat(request, onDelta, signal);
  const parsed = parseAssistantReply(answer.reply);
  for (const block of answer.newBot ? [] : parsed.blocks) {
    const previous = existing.get(block.filename);
    if (previous !== undefined) assertNotTruncated(previous, block.code, block.filename);
  }
  return { answer, parsed };
}

/**
 * A real model's files must parse and install before they are saved (reply-check.ts): a reply
 * that fails is sent back once with its problems; failing again, it is refused before any charge.
 */
async function checkedAnswer(deps: ChatDeps, request: ChatRequest, existing: Map<string, string>, onDelta?: (text: string) => void, signal?: AbortSignal) {
  const first = await answerOf(deps, request, existing, onDelta, signal);
  if (deps.ai.kind !== 'openai') return first;
  const firstProblems = await replyProblems(deps, first.parsed.blocks);
  if (firstProblems.length === 0) return first;
  deps.log.info({ problems: firstProblems }, 'the AI reply failed its code check; asking once more');
  onDelta?.('\n\n(The code above did not pass the check before saving; asking the AI to fix it.)\n\n');
  const history: ChatTurn[] = [...request.history, { role: 'user', content: request.message }, { role: 'assistant', content: first.answer.reply }];
  const again = await answerOf(deps, { ...request, message: retryMessage(request.message, firstProblems), history }, existing, onDelta, signal);
  const problems = await replyProblems(deps, again.parsed.blocks);
  if (problems.length > 0) {
    throw new AppError(
      'UNPROCESSABLE_CONTENT',
      `The AI answer was not saved and nothing was charged: its code still had problems after one retry. ${problems.slice(0, 8).join('; ')}`,
    );
  }
  return again;
}

/** What one chat answer saves: the answer, the bot it was asked in, and that bot's files as they were. */
type Saving = {
  deps: ChatDeps;
  userId: string;
  message: string;
  project: Project;
  rows: FileRow[];
  existing: Map<string, string>;
  answer: ChatAnswer;
  parsed: ParsedReply;
};
type Proposed = { proposalId: string; fileId: string; filename: string; modifiedCode: string; refundable: boolean };

/** The answer's new files, written to `home` with the plans they were built from. Past a storage cap this throws: nothing is charged or stored. */
async function writeNewFiles(trx: Kysely<Database>, s: Saving, w: FileWriting, home: Project, created: CodeBlock[]) {
  const files = [];
  for (const block of created) {
    const result = await writeFile(trx, w, { userId: s.userId, projectId: home.id, filename: block.filename, content: block.code, reason: 'ai_chat' });
    const plan = s.answer.generated?.[block.filename];
    if (plan) await savePlan(trx, s.deps, result.file.id, plan);
    files.push(result);
  }
  return files;
}

/** The answer's rewrites of files the bot has, as proposals; with no new file, the first carries the charge a rejection refunds. */
async function proposeChanges(trx: Kysely<Database>, s: Saving, changes: CodeBlock[], filesWritten: number): Promise<Proposed[]> {
  const proposals: Proposed[] = [];
  for (const block of changes) {
    if (s.existing.get(block.filename) === block.code) continue;
    const fileId = s.rows.find((f) => f.filename === block.filename)!.id;
    const cost: number = s.answer.billable && filesWritten === 0 && proposals.length === 0 ? AI_MESSAGE_COST : 0;
    const plan = s.answer.generated?.[block.filename];
    const proposalId = await recordProposal(trx, s.deps, {
      userId: s.userId,
      projectId: s.project.id,
      fileId,
      filename: block.filename,
      code: block.code,
      cost,
      ...(plan ? { plan } : {}),
    });
    proposals.push({ proposalId, fileId, filename: block.filename, modifiedCode: block.code, refundable: cost > 0 });
  }
  return proposals;
}

/** A plan that changed without its file (a rule still waiting for words) is kept as the file's plan. */
async function keepChangedPlans(trx: Kysely<Database>, s: Saving): Promise<void> {
  for (const [filename, from] of Object.entries(s.answer.generated ?? {})) {
    const row = s.rows.find((f) => f.filename === filename);
    const changesFile = s.parsed.blocks.some((b) => b.filename === filename && s.existing.get(filename) !== b.code);
    if (row && from.plan && !changesFile) await savePlan(trx, s.deps, row.id, from);
  }
}

/**
 * The answer saved in one transaction: the charge, new files written, files the bot already has only
 * proposed (a diff to accept or reject, like Modify with AI), and the exchange.
 */
async function saveAnswer(trx: Kysely<Database>, s: Saving, w: FileWriting) {
  const { deps, userId, project, answer, parsed } = s;
  if (answer.billable) {
    await chargeCredits(trx, deps.clock, {
      userId,
      cost: AI_MESSAGE_COST,
      type: 'ai_message',
      description: `AI assistant: ${s.message.slice(0, 80)}`,
    });
  }
  // Another bot beside this one gets a bot (project) of its own; past the bots quota this throws (409)
  // and nothing is charged or stored.
  const home = answer.newBot && parsed.blocks.length > 0 ? await createProject(trx, deps, userId, { name: botNameFor(s.message) }) : project;
  const inHome = home.id === project.id ? s.existing : new Map<string, string>();
  const files = await writeNewFiles(trx, s, w, home, parsed.blocks.filter((b) => !inHome.has(b.filename)));
  const proposals = await proposeChanges(trx, s, parsed.blocks.filter((b) => inHome.has(b.filename)), files.length);
  if (home.id === project.id) await keepChangedPlans(trx, s);
  const moved = home.id === project.id ? [] : [`This is a new bot, **${home.name}**, with a page of its own (${project.name ? `**${project.name}**` : 'the bot you were in'} stays as it was).`];
  const reply = [...moved, parsed.text, ...proposals.map(proposalLine)].join('\n\n');
  // The conversation goes on where the bot is: a new bot's page holds the message that made it.
  const replyId = await addExchange(trx, { userId, projectId: home.id, message: s.message, reply, at: deps.clock.now().getTime() });
  await nameBotAfterRequest(trx, home.id, s.message); // a bot made without a name is named after this request
  return { files, proposals, credits: await balanceOf(trx, userId), home, moved, replyId, reply };
}

export async function chat(
  { deps, userId }: ServiceCtx,
  input: { message: string; projectId?: string; filename?: string },
  onDelta?: (text: string) => void,
  signal?: AbortSignal,
) {
  const project = await ownedProject(deps.db, deps.clock, userId, input.projectId);
  await assertCanAfford(deps.db, userId, AI_MESSAGE_COST);
  const history = await chatHistory(deps.db, userId, project.id, HISTORY_TURNS);
  const { rows, files } = await filesWithPlans(deps.db, project.id);
  const existing = new Map(files.map((f) => [f.filename, f.content]));
  const botName = givenBotName(project);
  const openFile = input.filename && existing.has(input.filename) ? { openFile: input.filename } : {};
  const request: ChatRequest = { message: input.message, history, files, ...(botName ? { botName } : {}), ...openFile };
  const { answer, parsed } = await checkedAnswer(deps, request, existing, onDelta, signal);

  const w = await fileWriting(deps, userId);
  const saving: Saving = { deps, userId, message: input.message, project, rows, existing, answer, parsed };
  const written = await inTransaction(deps.db, (trx) => saveAnswer(trx, saving, w));

  // Each bot just built is prepared and tried by the server itself (installed, started in test mode,
  // its plan checked); what happened ends the reply.
  const built = [
    ...written.files.map(({ file }) => ({ fileId: file.id, filename: file.filename, proposed: false })),
    ...written.proposals.map((p) => ({ fileId: p.fileId, filename: p.filename, proposed: true })),
  ];
  const checked = deps.config.assistantChecks
    ? await checkBuiltBots({ deps, userId }, { projectId: written.home.id, built, generated: answer.generated, blocks: parsed.blocks, dependencies: parsed.dependencies }, onDelta)
    : [];
  // The checks say where the bot is now: the line sending the person to the test chat goes.
  const text = checked.length > 0 ? parsed.text.replace(TRY_IN_TEST_CHAT, '') : parsed.text;
  if (checked.length > 0) await rewriteReply(deps.db, written.replyId, [written.reply.replace(TRY_IN_TEST_CHAT, ''), ...checked].join('\n\n'));

  const createdFiles = written.files.map(({ file }) => ({ id: file.id, filename: file.filename }));
  return {
    message: [...written.moved, text, ...checked].join('\n\n'),
    createdFile: createdFiles[0],
    createdFiles,
    proposals: written.proposals,
    dependencies: parsed.dependencies,
    credits: written.credits,
    projectId: written.home.id,
    /** The answer made another bot, in a project of its own (its page is projectId's). */
    newBot: written.home.id !== project.id,
  };
}

/** What the assistant built the edited file from, when it has a plan (with the file's id). */
async function planOfFile(db: ServiceCtx['deps']['db'], userId: string, input: { filename: string; projectId?: string }) {
  if (!input.projectId) return undefined;
  const file = (await filesNamed(db, { userId, filename: input.filename, projectId: input.projectId }))[0];
  if (!file) return undefined;
  const from = (await plansOf(db, [file.id])).get(file.id);
  return from?.plan ? { ...from, fileId: file.id } : undefined;
}

export async function modifyCode(
  { deps, userId }: ServiceCtx,
  input: { code: string; filename: string; prompt: string; projectId?: string },
  signal?: AbortSignal,
) {
  if (input.projectId) await ownedProject(deps.db, deps.clock, userId, input.projectId);
  await assertCanAfford(deps.db, userId, CODE_EDIT_COST);
  const generatedFrom = await planOfFile(deps.db, userId, input);
  const answer = await deps.ai.modify({ code: input.code, filename: input.filename, prompt: input.prompt, ...(generatedFrom ? { generatedFrom } : {}) }, signal);
  if ('unsupported' in answer) throw new AppError('UNPROCESSABLE_CONTENT', answer.unsupported);
  assertNotTruncated(input.code, answer.modifiedCode, input.filename);
  // Charged with the proposal it pays for; rejecting the proposal refunds it (code-edit-proposals.ts).
  const { credits, proposalId } = await inTransaction(deps.db, async (trx) => {
    await chargeCredits(trx, deps.clock, {
      userId,
      cost: CODE_EDIT_COST,
      type: 'code_edit',
      description: `Code modification of ${input.filename}: ${input.prompt.slice(0, 60)}`,
    });
    const proposalId = await recordProposal(trx, deps, {
      userId,
      projectId: input.projectId,
      filename: input.filename,
      code: answer.modifiedCode,
      cost: CODE_EDIT_COST,
      ...(answer.generated && generatedFrom ? { fileId: generatedFrom.fileId, plan: answer.generated } : {}),
    });
    return { credits: await balanceOf(trx, userId), proposalId };
  });
  return { modifiedCode: answer.modifiedCode, credits, proposalId };
}

/** A bot's chat with the assistant (or all the person's chats), newest first, 200 at most. */
export async function chatMessages({ deps, userId }: ServiceCtx, input?: { projectId?: string }) {
  const projectId = input?.projectId ? (await ownedProject(deps.db, deps.clock, userId, input.projectId)).id : undefined;
  const rows = await latestMessages(deps.db, { userId, ...(projectId ? { projectId } : {}), limit: 200 });
  return rows.map((m) => ({ id: m.id, role: m.role, content: m.content, createdAt: m.created_at }));
}
