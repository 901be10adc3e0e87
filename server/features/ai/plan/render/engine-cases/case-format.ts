// The engine's behaviour as data: a plan, the events (and clock ticks) handed to the engine, and the
// adapter calls expected back. Language-neutral (the spec's names: send, sendPoll, deleteMessage),
// so the Python and the JavaScript cores can be run over the same cases.
//
// What the harness provides: an adapter recording its calls, whose channel() is `channel-1`, owner()
// `owner-1` and isAdmin() true for the user `boss` (unless `adapter` says otherwise), and which finds
// channels by name (channelNamed) only when `adapter.named` lists them; a clock at
// `start` (default Monday 2024-01-01 12:00 UTC) moved by each step's `at`; a data file that survives
// `restart` (a new engine over the same file); and loopback fakes of the web services:
//   geocoding: any city is at 52.52,13.41 in Germany, except "Nowhere" (no result);
//   forecast: 14.2 °C, weather code 2 (partly cloudy), wind 11.5 km/h;
//   coin prices: bitcoin 64000.5 (a `prices` step changes them); exchange rates: EUR -> USD 1.08;
//   feeds at http://web.test/feed.xml: "First" (https://news.example/1), "Second", "Third"; and at
//   http://web.test/growing.xml one more item at each read in a case (the nth: "Item n+1" ... "Item 1");
//   the model answers "[<system message>] <user message>".

import type { BotPlanInput } from '../../../../../../shared/bot-plan.schema';

export interface CaseEvent {
  type: 'message' | 'join' | 'leave' | 'button' | 'reaction';
  /** Defaults: chat c1 named "bakery", user u1 called Ann, text '', not mentioned. */
  chat?: string;
  chatName?: string | null;
  user?: string;
  name?: string;
  text?: string;
  mentioned?: boolean;
  buttonId?: string;
  emoji?: string;
}

export type CaseCall =
  | { call: 'send'; chat: string; text: string; buttons?: Array<{ id: string; label: string }> }
  /** A random choice: any one of these texts. */
  | { call: 'send'; chat: string; textOneOf: string[] }
  | { call: 'sendPoll'; chat: string; question: string; options: string[] }
  | { call: 'react'; chat: string; user: string; emoji: string }
  | { call: 'mute'; chat: string; user: string; minutes: number }
  | { call: 'deleteMessage' | 'kick' | 'ban'; chat: string; user: string };

interface Expecting {
  /** The clock for this step (UTC, ISO). */
  at?: string;
  expect: CaseCall[];
  /** Each must be part of a line the engine logged during the step. */
  logs?: string[];
}

export type CaseStep =
  | (Expecting & { event: CaseEvent })
  | (Expecting & { tick: true })
  /** A new engine over the same data file (the bot restarted). */
  | { restart: true; at?: string }
  /** The fake CoinGecko's prices from now on. */
  | { prices: Record<string, number> };

export interface EngineCase {
  name: string;
  plan: Pick<BotPlanInput, 'rules' | 'settings'>;
  /** named: the channels channelNamed finds, name -> chat ({'hall-of-fame': 'c-hof'}); none: the adapter has no channelNamed. */
  adapter?: { channel?: string | null; owner?: string | null; admins?: string[]; named?: Record<string, string> };
  start?: string;
  steps: CaseStep[];
  /** Part of what the data file holds at the end. */
  data?: Record<string, unknown>;
}
