// How the AI Assistant opens: with no logs it asks for a
// run first; with error markers in the logs it says so and asks for an analysis at once; otherwise
// it says the bot seems healthy. Also its reply when a request fails.
import { formatLine, hasErrorMarkers, type LogLine } from '../runner-logs';

/** The assistant sees the last 10 log lines. */
export const LOGS_SENT = 10;

export interface Opening {
  greeting: string;
  /** Sent on the person's behalf as soon as the dialog opens. */
  autoRequest?: string;
}

/** Lines the console shows as errors (red), or with an error's words in them. */
function showsErrors(lines: readonly LogLine[]): boolean {
  return lines.some((l) => l.level === 'error') || hasErrorMarkers(lines);
}

export function aiHelpOpening(lines: readonly LogLine[]): Opening {
  if (lines.length === 0) {
    return {
      greeting:
        "Hi! I'm your AI assistant. Run your bot first (select a file and click Start), then open me again: I'll read its logs and help you fix any problem.",
    };
  }
  if (showsErrors(lines)) {
    return {
      greeting: "I noticed some errors in your bot's logs. Let me analyze them for you...",
      autoRequest: 'Please analyze the errors in these logs, explain what went wrong and how to fix it.',
    };
  }
  return {
    greeting: 'Your bot seems to run without major errors. Ask me anything about its logs or its code.',
  };
}

/** The last lines; for the analysis the dialog starts by itself, the ones the console shows as errors. */
export function logsForAiHelp(lines: readonly LogLine[], automatic = false): string[] {
  const errors = lines.filter((l) => l.level === 'error');
  return (automatic && errors.length > 0 ? errors : lines).slice(-LOGS_SENT).map(formatLine);
}

export function aiHelpFailure(message: string, host: string): string {
  const reason = message.trim().replace(/\.+$/, '') || 'Unknown error';
  return `Sorry, I encountered an error: ${reason}. Please try again or contact support@${host} if the issue persists.`;
}
