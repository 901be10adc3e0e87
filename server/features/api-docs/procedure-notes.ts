// The words of the API description (openapi.ts) for each procedure the REST table calls: a summary,
// what a success answers, and the failures particular to it. Everything else (paths, inputs, who
// may call) is read from the code. Response schemas are given only where shared/*.schema.ts has a
// zod schema for the answer, and each is checked against what its procedure returns when this compiles.
import { z } from 'zod';
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../router';
import { userDto } from '../../../shared/auth.schema';
import { botHook } from '../../../shared/hooks.schema';
import { keptRun, runLogPage } from '../../../shared/run-logs.schema';
import { detectedEnvVar, detectedPackage, importLanguageField, savedEnvVar } from '../../../shared/runner.schema';
import { savedTestChat, testChatMember, testChatMessage, testChatResult } from '../../../shared/test-chat.schema';

type Outputs = inferRouterOutputs<AppRouter>;
type RouterName = keyof Outputs & string;
/** Every procedure's name, as the REST table and tRPC's paths spell it ('auth.login'). */
export type ProcedurePath = { [R in RouterName]: `${R}.${keyof Outputs[R] & string}` }[RouterName];
type OutputOf<P extends ProcedurePath> = P extends `${infer R extends RouterName}.${infer N}` ? (N extends keyof Outputs[R] ? Outputs[R][N] : never) : never;

/** The groups of the description, one per sub-router. */
export const TAGS: Record<RouterName, string> = {
  auth: 'Account',
  credits: 'Credits',
  projects: 'Bots',
  files: 'Files',
  chat: 'Assistant',
  ai: 'Assistant',
  runner: 'Runner',
  dependencies: 'Runner',
  testChat: 'Test chat',
  hooks: 'Webhooks',
  logs: 'Logs',
  feed: 'Community feed',
  bots: 'Always-on bots',
  admin: 'Operator',
  landing: 'Landing page',
};

export type ProcedureNote = {
  summary: string;
  description?: string;
  /** What a success answers, in words (the whole answer when no schema describes it). */
  answers: string;
  /** The answer is a list (when no schema describes it). */
  list?: true;
  /** Refusals particular to this call: 402 not enough credits, 409 conflicts with what the account holds now. */
  errors?: Array<402 | 409>;
};

const CONFIRMATION = 'A confirmation message.';

