import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatCpu, formatMemory, formatUptime, restartsLabel, statusLook, uptimeOf } from './bot-format';

describe('formatUptime', () => {
  it('shows at most two units, the smaller one padded', () => {
    expect(formatUptime(0)).toBe('0s');
    expect(formatUptime(42_900)).toBe('42s');
    expect(formatUptime(5 * 60_000 + 3_000)).toBe('5m 03s');
    expect(formatUptime(2 * 3_600_000 + 7 * 60_000 + 59_000)).toBe('2h 07m');
    expect(formatUptime(3 * 86_400_000 + 4 * 3_600_000 + 5_000)).toBe('3d 4h');
    // A start time slightly ahead of this clock is not a negative uptime.
    expect(formatUptime(-5_000)).toBe('0s');
  });

  it('never goes backwards as time passes', () => {
    const order = (text: string) => {
      const units: Record<string, number> = { d: 86_400, h: 3600, m: 60, s: 1 };
      return text.split(' ').reduce((sum, part) => sum + Number(part.slice(0, -1)) * units[part.slice(-1)]!, 0);
    };
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 400 * 86_400_000 }), fc.integer({ min: 0, max: 86_400_000 }), (a, step) => {
        expect(order(formatUptime(a + step))).toBeGreaterThanOrEqual(order(formatUptime(a)));
      }),
    );
  });
});

describe('uptimeOf', () => {
  const now = Date.parse('2026-05-01T12:00:00Z');
  it('is the time since the run started, for a running bot only', () => {
    expect(uptimeOf({ status: 'running', startedAt: '2026-05-01T11:58:30Z' }, now)).toBe('1m 30s');
    expect(uptimeOf({ status: 'stopped', startedAt: null }, now)).toBeNull();
    expect(uptimeOf({ status: 'crashing', startedAt: '2026-05-01T11:58:30Z' }, now)).toBeNull();
    expect(uptimeOf({ status: 'running', startedAt: 'not a date' }, now)).toBeNull();
  });
});

describe('labels', () => {
  it("say '—' for what is not measured yet", () => {
    expect(formatMemory(null)).toBe('—');
    expect(formatCpu(null)).toBe('—');
    expect(formatMemory(48 * 1024 * 1024)).toBe('48 MiB');
    expect(formatCpu(3.14159)).toBe('3.1%');
    expect(formatCpu(57.6)).toBe('58%');
  });

  it('name each status with its own color', () => {
    expect([statusLook('running'), statusLook('starting'), statusLook('crashing'), statusLook('refused'), statusLook('stopped')].map((l) => [l.label, l.color])).toEqual([
      ['Running', 'green'],
      ['Starting', 'blue'],
      ['Crashing', 'red'],
      ['Refused', 'red'],
      ['Stopped', 'gray'],
    ]);
    // A test run is told apart; test mode says nothing of a bot that is not running.
    expect([statusLook('running', true).label, statusLook('running', true).color]).toEqual(['Running (test)', 'cyan']);
    expect(statusLook('stopped', true).label).toBe('Stopped');
    expect(restartsLabel(1)).toBe('1 restart');
    expect(restartsLabel(0)).toBe('0 restarts');
  });
});
