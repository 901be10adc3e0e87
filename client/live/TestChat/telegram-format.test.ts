import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatMessage, linkify, parseEntities, safeHref, textOf, type FormatNode } from './telegram-format';

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

  it('reads markup in the text as the plain text it is (the server applied the parse mode)', () => {
    expect(formatMessage('<b>not bold</b> *nor this*')).toEqual([t('<b>not bold</b> *nor this*')]);
    expect(formatMessage('<b>x</b>', [{ type: 'italic', offset: 0, length: 3 }])).toEqual([{ type: 'italic', children: [t('<b>')] }, t('x</b>')]);
  });

  it('drops the newline after a quote or code block', () => {
    expect(formatMessage('q\nnext', [{ type: 'blockquote', offset: 0, length: 1 }])).toEqual([{ type: 'blockquote', children: [t('q')] }, t('next')]);
  });

  it('never loses or invents text for plain messages, and links only to safe targets', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (source) => {
        expect(textOf(formatMessage(source))).toBe(source);
      }),
    );
    const entity = fc.record({
      type: fc.constantFrom('bold', 'text_link', 'url', 'code', 'spoiler', 'blockquote'),
      offset: fc.integer({ min: -2, max: 40 }),
      length: fc.integer({ min: -2, max: 40 }),
      url: fc.constantFrom('javascript:alert(1)', 'https://x.io', 'data:text/html,x', '//evil', 'tg://user?id=1'),
    });
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), fc.array(entity, { maxLength: 6 }), (source, entities) => {
        for (const href of links(formatMessage(source, entities))) expect(href).toMatch(/^(https?|tg):/);
      }),
    );
  });
});
