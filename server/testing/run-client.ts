// A /ws client for tests: opens the socket against the real app (signing in with an auth frame),
// records every frame, and waits for the one a test expects.
import WebSocket from 'ws';
import type { ServerFrame } from '../../shared/runner.schema';

/** A websocket client that records every frame and can wait for one. */
export class RunClient {
  readonly frames: ServerFrame[] = [];
  private waiters: (() => void)[] = [];
  closeCode: number | null = null;
  constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      this.frames.push(JSON.parse(String(data)));
      for (const w of this.waiters.splice(0)) w();
    });
    ws.on('close', (code) => {
      this.closeCode = code;
      for (const w of this.waiters.splice(0)) w();
    });
  }
  static async open(appUrl: string, opts: { token?: string; query?: string; origin?: string } = {}): Promise<RunClient> {
    const ws = new WebSocket(`${appUrl.replace('http', 'ws')}/ws${opts.query ?? ''}`, { headers: { origin: opts.origin ?? appUrl } });
    const client = new RunClient(ws);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
      ws.once('unexpected-response', (_req, res) => reject(new Error(`upgrade refused: ${res.statusCode}`)));
    });
    if (opts.token) {
      client.send({ type: 'auth', token: opts.token });
      await client.waitFor((f) => f.type === 'runs');
    }
    return client;
  }
  send(frame: unknown): void {
    this.ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
  }
  /** Lines of the given frame types, split (one frame may carry several). */
  lines(types: ServerFrame['type'][] = ['execution_output', 'execution_error', 'execution_log']): string[] {
    return this.frames.filter((f) => types.includes(f.type) && 'message' in f).flatMap((f) => (f as { message: string }).message.split('\n'));
  }
  async waitFor(match: (f: ServerFrame) => boolean, timeoutMs = 15_000): Promise<ServerFrame> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.frames.find(match);
      if (found) return found;
      if (this.closeCode !== null) throw new Error(`socket closed (${this.closeCode}); frames: ${JSON.stringify(this.frames).slice(0, 2000)}`);
      if (Date.now() > deadline) throw new Error(`no matching frame; got ${JSON.stringify(this.frames).slice(-2000)}`);
      await new Promise<void>((r) => {
        this.waiters.push(r);
        setTimeout(r, 100);
      });
    }
  }
  waitForLine(text: string, timeoutMs?: number) {
    return this.waitFor((f) => (f.type === 'execution_log' || f.type === 'execution_error' || f.type === 'execution_output') && f.message.split('\n').includes(text), timeoutMs);
  }
  waitForExit(fileId: string) {
    return this.waitFor((f) => f.type === 'execution_exit' && f.fileId === fileId) as Promise<Extract<ServerFrame, { type: 'execution_exit' }>>;
  }
  close() {
    this.ws.close();
  }
}
