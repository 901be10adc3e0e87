import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  decodeEntities,
  formatMessage,
  linkify,
  parseEntities,
  parseHtml,
  parseMarkdown,
  parseMarkdownV2,
  safeHref,
  textOf,
  type FormatNode,
} from './telegram-format';

const t = (text: string): FormatNode => ({ type: 'text', text });

function links(nodes: FormatNode[]): string[] {
  const out: string[] = [];
  for (const node of nodes) {
    if (node.type === 'link') out.push(node.href);
    if ('children' in node) out.push(...links(node.children));
  }
  return out;
}

describe('safeHref', () => {
  it('keeps http, https and tg links', () => {
    expect(safeHref('https://example.com/a?b=1')).toBe('https://example.com/a?b=1');
    expect(safeHref(' http://example.com ')).toBe('http://example.com/');
    expect(safeHref('tg://user?id=42')).toBe('tg://user?id=42');
  });

  it('refuses script, data and relative links, however they are disguised', () => {
    for (const bad of ['javascript:alert(1)', 'JaVaScRiPt:alert(1)', 'java\tscript:alert(1)', ' javascript:alert(1)', 'data:text/html,<b>', 'vbscript:x', '/relative', '//evil.example', 'file:///etc/passwd', '']) {
      expect(safeHref(bad), bad).toBeNull();
    }
  });
});

describe('decodeEntities', () => {
  it("decodes Telegram's named and numeric entities and leaves others", () => {
    expect(decodeEntities('&lt;b&gt; &amp; &quot;q&quot; &#65;&#x42; &nbsp; &#0; &#xD800;')).toBe('<b> & "q" AB &nbsp; &#0; &#xD800;');
  });
});

describe('parseHtml', () => {
  it('reads the supported tags and their synonyms', () => {
    expect(parseHtml('<b>b</b><strong>s</strong><i>i</i><em>e</em><u>u</u><ins>n</ins><s>s</s><strike>k</strike><del>d</del>')).toEqual([
      { type: 'bold', children: [t('b')] },
      { type: 'bold', children: [t('s')] },
      { type: 'italic', children: [t('i')] },
      { type: 'italic', children: [t('e')] },
      { type: 'underline', children: [t('u')] },
      { type: 'underline', children: [t('n')] },
      { type: 'strike', children: [t('s')] },
      { type: 'strike', children: [t('k')] },
      { type: 'strike', children: [t('d')] },
    ]);
  });

  it('nests, decodes entities and keeps newlines', () => {
    expect(parseHtml('<b>Hi <i>there</i></b>\n&lt;3 &amp; more')).toEqual([
      { type: 'bold', children: [t('Hi '), { type: 'italic', children: [t('there')] }] },
      t('\n<3 & more'),
    ]);
  });

  it('reads code, pre with a language, spoilers and quotes', () => {
    expect(parseHtml('<code>x<y</code>')).toEqual([{ type: 'code', text: 'x<y' }]);
    expect(parseHtml('<pre><code class="language-python">print("&lt;hi&gt;")</code></pre>')).toEqual([
      { type: 'pre', text: 'print("<hi>")', language: 'python' },
    ]);
    expect(parseHtml('<tg-spoiler>a</tg-spoiler><span class="tg-spoiler">b</span>')).toEqual([
      { type: 'spoiler', children: [t('a')] },
      { type: 'spoiler', children: [t('b')] },
    ]);
    expect(parseHtml('<blockquote expandable>q</blockquote>')).toEqual([{ type: 'blockquote', children: [t('q')], expandable: true }]);
  });

  it('keeps tags inside code as text', () => {
    expect(parseHtml('<code><b>not bold</b></code>')).toEqual([{ type: 'code', text: '<b>not bold</b>' }]);
  });

  it('links only to safe targets', () => {
    expect(parseHtml('<a href="https://example.com">site</a>')).toEqual([
      { type: 'link', href: 'https://example.com/', children: [t('site')] },
    ]);
    expect(parseHtml("<a href='javascript:alert(1)'>click</a>")).toEqual([t('click')]);
    expect(parseHtml('<a href="java&#x09;script:alert(1)">click</a>')).toEqual([t('click')]);
    expect(parseHtml('<a>no target</a>')).toEqual([t('no target')]);
  });

  it('shows unknown tags, such as <script>, as the text they are', () => {
    expect(parseHtml('<script>alert(1)</script>')).toEqual([t('<script>alert(1)</script>')]);
    expect(parseHtml('<img src=x onerror=alert(1)>')).toEqual([t('<img src=x onerror=alert(1)>')]);
    expect(parseHtml('<span>plain span</span>')).toEqual([t('<span>plain span</span>')]);
    expect(parseHtml('<b onclick="x()">b</b>')).toEqual([{ type: 'bold', children: [t('b')] }]);
  });

  it('shows unclosed and stray tags as text, keeping what they held', () => {
    expect(parseHtml('<b>never closed <i>in</i>')).toEqual([t('<b>never closed '), { type: 'italic', children: [t('in')] }]);
    expect(parseHtml('stray</b> end')).toEqual([t('stray</b> end')]);
    expect(parseHtml('<b><i>crossed</b></i>')).toEqual([t('<b>'), { type: 'italic', children: [t('crossed</b>')] }]);
    expect(parseHtml('1 < 2 and 3 > 2')).toEqual([t('1 < 2 and 3 > 2')]);
  });
});

