// How a bot is named on screen. Apart from workspace.schema (which re-exports it) so the client's
// sidebar and file browser can use it without bundling the validation library.

/** What the client shows for a bot created without a name, until its first chat request names it. */
export const UNNAMED_BOT_LABEL = 'New bot';
export const botLabel = (name: string): string => name || UNNAMED_BOT_LABEL;
