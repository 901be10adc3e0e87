// Changes how often something happens: an *_INTERVAL_* setting (POST_INTERVAL_MINUTES,
// POLL_INTERVAL_MS...) or the delay of a setInterval call, converted to the setting's unit.

import type { CodeLanguage } from '../../literals';
import type { EditResult } from './tables';

interface Candidate {
  line: number;
  /** Where the number starts and ends in the line. */
  start: number;
  end: number;
  name: string;
  /** Seconds per unit of the number. */
  unit: number;
}

function unitOf(name: string, language: CodeLanguage): number {
  if (/(?:_MS|_MILLIS|_MILLISECONDS)$/.test(name)) return 0.001;
  if (/(?:_SECONDS?|_SECS?|_S)$/.test(name)) return 1;
  if (/(?:_MINUTES?|_MINS?|_M)$/.test(name)) return 60;
  if (/(?:_HOURS?|_HRS?|_H)$/.test(name)) return 3600;
  if (/(?:_DAYS?|_D)$/.test(name)) return 86400;
  return language === 'javascript' ? 0.001 : 1; // JavaScript timers count milliseconds, Python's sleep seconds
}

function candidatesIn(lines: string[], language: CodeLanguage): Candidate[] {
  const found: Candidate[] = [];
  lines.forEach((line, i) => {
    const constant = /^(\s*(?:(?:const|let|var)\s+)?([A-Z][A-Z0-9_]*(?:INTERVAL|EVERY|PERIOD|DELAY)[A-Z0-9_]*)\s*(?::[^=]*)?=\s*)(\d[\d_]*(?:\.\d+)?)\b/.exec(line);
    if (constant) {
      found.push({ line: i, start: constant[1]!.length, end: constant[1]!.length + constant[3]!.length, name: constant[2]!, unit: unitOf(constant[2]!, language) });
      return;
    }
    if (language === 'javascript') {
      const timer = /(setInterval\(.*,\s*)(\d[\d_]*)(\s*\);?\s*(?:\/\/.*)?)$/.exec(line);
      if (timer) found.push({ line: i, start: timer.index + timer[1]!.length, end: timer.index + timer[1]!.length + timer[2]!.length, name: 'setInterval', unit: 0.001 });
    }
  });
  return found;
}

function formatNumber(n: number): string {
  return Number.isInteger(n) ? String(n) : String(Math.round(n * 1000) / 1000);
}

/** Sets the interval the prompt is about to `seconds`. */
export function changeInterval(code: string, prompt: string, seconds: number, language: CodeLanguage): EditResult {
  const lines = code.split('\n');
  const candidates = candidatesIn(lines, language);
  if (candidates.length === 0) {
    return { problem: 'This file has no interval setting (like POST_INTERVAL_MINUTES) to change.' };
  }
  const lower = prompt.toLowerCase();
  const wantsPoll = /\b(?:poll|polling|check|checks|checking|mentions?|fetch|refresh|look)\b/.test(lower);
  const wantsPost = /\b(?:post|posts|posting|tweet|tweets|send|sends|message|messages|announce|publish|broadcast|schedul\w*)\b/.test(lower);
  const score = (c: Candidate): number =>
    (wantsPoll && /POLL|CHECK|FETCH/.test(c.name) ? 2 : 0) + (wantsPost && /POST|SCHEDULE|SEND|TWEET|BROADCAST/.test(c.name) ? 2 : 0) + (c.name === 'setInterval' ? 0 : 1);
  const target = [...candidates].sort((a, b) => score(b) - score(a))[0]!;
  const value = seconds / target.unit;
  if (value < 0.001) return { problem: 'That interval is too short.' };
  const line = lines[target.line]!;
  lines[target.line] = `${line.slice(0, target.start)}${formatNumber(value)}${line.slice(target.end)}`;
  return { code: lines.join('\n') };
}
