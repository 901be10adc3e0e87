// Test harness for the engine of a rendered bot, run for real in this process: the file is written
// to a temporary folder (with the repo's node_modules linked beside it, so its require('telegraf')
// resolves) and loaded with require(); the engine gets a recording adapter and a test clock.
// Real: the rendered code, the state file on disk. Fake: the platform (the recording adapter).
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BotPlan } from '../../../../../../shared/bot-plan.schema';
import { renderPlan } from '../index';

const NODE_MODULES = fileURLToPath(new URL('../../../../../../node_modules', import.meta.url));

export interface TestEvent {
  type: 'message' | 'join' | 'leave' | 'button' | 'reaction';
  chat: string;
  chatName: string | null;
  user: string;
  name: string;
  text: string;
  mentioned: boolean;
  buttonId?: string;
  emoji?: string;
  raw?: unknown;
}

export interface Call {
  kind: string;
  chat?: string;
  text?: string;
  buttons?: Array<{ id: string; label: string }>;
  question?: string;
  options?: string[];
  emoji?: string;
  minutes?: number;
  user?: string;
}

export interface Engine {
  handle(event: TestEvent): Promise<void>;
  tick(): Promise<void>;
}

interface Loaded {
  createEngine(options: { rules: unknown; settings: unknown; adapter: unknown; dataFile: string; now: () => Date }): Engine;
  RULES: unknown;
  SETTINGS: unknown;
}

export class BotHarness {
  readonly dir = mkdtempSync(join(tmpdir(), 'plan-engine-'));
  readonly dataFile = join(this.dir, 'bot_data.json');
  readonly calls: Call[] = [];
  /** The test clock every engine of this harness reads. */
  clock = new Date('2025-01-06T08:30:00Z'); // a Monday
  channel: string | null = 'channel-1';
  owner: string | null = 'owner-1';
  /** The channels the adapter finds by name (its channelNamed, as Discord's and Slack's); null: it has no channelNamed. */
  named: Record<string, string> | null = null;
  admins = new Set<string>();
  /** Adapter calls (by kind) that fail, as when the bot lacks the right to do them. */
  failing = new Set<string>();
  private loaded!: Loaded;
  engine!: Engine;
  code = '';

  /** `edit` changes the rendered file before it is loaded (as a person would, e.g. a web address); `start` is the clock at the start. */
  constructor(plan: BotPlan, custom?: Record<string, string>, options: { edit?: (code: string) => string; start?: Date } = {}) {
    symlinkSync(NODE_MODULES, join(this.dir, 'node_modules'));
    if (options.start) this.clock = options.start;
    const rendered = renderPlan(plan, { filename: 'bot.js', custom }).code;
    this.code = options.edit ? options.edit(rendered) : rendered;
    const path = join(this.dir, 'bot.js');
    writeFileSync(path, this.code);
    this.loaded = createRequire(path)(path) as Loaded;
    this.restart();
  }

  /** A new engine on the same data file, as after a restart of the bot. */
  restart(): void {
    const calls = this.calls;
    const namedChannels = () => this.named;
    const record = (call: Call) => {
      if (this.failing.has(call.kind)) return Promise.reject(new Error(`${call.kind} is not allowed here`));
      calls.push(call);
      return Promise.resolve(true);
    };
    const adapter = {
      channelSetting: 'TEST_CHANNEL_ID',
      send: (chat: string, text: string, buttons?: Call['buttons']) => record({ kind: 'send', chat, text, ...(buttons ? { buttons } : {}) }),
      sendPoll: (chat: string, question: string, options: string[]) => record({ kind: 'poll', chat, question, options }),
      react: (event: TestEvent, emoji: string) => record({ kind: 'react', chat: event.chat, user: event.user, emoji }),
      deleteMessage: (event: TestEvent) => record({ kind: 'delete', chat: event.chat, user: event.user, text: event.text }),
      mute: (event: TestEvent, minutes: number) => record({ kind: 'mute', chat: event.chat, user: event.user, minutes }),
      kick: (event: TestEvent) => record({ kind: 'kick', chat: event.chat, user: event.user }),
      ban: (event: TestEvent) => record({ kind: 'ban', chat: event.chat, user: event.user }),
      isAdmin: (event: TestEvent) => Promise.resolve(this.admins.has(event.user)),
      channel: () => this.channel,
      owner: () => this.owner,
      // Read when asked, so a test may set `named` after the engine is made.
      get channelNamed() {
        const named = namedChannels();
        return named ? (name: string) => Promise.resolve(named[name] ?? null) : undefined;
      },
    };
    this.engine = this.loaded.createEngine({ rules: this.loaded.RULES, settings: this.loaded.SETTINGS, adapter, dataFile: this.dataFile, now: () => this.clock });
  }

  /** Handles the event; returns what the bot did in answer. */
  async send(event: Partial<TestEvent> & { text?: string }): Promise<Call[]> {
    const from = this.calls.length;
    await this.engine.handle({ type: 'message', chat: 'chat-1', chatName: null, user: 'u1', name: 'Ann', text: '', mentioned: false, ...event });
    return this.calls.slice(from);
  }

  /** The texts the bot said in answer to a message. */
  async texts(text: string, event: Partial<TestEvent> = {}): Promise<string[]> {
    return (await this.send({ text, ...event })).filter((c) => c.kind === 'send').map((c) => c.text!);
  }

  async tickAt(iso: string): Promise<Call[]> {
    this.clock = new Date(iso);
    const from = this.calls.length;
    await this.engine.tick();
    return this.calls.slice(from);
  }

  close(): void {
    rmSync(this.dir, { recursive: true, force: true });
  }
}
