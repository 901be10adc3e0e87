// parse_mode parsing (MarkdownV2, Markdown, HTML) and the entities Telegram finds by itself: the
// entities of correct markup, Telegram's refusals of the common mistakes with its wording and byte
// offsets, and properties (escaped text always parses back to itself). Pure: no I/O.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatText, readParseMode } from './formatted-text';
import type { TgUser } from './telegram-types';
import { findTextEntities } from './text-entities';

const alice: TgUser = { id: 5, is_bot: false, first_name: 'Alice' };
const users = (id: number) => (id === 5 ? alice : undefined);
const parse = (text: string, mode?: 'MarkdownV2' | 'Markdown' | 'HTML') => formatText(text, mode, undefined, users);
const refusal = (text: string, mode: 'MarkdownV2' | 'Markdown' | 'HTML') => {
  try {
    parse(text, mode);
    return 'parsed';
  } catch (err) {
    return (err as { description: string }).description.replace("Bad Request: can't parse entities: ", '');
  }
};

describe('MarkdownV2', () => {
  it('bold, italic, underline, strikethrough, spoiler, nested as in the Bot API docs', () => {
    const parsed = parse('*bold _italic bold ~italic bold strikethrough ||italic bold strikethrough spoiler||~ __underline italic bold___ bold*', 'MarkdownV2');
    expect(parsed.text).toBe('bold italic bold italic bold strikethrough italic bold strikethrough spoiler underline italic bold bold');
    expect(parsed.entities.map((e) => [e.type, e.offset, e.length])).toEqual([
      ['bold', 0, 103],
      ['italic', 5, 93],
      ['strikethrough', 17, 59],
      ['spoiler', 43, 33],
      ['underline', 77, 21],
    ]);
  });

  it('links, mentions by id, code, pre with a language, block quotes', () => {
    expect(parse('[site](http://www.example.com/) [Alice](tg://user?id=5)', 'MarkdownV2').entities).toEqual([
      { type: 'text_link', offset: 0, length: 4, url: 'http://www.example.com/' },
      { type: 'text_mention', offset: 5, length: 5, user: alice },
    ]);
    expect(parse('`a \\` b`', 'MarkdownV2')).toMatchObject({ text: 'a ` b', entities: [{ type: 'code', offset: 0, length: 5 }] });
    expect(parse('```python\nprint(1)\n```', 'MarkdownV2')).toMatchObject({ text: 'print(1)', entities: [{ type: 'pre', offset: 0, length: 8, language: 'python' }] });
    expect(parse('>quoted\n>more\nafter', 'MarkdownV2')).toMatchObject({ text: 'quoted\nmore\nafter', entities: [{ type: 'blockquote', offset: 0, length: 11 }] });
  });

  it("refuses reserved characters and unclosed entities the way Telegram words it (byte offsets)", () => {
    expect(refusal('Hello!', 'MarkdownV2')).toBe("Character '!' is reserved and must be escaped with the preceding '\\'");
    expect(refusal('Price: 1.50', 'MarkdownV2')).toBe("Character '.' is reserved and must be escaped with the preceding '\\'");
    expect(refusal('a-b', 'MarkdownV2')).toBe("Character '-' is reserved and must be escaped with the preceding '\\'");
    expect(refusal('(note)', 'MarkdownV2')).toBe("Character '(' is reserved and must be escaped with the preceding '\\'");
    expect(refusal('*bold', 'MarkdownV2')).toBe("Can't find end of Bold entity at byte offset 0");
    expect(refusal('héllo _x', 'MarkdownV2')).toBe("Can't find end of Italic entity at byte offset 7");
    expect(refusal('```js\nx', 'MarkdownV2')).toBe("Can't find end of PreCode entity at byte offset 0");
    expect(refusal('[a](http://x.com', 'MarkdownV2')).toBe("Can't find end of a URL at byte offset 4");
    expect(refusal('Hello\\!', 'MarkdownV2')).toBe('parsed');
  });

  it('property: text with every reserved character escaped parses back to itself', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 80 }), (text) => {
        const escaped = text.replace(/[_*[\]()~`>#+\-=|{}.!\\]/g, '\\$&');
        expect(parse(escaped, 'MarkdownV2').text).toBe(text.trim());
      }),
    );
  });
});

describe('Markdown (legacy)', () => {
  it('entities, and the underscore-in-a-name mistake', () => {
    expect(parse('*b* _i_ `c` [l](example.com)', 'Markdown').entities).toEqual([
      { type: 'bold', offset: 0, length: 1 },
      { type: 'italic', offset: 2, length: 1 },
      { type: 'code', offset: 4, length: 1 },
      { type: 'text_link', offset: 6, length: 1, url: 'http://example.com/' },
    ]);
    expect(refusal('Hello my_friend', 'Markdown')).toBe("Can't find end of the entity starting at byte offset 8");
    expect(refusal('Hello my\\_friend', 'Markdown')).toBe('parsed');
  });

  it('property: escaped text parses back to itself', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 80 }), (text) => {
        expect(parse(text.replace(/[_*`[]/g, '\\$&'), 'Markdown').text).toBe(text.trim());
      }),
    );
  });
});

