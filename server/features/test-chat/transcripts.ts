// The running transcript of each test chat (transcript.ts), kept beside its session for as long as
// the session lives: 'Save as test' copies it, a replay records a fresh one.
import type { TestChatKind } from '../../../shared/test-chat.schema';
import type { TestChatSession } from './emulator/test-chats';
import { Transcript } from './transcript';

const bySession = new WeakMap<TestChatSession, Record<TestChatKind, Transcript>>();

export function transcriptOf(session: TestChatSession, chat: TestChatKind): Transcript {
  let pair = bySession.get(session);
  if (!pair) {
    const created = { private: new Transcript('private'), group: new Transcript('group') };
    session.onChange((frame) => {
      if (frame.cleared) created[frame.chat].clear();
      else created[frame.chat].frame(frame);
    });
    bySession.set(session, created);
    pair = created;
  }
  return pair[chat];
}
