// The built-in documentation index behind the top-bar search box, and its scoring.
// Pure so the client, the static docs page and the tests agree on what a query finds.

export interface DocEntry {
  /** Anchor of the entry's section on /docs.html. */
  slug: string;
  title: string;
  description: string;
  keywords: string[];
}

export interface DocMatch {
  entry: DocEntry;
  score: number;
}

export const DOC_RESULT_LIMIT = 5;

export const docEntries: readonly DocEntry[] = [
  {
    slug: 'overview',
    title: 'Overview',
    description: 'What Botwright is: build, run and share AI-driven bots for social platforms by chatting.',
    keywords: ['overview', 'introduction', 'about', 'botwright', 'platform', 'bots'],
  },
  {
    slug: 'our-mission',
    title: 'Our Mission',
    description: 'Why we make bot building possible for everyone, with no code required.',
    keywords: ['mission', 'vision', 'goals', 'values', 'no-code', 'everyone'],
  },
  {
    slug: 'why-ai-agents',
    title: 'Why AI Agents',
    description: 'How AI agents automate conversations, replies and community work around the clock.',
    keywords: ['ai', 'agents', 'automation', 'benefits', 'assistant', 'llm'],
  },
  {
    slug: 'getting-started',
    title: 'Getting Started',
    description: 'Create an account, chat with the assistant to generate your first bot, then run it.',
    keywords: ['start', 'setup', 'tutorial', 'guide', 'first bot', 'quickstart', 'install'],
  },
  {
    slug: 'platform-features',
    title: 'Platform Features',
    description: 'Builder chat, code editor with AI edits, runner with live logs, and the community feed.',
    keywords: ['features', 'builder', 'runner', 'editor', 'logs', 'publish', 'telegram', 'discord', 'twitter', 'whatsapp'],
  },
  {
    slug: 'api-documentation',
    title: 'API Documentation',
    description: 'REST and tRPC endpoints for authentication, files, runs, posts and credits.',
    keywords: ['api', 'rest', 'endpoints', 'trpc', 'authentication', 'token', 'reference'],
  },
  {
    slug: 'test-chat',
    title: 'Test Chat',
    description: 'Talk to your Telegram bot in the browser before it goes live: test mode, a test group, saved chats replayed as tests.',
    keywords: ['test chat', 'test', 'chat', 'testing', 'try', 'emulator', 'test mode', 'test group', 'saved chats', 'replay', 'telegram'],
  },
  {
    slug: 'deploying',
    title: 'Deploying Bots',
    description: 'Deploy a bot to keep it always on: started again when it ends and when the server restarts, with no time limit.',
    keywords: ['deploy', 'deploying', 'always on', 'always', '24/7', 'hosting', 'keep running', 'undeploy', 'restart', 'go live', 'production'],
  },
  {
    slug: 'bots-page',
    title: 'Your Bots (/bots)',
    description: 'Every bot at a glance: running or stopped, uptime, restarts, last exit, memory and CPU, its webhook URL.',
    keywords: ['bots', '/bots', 'status', 'uptime', 'crashing', 'silent', 'memory', 'cpu', 'monitor', 'dashboard'],
  },
  {
    slug: 'webhooks',
    title: 'Webhooks',
    description: "Each bot's own public webhook URL, forwarded to the port it listens on; copy it, or make a new one if it leaks.",
    keywords: ['webhook', 'webhooks', 'webhook url', 'url', 'port', 'http', 'callback', 'whatsapp', 'slack', 'new url', 'secret'],
  },
  {
    slug: 'bot-plan',
    title: 'The Bot Plan',
    description: "The assistant's plan card: one line per rule of your bot; fill its blanks, edit, remove or add rules, free of credits.",
    keywords: ['plan', 'bot plan', 'plan card', 'rules', 'rule', 'blanks', 'commands', 'keywords', 'schedule', 'edit'],
  },
];

/** Shown under 'No documentation found'; each is a query that finds something. */
export const docSuggestions: readonly string[] = ['getting started', 'test chat', 'deploy', 'webhook', 'api'];

export function docUrl(slug: string): string {
  return `/docs.html#${slug}`;
}

function queryWords(query: string): string[] {
  return query.toLowerCase().split(/\s+/).filter(Boolean);
}

/**
 * Title contains the query +10, description contains it +5; per keyword, +2 when it contains one of
 * the query's words and +15 more when it equals one. All comparisons ignore case.
 */
export function scoreDoc(entry: DocEntry, query: string): number {
  const q = query.trim().toLowerCase();
  if (!q) return 0;
  const words = queryWords(q);
  let score = 0;
  if (entry.title.toLowerCase().includes(q)) score += 10;
  if (entry.description.toLowerCase().includes(q)) score += 5;
  for (const raw of entry.keywords) {
    const keyword = raw.toLowerCase();
    if (words.some((w) => keyword.includes(w))) score += 2;
    if (words.some((w) => keyword === w)) score += 15;
  }
  return score;
}

/** The best entries for a query: score above zero, highest first (ties keep index order), at most 5. */
export function searchDocs(query: string, entries: readonly DocEntry[] = docEntries): DocMatch[] {
  return entries
    .map((entry) => ({ entry, score: scoreDoc(entry, query) }))
    .filter((m) => m.score > 0)
    .sort((a, b) => b.score - a.score)
    .slice(0, DOC_RESULT_LIMIT);
}

export function resultCountLabel(count: number): string {
  return `${count} result${count === 1 ? '' : 's'}`;
}