export const NOTES: Partial<Record<ProcedurePath, ProcedureNote>> = {
  'auth.me': { summary: 'Your account', answers: 'The signed-in account: name, email, credits, whether it signs in with Google.' },
  'auth.login': { summary: 'Sign in with email and password', answers: 'A sign-in token (send it as `Authorization: Bearer <token>`) and the account.' },
  'auth.register': {
    summary: 'Sign up in one step (older form of send-otp)',
    description: 'Sends the verification code exactly like send-otp; it never signs anyone in. Finish with verify-otp.',
    answers: 'A message that a code is on its way: the same answer whether or not the address already has an account.',
  },
  'auth.sendOtp': {
    summary: 'Start signing up: email a verification code',
    answers: 'A message that a code is on its way: the same answer whether or not the address already has an account.',
  },
  'auth.verifyOtp': { summary: 'Finish signing up with the emailed code', answers: 'A sign-in token and the new account.' },
  'auth.forgotPassword': {
    summary: 'Email a password reset code',
    answers: 'A message that a code is on its way: the same answer whether or not an account exists for the address.',
  },
  'auth.resetPassword': {
    summary: 'Set a new password with the reset code',
    description: 'Every session of the account is signed out.',
    answers: CONFIRMATION,
  },
  'auth.google': { summary: 'Sign in with a Google ID token', answers: 'A sign-in token and the account.', errors: [409] },
  'auth.logout': { summary: 'Sign out', description: 'Ends this session: its token no longer works.', answers: CONFIRMATION },
  'credits.transactions': { summary: 'Your credit history', answers: 'Your credit transactions.', list: true },

  'projects.list': { summary: 'List your bots', answers: 'Your bots, each with its files (the `files` map of the original API).', list: true },
  'projects.create': {
    summary: 'Create a bot',
    description: 'An empty or missing name names the bot after its first chat request. An account has at most QUOTA_USER_BOTS bots (409 past it).',
    answers: 'The new bot.',
    errors: [409],
  },
  'projects.rename': { summary: 'Rename a bot', answers: 'The renamed bot.' },
  'projects.duplicate': {
    summary: 'Duplicate a bot',
    description: 'Copies its files and environment variables; not its chat history or installed dependencies.',
    answers: 'The copy, what was copied, and a message.',
    errors: [409],
  },
  'projects.delete': {
    summary: 'Delete a bot',
    description: 'Stops its running files and removes its files, versions, saved test chats, environment variables, dependencies and chat history. This cannot be undone.',
    answers: 'A message, what was removed and how many runs were stopped.',
    errors: [409],
  },
  'files.list': { summary: 'List your files', answers: 'Your files, with their content.', list: true },
  'files.get': { summary: 'Read a file', answers: 'The file, with its content.' },
  'files.save': { summary: 'Save a file', description: 'Keeps the previous text as a saved version.', answers: 'The saved file.', errors: [409] },
  'files.delete': { summary: 'Delete a file', answers: CONFIRMATION },
  'files.versions': { summary: "List a file's saved versions", answers: "The file's saved versions, without their text.", list: true },
  'files.version': { summary: 'Read a saved version', answers: "The version's id and text." },
  'files.restore': { summary: 'Restore a saved version', answers: "The file, now with the version's text.", errors: [409] },
  'files.saveByName': { summary: 'Save a file of a bot by its name', description: 'Creates the file when the bot has none of that name.', answers: 'The saved file.', errors: [409] },
  'files.deleteByName': { summary: 'Delete a file of a bot by its name', answers: CONFIRMATION },
  'files.import': { summary: 'Import files into a bot', description: 'From 1 to 20 files at a time.', answers: 'A message and the imported files.', errors: [409] },
  'files.storage': {
    summary: 'Your storage use and its limits',
    answers: 'Everything you store in bytes (files and saved versions, packages, kept logs, saved variables, saved test chats), each part, your files and bots, and the limits.',
  },

  'chat.messages': { summary: "Read a bot's chat with the assistant", answers: 'The messages of the chat.', list: true },
  'chat.send': {
    summary: 'Send a message to the assistant',
    description: 'Costs credits. The assistant may write files into the bot, or propose changes to files it already has.',
    answers: 'The reply: a message, the files written, proposed changes, dependencies to install, your credits left and the bot it went to.',
    errors: [402, 409],
  },
  'ai.modifyCode': {
    summary: 'Ask the assistant to change a file',
    description: 'Costs credits. Nothing is saved: the answer is a proposal to review, then save or reject.',
    answers: 'The changed code, the proposal id and your credits left.',
    errors: [402],
  },
  'ai.rejectModification': {
    summary: 'Reject a proposed change',
    description: 'Refunds what the proposal cost, once.',
    answers: 'That the charge was refunded, and your credits now.',
    errors: [409],
  },
  'ai.plan': {
    summary: "Read a file's bot plan",
    description: 'Only for files the assistant built. Each rule comes with its plain words; blanks are the texts still to be given.',
    answers: 'The plan, its rules in words, its blanks, what was not built and the defaults chosen.',
  },
  'ai.editPlan': {
    summary: "Change a file's bot plan",
    description:
      'The body is the whole plan. It is written as code without the AI (free), keeping the code written in custom regions, and nothing is saved: the answer is a proposal to review, then save or reject. Saving it makes the plan the file\'s.',
    answers: 'The proposal id, the new code and the file name.',
  },
  'ai.help': {
    summary: "AI Help: explain a run's log",
    description: 'Costs credits, like a chat message.',
    answers: 'The explanation, your credits left and, when there is one, a proposed fix.',
    errors: [402],
  },

  'runner.status': { summary: 'What the runner offers on this server', answers: "The sandbox's protections, where dependencies are kept and the limits of a run." },
  'runner.parseImports': { summary: 'Find the packages a file imports', answers: 'The imports found and the packages to install for them.' },
  'runner.detectEnvVars': { summary: 'Find the environment variables a file reads', answers: 'The variables found.' },
  'runner.envVars': { summary: "List a bot's environment variables", description: 'Names only: values are never sent back.', answers: 'The variables set.' },
  'runner.saveEnvVars': { summary: "Set or clear a bot's environment variables", answers: 'The variables set now.', errors: [409] },
  'dependencies.install': {
    summary: "Install a bot's dependencies",
    description: 'Runs the pip or npm install command given, in the sandbox; one install per bot at a time, none while your storage is full.',
    answers: "A message and the install's output.",
    errors: [409],
  },

  'testChat.messages': { summary: 'Read the test chat', answers: 'The messages, oldest first; in the group also its members; a hint when the bot may not reach the test chat.' },
  'testChat.post': { summary: 'Write in the test chat', description: 'Send a message, tap a button of the bot, or have a member join or leave the group.', answers: 'The message posted.' },
  'testChat.clear': { summary: 'Clear the test chat', answers: CONFIRMATION },
  'testChat.saved': { summary: 'List saved test chats', answers: 'The saved chats of the file.' },
  'testChat.save': { summary: 'Save the test chat', description: 'Saves the current conversation under a name (replacing one of that name), to replay later.', answers: 'The saved chat.', errors: [409] },
  'testChat.runSaved': {
    summary: 'Replay the saved test chats',
    description: "Runs the file in test mode and compares the bot's replies with the saved ones.",
    answers: 'One result per saved chat: passed or not, the replies expected and given.',
    errors: [409],
  },
  'testChat.deleteSaved': { summary: 'Delete a saved test chat', answers: CONFIRMATION },

  'hooks.url': { summary: "A bot's webhook address", description: 'Made on first need.', answers: 'The public address that forwards requests to the running bot.' },
  'hooks.rotate': { summary: "Replace a bot's webhook address", description: 'The old address answers 404 from then on.', answers: 'The new address.' },
  'logs.page': { summary: "A page of a bot's kept log", description: 'Newest first; pass `next` as `before` for earlier lines.', answers: 'The lines, and the cursor of the page before (null at the oldest line kept).' },
  'logs.runs': { summary: "A bot's kept runs", answers: 'The runs, newest first.' },

  'feed.list': {
    summary: 'Community feed posts',
    description:
      'Answers the posts only, newest (or most liked) first, 20 unless `limit` says otherwise (at most 50). When more remain, a `Link` header names the next page: the same query with a `cursor` (`<...>; rel="next"`); the last page has none.',
    answers: 'The posts.',
    list: true,
  },
  'feed.create': { summary: 'Share a bot on the feed', answers: 'The new post.' },
  'feed.like': { summary: 'Like or unlike a post', description: 'Without `liked`, toggles.', answers: 'Whether you like it now, and the number of likes.' },
  'feed.delete': { summary: 'Delete your post', answers: CONFIRMATION },
  'feed.remix': { summary: 'Remix a post', description: "Copies the post's bot file into a new bot of yours, named after the post's title (409 past your bots quota or storage).", answers: 'The new file and a message.', errors: [409] },

  'bots.list': { summary: 'Your always-on bots', answers: 'Your bots with their status.' },
  'bots.deploy': {
    summary: 'Deploy a bot',
    description: 'Keeps the file running, and starts it again after a crash or a server restart. Refused (400) while a variable the file cannot start without has no saved value: "Set TELEGRAM_BOT_TOKEN first...".',
    answers: CONFIRMATION,
  },
  'bots.undeploy': { summary: 'Undeploy a bot', answers: CONFIRMATION },
  'bots.restart': { summary: 'Restart a deployed bot', answers: CONFIRMATION },
  'bots.goLive': {
    summary: "A bot file's go-live list",
    description: 'What the file needs before it goes live: its required settings saved, its packages installed, the assistant\'s checks passed since its last change (Telegram bots), and for a bot that takes webhooks a PUBLIC_URL the platforms can reach.',
    answers: '`{items: [{key, ok, label, detail}]}`.',
  },

  'admin.status': { summary: 'Whether the operator area is enabled', answers: 'Whether it is enabled (nothing else).' },
  'admin.analytics': { summary: 'Users and activity', answers: 'Counts of users, messages and posts, and every user.' },
  'admin.bots': { summary: 'Every always-on bot', answers: 'Every bot with its status and owner.' },
  'admin.stopBot': { summary: 'Stop any bot', answers: CONFIRMATION },
  'admin.posts': { summary: 'Every feed post', answers: 'Every post.', list: true },
  'admin.userMessages': { summary: "A person's chat messages", answers: 'Their messages with the assistant, and how many.' },
  'admin.setCredits': { summary: "Set a person's credits", description: 'Written to the credits ledger as an adjustment.', answers: 'A message and the new balance.' },
  'admin.deletePost': { summary: 'Delete any feed post', answers: CONFIRMATION },
};

