import { describe, expect, it } from 'vitest';
import { logLine } from '../runner-logs';
import { aiHelpFailure, aiHelpOpening, logsForAiHelp } from './ai-help-opening';

describe('aiHelpOpening', () => {
  it('with no logs, greets and asks for a run first', () => {
    const opening = aiHelpOpening([]);
    expect(opening.greeting).toMatch(/run your bot first/i);
    expect(opening.autoRequest).toBeUndefined();
  });

  it('with error markers, says so and asks for an analysis at once', () => {
    const opening = aiHelpOpening([logLine('info', 'Starting execution of bot.py'), logLine('error', 'Traceback (most recent call last):')]);
    expect(opening.greeting).toMatch(/noticed some errors/);
    expect(opening.autoRequest).toBeTruthy();
  });

  it('lines the console shows as errors, with no error word in them (a missing token, exit code 1), are errors too', () => {
    const opening = aiHelpOpening([
      logLine('error', 'Missing environment variable TELEGRAM_BOT_TOKEN: set it before starting the bot.'),
      logLine('error', 'The bot exited with exit code 1'),
    ]);
    expect(opening.greeting).toMatch(/noticed some errors/);
    expect(opening.autoRequest).toBeTruthy();
  });

  it('otherwise, says the bot seems to run without major errors', () => {
    const opening = aiHelpOpening([logLine('output', 'hello')]);
    expect(opening.greeting).toMatch(/seems to run without major errors/);
    expect(opening.autoRequest).toBeUndefined();
  });
});

describe('logsForAiHelp', () => {
  it('for the analysis the dialog starts by itself: the lines shown as errors', () => {
    const lines = [logLine('error', 'first problem'), ...Array.from({ length: 20 }, (_, i) => logLine('output', `line ${i}`)), logLine('error', 'exit code 1')];
    expect(logsForAiHelp(lines, true).map((l) => l.replace(/^\[[^\]]+\] /, ''))).toEqual(['ERROR first problem', 'ERROR exit code 1']);
    expect(logsForAiHelp(lines)).toHaveLength(10);
  });

  it('sends the last 10 lines with their time and level', () => {
    const lines = Array.from({ length: 25 }, (_, i) => logLine('output', `line ${i}`));
    const sent = logsForAiHelp(lines);
    expect(sent).toHaveLength(10);
    expect(sent[0]).toMatch(/OUTPUT line 15$/);
    expect(sent[9]).toMatch(/OUTPUT line 24$/);
  });
});

describe('aiHelpFailure', () => {
  it('wraps the reason in the apology with the support address of this host', () => {
    expect(aiHelpFailure('Not enough credits.', 'bots.example.com')).toBe(
      'Sorry, I encountered an error: Not enough credits. Please try again or contact support@bots.example.com if the issue persists.',
    );
  });
});
