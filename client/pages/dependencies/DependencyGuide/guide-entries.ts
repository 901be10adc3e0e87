// Content of the /dependencies guide: the packages bots usually need, per
// language, plus general setup, each with the command to copy.

export interface GuideEntry {
  name: string;
  description: string;
  command: string;
  /** Shown as a badge, e.g. 'Built in'. */
  note?: string;
}

export interface QuickStart {
  title: string;
  command: string;
}

export interface GuideTab {
  value: string;
  label: string;
  intro: string;
  entries: GuideEntry[];
  quickStart: QuickStart;
}

export const guideTabs: GuideTab[] = [
  {
    value: 'python',
    label: 'Python',
    intro: 'Libraries most Python bots rely on. Install them in a virtual environment with pip.',
    entries: [
      { name: 'python-telegram-bot', description: 'Full-featured, asynchronous wrapper for the Telegram Bot API.', command: 'pip install python-telegram-bot' },
      { name: 'tweepy', description: 'Client for the Twitter/X API: post, reply, stream and search.', command: 'pip install tweepy' },
      { name: 'requests', description: 'Simple HTTP requests for calling webhooks and REST APIs.', command: 'pip install requests' },
      {
        name: 'asyncio',
        description: 'Concurrency for bots that wait on many chats at once. Part of the standard library since Python 3.4.',
        command: 'python -c "import asyncio"',
        note: 'Built in',
      },
      { name: 'python-dotenv', description: 'Loads tokens and settings from a .env file into the environment.', command: 'pip install python-dotenv' },
    ],
    quickStart: {
      title: 'Python quick start',
      command: 'python -m venv .venv\nsource .venv/bin/activate\npip install python-telegram-bot python-dotenv requests',
    },
  },
  {
    value: 'node',
    label: 'Node.js',
    intro: 'Packages for JavaScript and TypeScript bots. Install them in your project folder with npm.',
    entries: [
      { name: 'telegraf', description: 'Modern Telegram bot framework with middleware and scenes.', command: 'npm install telegraf' },
      { name: 'twitter-api-v2', description: 'Strongly typed client for the Twitter/X API v1.1 and v2.', command: 'npm install twitter-api-v2' },
      { name: 'axios', description: 'Promise-based HTTP client for APIs and webhooks.', command: 'npm install axios' },
      { name: 'dotenv', description: 'Loads variables from a .env file into process.env.', command: 'npm install dotenv' },
      { name: 'whatsapp-web.js', description: 'WhatsApp client that connects through WhatsApp Web.', command: 'npm install whatsapp-web.js' },
    ],
    quickStart: {
      title: 'Node.js quick start',
      command: 'mkdir my-bot && cd my-bot\nnpm init -y\nnpm install telegraf dotenv axios',
    },
  },
  {
    value: 'general',
    label: 'General Setup',
    intro: 'What every bot needs besides code: credentials, a way to receive events and somewhere to keep data.',
    entries: [
      {
        name: 'Bot tokens',
        description: 'Create a bot with @BotFather (Telegram), the Developer Portal (Discord) or the X developer console, and keep its token in a .env file, never in code.',
        command: 'echo "TELEGRAM_BOT_TOKEN=your-token-here" >> .env',
      },
      {
        name: 'Webhook setup',
        description: 'For webhooks instead of polling, your bot needs a public HTTPS address that the platform calls on every event.',
        command: 'curl "https://api.telegram.org/bot$TELEGRAM_BOT_TOKEN/setWebhook?url=https://your-domain.example/webhook"',
      },
      {
        name: 'Database',
        description: 'Keep users, settings and conversation state between restarts. SQLite needs no server and is enough to start.',
        command: 'pip install sqlalchemy',
      },
    ],
    quickStart: {
      title: 'Environment file',
      command: 'cat > .env <<EOF\nTELEGRAM_BOT_TOKEN=your-token-here\nOPENAI_API_KEY=your-key-here\nEOF',
    },
  },
];