describe('parseMarkdown (legacy)', () => {
  it('reads bold, italic, code, pre and links', () => {
    expect(parseMarkdown('*bold* _it_ `code` [site](https://example.com)')).toEqual([
      { type: 'bold', children: [t('bold')] },
      t(' '),
      { type: 'italic', children: [t('it')] },
      t(' '),
      { type: 'code', text: 'code' },
      t(' '),
      { type: 'link', href: 'https://example.com/', children: [t('site')] },
    ]);
    expect(parseMarkdown('```python\nprint(1)\n```')).toEqual([{ type: 'pre', text: 'print(1)\n', language: 'python' }]);
  });

  it('keeps escaped and unmatched markers as text', () => {
    expect(parseMarkdown('2 \\* 3 and *half')).toEqual([t('2 * 3 and *half')]);
    expect(parseMarkdown('`open')).toEqual([t('`open')]);
  });

  it('does not link to unsafe targets', () => {
    expect(parseMarkdown('[x](javascript:alert(1))')).toEqual([t('x)')]);
    expect(links(parseMarkdown('[x](javascript:alert`1`)'))).toEqual([]);
  });
});

describe('parseMarkdownV2', () => {
  it('reads nested styles, underline, strike and spoilers', () => {
    expect(parseMarkdownV2('*bold _italic_* __under__ ~gone~ ||secret||')).toEqual([
      { type: 'bold', children: [t('bold '), { type: 'italic', children: [t('italic')] }] },
      t(' '),
      { type: 'underline', children: [t('under')] },
      t(' '),
      { type: 'strike', children: [t('gone')] },
      t(' '),
      { type: 'spoiler', children: [t('secret')] },
    ]);
  });

  it('honours backslash escapes', () => {
    expect(parseMarkdownV2('1\\. Price \\*not bold\\* \\_ \\\\')).toEqual([t('1. Price *not bold* _ \\')]);
    expect(parseMarkdownV2('`a\\`b`')).toEqual([{ type: 'code', text: 'a`b' }]);
  });

  it('reads links with formatted labels and escaped targets', () => {
    expect(parseMarkdownV2('[*go*](https://example.com/a\\)b)')).toEqual([
      { type: 'link', href: 'https://example.com/a)b', children: [{ type: 'bold', children: [t('go')] }] },
    ]);
    expect(parseMarkdownV2('[x](javascript:alert(1\\))')).toEqual([t('x')]);
    expect(parseMarkdownV2('[not a link] here')).toEqual([t('[not a link] here')]);
  });

  it('reads pre blocks with a language and quotes', () => {
    expect(parseMarkdownV2('```js\nlet a = 1\n```')).toEqual([{ type: 'pre', text: 'let a = 1\n', language: 'js' }]);
    expect(parseMarkdownV2('>one\n>*two*\nafter')).toEqual([
      { type: 'blockquote', children: [t('one\n'), { type: 'bold', children: [t('two')] }] },
      t('\nafter'),
    ]);
  });

  it('shows unclosed markers as text', () => {
    expect(parseMarkdownV2('*open _and_')).toEqual([t('*open '), { type: 'italic', children: [t('and')] }]);
    expect(parseMarkdownV2('||never')).toEqual([t('||never')]);
  });

  it('stays fast on hostile runs of markers and brackets', () => {
    const started = Date.now();
    for (const hostile of ['['.repeat(4000), '*_'.repeat(2000), '[*'.repeat(2000), '||~'.repeat(1300), '>'.repeat(4000)]) {
      expect(textOf(parseMarkdownV2(hostile)).length).toBeGreaterThan(0);
    }
    expect(Date.now() - started).toBeLessThan(2000);
  });
});

