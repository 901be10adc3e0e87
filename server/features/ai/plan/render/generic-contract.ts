// The contract of the HTTP bot (platform "generic"), the same in both languages: javascript/generic.ts
// and python/generic.ts follow it, generic-contract.test.ts drives both with the same requests.
//
// POST /message  {"text", "user"?, "name"?, "chat"?, "chatName"?, "mentioned"?, "buttonId"?}
//   user: "someone" when absent; name: the user; chat: the user (each caller talks to the bot in a
//   chat of their own); chatName: null; mentioned: true unless it is exactly false (a caller talks to
//   the bot directly). With "buttonId" (a bot with buttons): a press of that button, as POST /button.
//   No text (or only spaces): 400 {"error": MESSAGE_EXAMPLE}. A body that is not a JSON object:
//   400 {"error": NOT_AN_OBJECT}.
// POST /button   {"buttonId", "user"?, "name"?, "chat"?} (only a bot that shows buttons or has button
//   rules): a press; its text is the button's label from RULES. No buttonId: 400 {"error": BUTTON_EXAMPLE}.
// The answer: 200 {"replies": [...]}, what the rules said in the caller's chat while handling the call,
//   in order: a text, or {"text", "buttons": [{"id", "label"}]}; with "reactions": ["👍", ...] beside
//   them when the bot reacted to the message (the key is left out otherwise).
// Polls are text: "📊 <question>" then one "<n>. <option>" line each.
// WEBHOOK_SECRET set: every POST needs the header X-Webhook-Secret with it, else 401 {"error": "Unauthorized"}.
// GET /health: 200 {"status": "ok", "bot": <its name>}, never behind the secret.
// Anything else: 404 {"error": NOT_FOUND}.
// The channel and the owner: channel() is "channel", owner() is "owner"; what the rules say there
//   (schedules, posts, forwards, the answers to ask), and anything said to a chat whose call is not the
//   one being answered, is POSTed to POST_WEBHOOK_URL as JSON {"to": "channel" | "owner" | <chat>,
//   "text", "buttons"?}; the bot reads POST_WEBHOOK_URL only when its rules post there (then it is
//   required). Admins (the `admins` condition): the user named by OWNER_CHAT_ID.

export const MESSAGE_EXAMPLE = 'Send JSON like {"user": "ann", "text": "hello"}';
export const BUTTON_EXAMPLE = 'Send JSON like {"user": "ann", "buttonId": "menu"}';
export const NOT_AN_OBJECT = 'The body is not a JSON object';
export const NOT_FOUND = 'Not found: use POST /message';
