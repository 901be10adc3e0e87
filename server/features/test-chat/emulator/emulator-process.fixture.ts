// For memory tests: the emulator alone in a process of its own (run with `node --import tsx`), so
// that the test can measure what an attacking bot makes it hold. Prints one JSON line: the loopback
// address, the session's token and the chat ids; serves until killed.
import { startEmulator } from './emulator.fixture';

// Frames are not kept: what the process holds is the emulator's own.
const h = await startEmulator({ keepFrames: false });
process.stdout.write(`${JSON.stringify({ baseUrl: h.baseUrl, token: h.session.token, chatId: h.chatId })}\n`);