const authResponse = z.object({ token: z.string().meta({ description: 'The sign-in token: send it as `Authorization: Bearer <token>`.' }), user: userDto });

/** Success answers built from the shared schemas, as the procedure's declared return type puts them together. */
export const RESPONSE_SCHEMAS = {
  'auth.me': userDto,
  'auth.login': authResponse,
  'auth.verifyOtp': authResponse,
  'auth.google': authResponse,
  'hooks.url': botHook,
  'hooks.rotate': botHook,
  'logs.page': runLogPage,
  'logs.runs': z.object({ runs: z.array(keptRun) }),
  'runner.envVars': z.array(savedEnvVar),
  'runner.saveEnvVars': z.array(savedEnvVar),
  'runner.parseImports': z.object({ imports: z.array(z.string()), packages: z.array(detectedPackage), language: importLanguageField }),
  'runner.detectEnvVars': z.object({ envVars: z.array(detectedEnvVar) }),
  'testChat.messages': z.object({ messages: z.array(testChatMessage), hint: z.string().optional(), members: z.array(testChatMember).optional() }),
  'testChat.post': z.object({ message: testChatMessage }),
  'testChat.saved': z.object({ saved: z.array(savedTestChat) }),
  'testChat.save': z.object({ saved: savedTestChat }),
  'testChat.runSaved': z.object({ results: z.array(testChatResult) }),
} satisfies Partial<Record<ProcedurePath, z.ZodType>>;

/** The shared schemas named in the description's components (each appears once, referred to elsewhere). */
export const NAMED_SCHEMAS = {
  User: userDto,
  BotHook: botHook,
  RunLogPage: runLogPage,
  KeptRun: keptRun,
  SavedEnvVar: savedEnvVar,
  DetectedPackage: detectedPackage,
  DetectedEnvVar: detectedEnvVar,
  TestChatMessage: testChatMessage,
  SavedTestChat: savedTestChat,
  TestChatResult: testChatResult,
};

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Schemas = typeof RESPONSE_SCHEMAS;
type Mismatched = { [P in keyof Schemas]: Same<z.output<Schemas[P]>, OutputOf<P>> extends true ? never : P }[keyof Schemas];
/** Does not compile when a response schema above no longer matches what its procedure returns: the error names the procedure. */
export const RESPONSE_SCHEMAS_MATCH: Record<Mismatched, 'this schema does not match what the procedure returns'> = {};