describe('HTML', () => {
  it('tags, links, entities of characters, pre with a code language', () => {
    const parsed = parse('<b>bold</b> <i>x</i> &lt;tag&gt; &amp; <a href="https://x.com">link</a> <tg-spoiler>s</tg-spoiler>', 'HTML');
    expect(parsed.text).toBe('bold x <tag> & link s');
    expect(parsed.entities).toEqual([
      { type: 'bold', offset: 0, length: 4 },
      { type: 'italic', offset: 5, length: 1 },
      { type: 'text_link', offset: 15, length: 4, url: 'https://x.com/' },
      { type: 'spoiler', offset: 20, length: 1 },
    ]);
    expect(parse('<pre><code class="language-python">x = 1</code></pre>', 'HTML').entities).toEqual([{ type: 'pre', offset: 0, length: 5, language: 'python' }]);
  });

  it('refuses unsupported, unclosed and unmatched tags in Telegram words', () => {
    expect(refusal('a < b', 'HTML')).toBe('Unsupported start tag "" at byte offset 2');
    expect(refusal('line<br>next', 'HTML')).toBe('Unsupported start tag "br" at byte offset 4');
    expect(refusal('<div>x</div>', 'HTML')).toBe('Unsupported start tag "div" at byte offset 0');
    expect(refusal('<b>bold', 'HTML')).toBe('Can\'t find end tag corresponding to start tag "b"');
    expect(refusal('<b>bold</i>', 'HTML')).toBe('Unmatched end tag at byte offset 7, expected "</b>", found "</i>"');
    expect(refusal('</b>', 'HTML')).toBe('Unexpected end tag at byte offset 0');
    expect(refusal('x <b', 'HTML')).toBe('Unclosed start tag at byte offset 2');
    expect(refusal('<span class="x">s</span>', 'HTML')).toBe('Tag "span" must have class "tg-spoiler" at byte offset 0');
  });

  it('property: text with & < > escaped parses back to itself', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 80 }), (text) => {
        const escaped = text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
        expect(parse(escaped, 'HTML').text).toBe(text.trim());
      }),
    );
  });
});

describe('plain text', () => {
  it('parse_mode names are read in any case; unknown ones refused', () => {
    expect(readParseMode('markdownv2')).toBe('MarkdownV2');
    expect(readParseMode('html')).toBe('HTML');
    expect(readParseMode('')).toBeUndefined();
    expect(() => readParseMode('Markdown2')).toThrow('unsupported parse_mode');
  });

  it('finds commands, mentions, hashtags, URLs and e-mail addresses, not inside each other', () => {
    const text = '/start@my_bot hi @alice_test #tag https://example.com/a). mail me a@b.com or example.org /help #123';
    expect(findTextEntities(text).map((e) => [e.type, text.slice(e.offset, e.offset + e.length)])).toEqual([
      ['bot_command', '/start@my_bot'],
      ['mention', '@alice_test'],
      ['hashtag', '#tag'],
      ['url', 'https://example.com/a'],
      ['email', 'a@b.com'],
      ['url', 'example.org'],
      ['bot_command', '/help'],
    ]);
  });

  it('counts offsets in UTF-16 units (emoji take two)', () => {
    expect(findTextEntities('😀 /go')).toEqual([{ type: 'bot_command', offset: 3, length: 3 }]);
    expect(parse('😀 *b*', 'MarkdownV2').entities).toEqual([{ type: 'bold', offset: 3, length: 1 }]);
  });

  it('trims surrounding whitespace, moving entities with the text', () => {
    expect(parse('  padded *x*  ', 'MarkdownV2')).toMatchObject({ text: 'padded x', entities: [{ type: 'bold', offset: 7, length: 1 }] });
  });
});
