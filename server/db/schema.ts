// Table types, one interface per table, merged into the Database type Kysely checks queries against.
import type { Generated, Insertable, Selectable } from 'kysely';

export interface UsersTable {
  id: string;
  name: string;
  email: string;
  password_hash: string | null;
  email_verified: number;
  google_sub: string | null;
  credits: Generated<number>;
  created_at: string;
}

export interface SessionsTable {
  id: string;
  user_id: string;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
}

export type CodePurpose = 'signup' | 'reset';

export interface VerificationCodesTable {
  email: string;
  purpose: CodePurpose;
  code_hash: string;
  attempts: Generated<number>;
  pending_name: string | null;
  pending_password_hash: string | null;
  sent_at: string;
  expires_at: string;
}

export interface CreditTransactionsTable {
  id: string;
  user_id: string;
  type: string;
  description: string;
  amount: number;
  created_at: string;
}

/** A paid Modify-with-AI proposal; see migrations/007 and ai/code-edit-refunds.ts. */
export interface CodeEditProposalsTable {
  id: string;
  user_id: string;
  project_id: string | null;
  filename: string;
  /** sha256 hex of the proposed text. */
  code_hash: string;
  cost: number;
  status: Generated<'open' | 'rejected' | 'accepted'>;
  created_at: string;
  resolved_at: string | null;
  /** The file a chat follow-up proposes to change (migrations/009); null for Modify previews. */
  file_id: string | null;
  /** The builtin assistant's new plan for that file (GeneratedFrom JSON), stored when accepted. */
  plan: string | null;
}

/** What the builtin assistant rendered a file from (migrations/009, ai/bot-plans.ts). */
export interface BotPlansTable {
  file_id: string;
  request: string;
  rendered: string;
  /** The bot plan's JSON (migrations/014); null for files built before plans had rules. */
  plan: string | null;
  updated_at: string;
}

export interface ProjectsTable {
  id: string;
  user_id: string;
  name: string;
  description: string;
  created_at: string;
}

export interface FilesTable {
  id: string;
  project_id: string;
  user_id: string;
  filename: string;
  content: string;
  created_at: string;
  updated_at: string;
  /** UTF-8 bytes of `content`, written with it: storage caps sum this from an index. */
  size: number;
}

export type VersionReason = 'save' | 'ai_chat' | 'ai_change' | 'import' | 'restore';

export interface FileVersionsTable {
  id: string;
  file_id: string;
  content: string;
  reason: VersionReason;
  created_at: string;
  /** UTF-8 bytes of `content`. */
  size: number;
  /** For a version an AI change replaced: the request that made the change (migrations/015). */
  prompt: string | null;
}

export interface ChatMessagesTable {
  id: string;
  user_id: string;
  project_id: string | null;
  role: 'user' | 'assistant';
  content: string;
  created_at: string;
}

export interface UploadsTable {
  id: string;
  mime: string;
  ext: string;
  bytes: number;
  width: number;
  height: number;
  created_at: string;
  /** The image's bytes on PostgreSQL (any node serves them); null on SQLite, where they are a file in DATA_DIR/uploads. */
  data: Generated<Buffer | null>;
}

export interface PostsTable {
  id: string;
  user_id: string;
  title: string;
  description: string;
  platform: 'telegram' | 'twitter' | 'whatsapp' | 'discord' | 'other';
  contact_telegram: string | null;
  contact_email: string | null;
  contact_twitter: string | null;
  image_id: string | null;
  public_access_key: string | null;
  file_name: string | null;
  file_content: string | null;
  likes_count: Generated<number>;
  created_at: string;
}

export interface LikesTable {
  post_id: string;
  user_id: string;
  created_at: string;
}

/** A saved environment variable: the value only as AES-256-GCM output (see env-vars/secret-box.ts). */
export interface ProjectEnvVarsTable {
  project_id: string;
  key: string;
  ciphertext: Buffer;
  nonce: Buffer;
  tag: Buffer;
  updated_at: string;
}

/** A saved test chat: the user's steps and the bot's expected replies, as JSON (test-chat/saved-chats.ts). */
export interface SavedTestChatsTable {
  file_id: string;
  user_id: string;
  name: string;
  chat: 'private' | 'group';
  steps: string;
  created_at: string;
  /** UTF-8 bytes of `steps` and `name` (migrations/013), what the person's storage counts. */
  size: number;
}