describe('parseEntities', () => {
  it('builds nested formatting from offsets', () => {
    const text = 'Hello bold world /help';
    expect(
      parseEntities(text, [
        { type: 'bold', offset: 6, length: 10 },
        { type: 'italic', offset: 11, length: 5 },
        { type: 'bot_command', offset: 17, length: 5 },
      ]),
    ).toEqual([
      t('Hello '),
      { type: 'bold', children: [t('bold '), { type: 'italic', children: [t('world')] }] },
      t(' '),
      { type: 'command', command: '/help' },
    ]);
  });

  it('uses UTF-16 offsets and ignores bad or unsafe entities', () => {
    const text = '😀 hi there';
    expect(parseEntities(text, [{ type: 'bold', offset: 3, length: 2 }])).toEqual([t('😀 '), { type: 'bold', children: [t('hi')] }, t(' there')]);
    expect(parseEntities('abc', [{ type: 'bold', offset: 2, length: 9 }, { type: 'bold', offset: 'x' }])).toEqual([t('abc')]);
    expect(parseEntities('click', [{ type: 'text_link', offset: 0, length: 5, url: 'javascript:alert(1)' }])).toEqual([t('click')]);
    expect(parseEntities('example.com', [{ type: 'url', offset: 0, length: 11 }])).toEqual([
      { type: 'link', href: 'https://example.com/', children: [t('example.com')] },
    ]);
  });
});

describe('linkify and formatMessage', () => {
  it('finds links and commands in plain text', () => {
    expect(linkify([t('Try /start or /help@my_bot, see https://example.com/x.')])).toEqual([
      t('Try '),
      { type: 'command', command: '/start' },
      t(' or '),
      { type: 'command', command: '/help@my_bot' },
      t(', see '),
      { type: 'link', href: 'https://example.com/x', children: [t('https://example.com/x')] },
      t('.'),
    ]);
    expect(linkify([t('a/b and 1/2')])).toEqual([t('a/b and 1/2')]);
  });

  it('prefers entities over the parse mode', () => {
    expect(formatMessage('<b>x</b>', { parseMode: 'HTML', entities: [{ type: 'italic', offset: 0, length: 3 }] })).toEqual([
      { type: 'italic', children: [t('<b>')] },
      t('x</b>'),
    ]);
  });

  it('reads text that comes with entities (even none) as plain', () => {
    expect(formatMessage('<b>not bold</b> *nor this*', { parseMode: 'HTML', entities: [] })).toEqual([t('<b>not bold</b> *nor this*')]);
    expect(formatMessage('*bold*', { parseMode: 'MarkdownV2' })).toEqual([{ type: 'bold', children: [t('bold')] }]);
  });

  it('drops the newline after a quote or code block', () => {
    expect(formatMessage('<blockquote>q</blockquote>\nnext', { parseMode: 'HTML' })).toEqual([
      { type: 'blockquote', children: [t('q')] },
      t('next'),
    ]);
  });

  it('never loses or invents text for plain messages, and links only to safe targets', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (source) => {
        expect(textOf(formatMessage(source))).toBe(source);
      }),
    );
    const markup = fc.array(fc.constantFrom('<a href="', 'javascript:', 'https://x.io', '">', '</a>', '[', '](', ')', '*', '_', '<b>', '</b>', '&amp;', 'x', ' ', '\\', '`'), {
      maxLength: 40,
    });
    fc.assert(
      fc.property(markup, fc.constantFrom('HTML', 'Markdown', 'MarkdownV2') as fc.Arbitrary<'HTML' | 'Markdown' | 'MarkdownV2'>, (parts, parseMode) => {
        for (const href of links(formatMessage(parts.join(''), { parseMode }))) expect(href).toMatch(/^(https?|tg):/);
      }),
    );
  });
});
