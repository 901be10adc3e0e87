// Compares what a core did in each step of a case with what the case expects (both languages).
import { expect } from 'vitest';
import type { CaseCall, EngineCase } from './case-format';

export interface StepSeen {
  calls: Array<Record<string, unknown>>;
  logs: string[];
}

/** The expected calls, with a random choice (textOneOf) replaced by the text sent when it is one of them. */
function expectedCalls(expected: CaseCall[], actual: Array<Record<string, unknown>>): unknown[] {
  return expected.map((call, i) => {
    if (!('textOneOf' in call)) return call;
    const sent = actual[i]?.text;
    return typeof sent === 'string' && call.textOneOf.includes(sent) ? { call: 'send', chat: call.chat, text: sent } : call;
  });
}

/** `seen[n]` is what step n did (null for a restart or a prices step); `label` names the core. */
export function checkSteps(c: EngineCase, seen: Array<StepSeen | null>, label: string, more = ''): void {
  c.steps.forEach((step, n) => {
    if (!('expect' in step)) return;
    const got = seen[n]!;
    const where = `${label}, ${c.name}: step ${n + 1} (${JSON.stringify('event' in step ? step.event : { tick: step.at })})\n${more}`;
    expect(got.calls, where).toEqual(expectedCalls(step.expect, got.calls));
    for (const line of step.logs ?? []) expect(got.logs.some((l) => l.includes(line)), `${where}\nlogs: ${got.logs.join('\n')}\nmissing: ${line}`).toBe(true);
  });
}
