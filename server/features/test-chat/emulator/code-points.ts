// A text as code points with the UTF-8 byte offset of each: Telegram's parse errors name byte
// offsets ("at byte offset 12"), while entities count UTF-16 units (the JS string length).

export class CodePoints {
  readonly chars: string[];
  private readonly bytes: number[];

  constructor(text: string) {
    this.chars = Array.from(text);
    this.bytes = new Array<number>(this.chars.length + 1);
    let offset = 0;
    this.chars.forEach((char, i) => {
      this.bytes[i] = offset;
      offset += Buffer.byteLength(char, 'utf8');
    });
    this.bytes[this.chars.length] = offset;
  }

  get length(): number {
    return this.chars.length;
  }

  /** The character at `i`, or '' past the end (tdlib's NUL terminator). */
  at(i: number): string {
    return this.chars[i] ?? '';
  }

  byteOffset(i: number): number {
    return this.bytes[Math.min(i, this.chars.length)]!;
  }

  slice(from: number, to: number): string {
    return this.chars.slice(from, to).join('');
  }
}
