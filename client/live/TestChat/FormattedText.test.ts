import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { FormattedText } from './FormattedText';

const html = (text: string, entities?: Record<string, unknown>[]) => renderToStaticMarkup(createElement(FormattedText, { text, entities }));

describe('FormattedText', () => {
  it('renders formatting as elements', () => {
    const entities = [
      { type: 'bold', offset: 0, length: 4 },
      { type: 'italic', offset: 5, length: 2 },
      { type: 'code', offset: 8, length: 1 },
    ];
    expect(html('bold it x', entities)).toMatch(/<strong>bold<\/strong> <em>it<\/em> <code[^>]*>x<\/code>/);
  });

  it('renders hostile markup as inert text', () => {
    const out = html('<script>alert(1)</script><img src=x onerror=alert(1)><a href="javascript:alert(1)">x</a>');
    expect(out).not.toMatch(/<script|<img|href="javascript/i);
    expect(out).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('opens links in a new tab without access to the page', () => {
    const out = html('site', [{ type: 'text_link', offset: 0, length: 4, url: 'https://example.com' }]);
    expect(out).toContain('href="https://example.com/"');
    expect(out).toContain('target="_blank"');
    expect(out).toContain('rel="noopener noreferrer"');
    expect(html('x', [{ type: 'text_link', offset: 0, length: 1, url: 'javascript:alert(1)' }])).toBe('x');
  });

  it('hides spoilers until they are revealed', () => {
    const out = html('secret', [{ type: 'spoiler', offset: 0, length: 6 }]);
    expect(out).toContain('role="button"');
    expect(out).toMatch(/aria-hidden="true">secret/);
  });
});