/** A deployed (always-on) bot: migrations/011, runner/deploy/supervisor.ts. */
export interface DeploymentsTable {
  project_id: string;
  user_id: string;
  file_id: string;
  deployed_at: string;
  restarts: Generated<number>;
  last_exit: string | null;
  last_exit_at: string | null;
}

/** One run of a bot (migrations/012, runner/runs/run-records.ts); `ended_at` null while it is live. */
export interface RunsTable {
  id: string;
  project_id: string;
  file_id: string;
  user_id: string;
  filename: string;
  mode: 'live' | 'test';
  supervised: number;
  started_at: string;
  ended_at: string | null;
  exit_reason: string | null;
  exit_code: number | null;
  exit_signal: string | null;
  exit_message: string | null;
  ended_by: string | null;
  /** The node the run ran on (migrations/018); null for runs from before. */
  node_id: Generated<string | null>;
}

/** A bot's webhook address secret: PUBLIC_URL/hooks/<project_id>/<secret> (migrations/010, runner/hooks). */
export interface BotHooksTable {
  project_id: string;
  secret: string;
  created_at: string;
  rotated_at: string | null;
}

/** A rate-limit counter shared by every web node (server/rate-limit-store.ts; PostgreSQL only). */
export interface RateLimitsTable {
  key: string;
  hits: number;
  /** Unix milliseconds. */
  window_ends: number;
}

/** A node of the server (migrations/018); times are Unix milliseconds on the database's clock. */
export interface NodesTable {
  id: string;
  role: 'all' | 'web' | 'runner';
  url: string;
  version: string;
  started_at: number;
  heartbeat_at: number;
  draining: Generated<number>;
  runs: Generated<number>;
  memory_bytes: Generated<number>;
  cpu_percent: Generated<number>;
}

/** Which runner holds a deployed bot, until when, and what it last said of the bot. */
export interface BotLeasesTable {
  project_id: string;
  node_id: string;
  /** One more each time the bot is placed or restarted: the holder starts it (again) on a new one. */
  epoch: number;
  expires_at: number;
  status: Generated<'starting' | 'running' | 'crashing' | 'refused'>;
  next_start_at: Generated<number | null>;
  silent: Generated<number>;
}

/** A live run's platform token (its keyed hash), held by one node until it ends or the node is gone. */
export interface TokenClaimsTable {
  token_hash: string;
  file_id: string;
  run_id: string;
  user_id: string;
  bot_name: string;
  node_id: string;
  expires_at: number;
}

/** The runner a person's interactive work goes to when a web node answers it (migrations/019). */
export interface RunnerHomesTable {
  user_id: string;
  node_id: string;
}

/** The packages a project asked for, per package manager: a JSON array of the specs as asked (migrations/019). */
export interface ProjectPackagesTable {
  project_id: string;
  ecosystem: 'pip' | 'npm';
  packages: string;
}

/** A kept log line on PostgreSQL, any runner's (migrations/019); `seq` orders them. */
export interface LogLinesTable {
  seq: Generated<number>;
  project_id: string;
  run_id: string;
  at: number;
  level: 'output' | 'error' | 'log';
  text: string;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  verification_codes: VerificationCodesTable;
  credit_transactions: CreditTransactionsTable;
  code_edit_proposals: CodeEditProposalsTable;
  bot_plans: BotPlansTable;
  bot_hooks: BotHooksTable;
  deployments: DeploymentsTable;
  runs: RunsTable;
  projects: ProjectsTable;
  files: FilesTable;
  file_versions: FileVersionsTable;
  chat_messages: ChatMessagesTable;
  uploads: UploadsTable;
  posts: PostsTable;
  likes: LikesTable;
  project_env_vars: ProjectEnvVarsTable;
  saved_test_chats: SavedTestChatsTable;
  rate_limits: RateLimitsTable;
  nodes: NodesTable;
  bot_leases: BotLeasesTable;
  token_claims: TokenClaimsTable;
  runner_homes: RunnerHomesTable;
  project_packages: ProjectPackagesTable;
  log_lines: LogLinesTable;
}

export type Post = Selectable<PostsTable>;

export type Project = Selectable<ProjectsTable>;
export type BotFile = Selectable<FilesTable>;

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type VerificationCode = Selectable<VerificationCodesTable>;
