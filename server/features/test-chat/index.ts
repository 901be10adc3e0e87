// The test chat's pieces, built once per server: the conversations, the Bot API emulator runs in
// test mode talk to, and the CA its TLS certificate (api.telegram.org) comes from.
import type { FastifyBaseLogger } from 'fastify';
import type { TestChatCertificates } from './certificate-authority';
import { createEmulator, type Emulator } from './emulator/emulator';
import { TestChats } from './emulator/test-chats';

export type TestChatDeps = {
  chats: TestChats;
  emulator: Emulator;
  /** Added to a test run's CA bundle; null when no CA could be made (test runs then use plain HTTP only). */
  caPem: string | null;
  /** Files whose saved chats are being replayed now: one replay per file at a time (replay.ts). */
  replaying: Set<string>;
};

export async function openTestChat(options: { dataDir: string; log: FastifyBaseLogger }): Promise<TestChatDeps> {
  const chats = new TestChats();
  let certificates: TestChatCertificates | null = null;
  try {
    // The X.509 library is loaded only here, off the start-up path of the first request.
    const { loadTestChatCertificates } = await import('./certificate-authority');
    certificates = await loadTestChatCertificates(options.dataDir);
  } catch (err) {
    options.log.warn({ err: String(err) }, 'Test chat: no certificate for api.telegram.org (bots must use TELEGRAM_API_BASE)');
  }
  const emulator = await createEmulator({ chats, tls: certificates ? { key: certificates.key, cert: certificates.cert } : null });
  return { chats, emulator, caPem: certificates?.caPem ?? null, replaying: new Set() };
}
