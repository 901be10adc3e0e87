// Test helper: a raw TCP connection to a server, for requests no HTTP client would send (bodies
// that never end, trickled bytes): writes with backpressure, and everything the server answered
// by the time it closed the connection.
import { connect, type Socket } from 'node:net';

export type RawConnection = {
  socket: Socket;
  /** Writes with backpressure; false once the server has closed the connection. */
  write(data: Buffer | string): Promise<boolean>;
  /** What the server sent, once it closed the connection. */
  answer: Promise<string>;
};

export function openRaw(port: number, host = '127.0.0.1'): RawConnection {
  const socket = connect(port, host);
  socket.on('error', () => {});
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
  const answer = new Promise<string>((resolve) => socket.once('close', () => resolve(received)));
  const write = (data: Buffer | string) =>
    new Promise<boolean>((resolve) => {
      if (socket.destroyed || !socket.writable) return resolve(false);
      const flushed = socket.write(data, (err) => {
        if (err) resolve(false);
      });
      if (flushed) return resolve(true);
      const settle = (value: boolean) => () => {
        socket.off('drain', onDrain);
        socket.off('close', onClose);
        resolve(value);
      };
      const onDrain = settle(true);
      const onClose = settle(false);
      socket.once('drain', onDrain);
      socket.once('close', onClose);
    });
  return { socket, write, answer };
}

/** One chunk of a `Transfer-Encoding: chunked` body. */
export const chunk = (data: Buffer) => Buffer.concat([Buffer.from(`${data.length.toString(16)}\r\n`), data, Buffer.from('\r\n')]);

/** The status line of an answer ('' when the connection was cut without one). */
export const statusLine = (answer: string) => answer.split('\r\n')[0]!;
