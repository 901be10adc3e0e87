import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DOC_RESULT_LIMIT, docEntries, docSuggestions, docUrl, resultCountLabel, scoreDoc, searchDocs, type DocEntry } from './docs-search';

const entry = (over: Partial<DocEntry> = {}): DocEntry => ({
  slug: 'x',
  title: 'Alpha Guide',
  description: 'Something about beta things',
  keywords: [],
  ...over,
});

describe('scoreDoc', () => {
  it('gives 10 when the title contains the query', () => {
    expect(scoreDoc(entry(), 'alpha')).toBe(10);
  });

  it('gives 5 when the description contains the query', () => {
    expect(scoreDoc(entry(), 'beta')).toBe(5);
  });

  it('gives 2 per keyword that partially matches a query word', () => {
    expect(scoreDoc(entry({ keywords: ['setup', 'settings', 'other'] }), 'set')).toBe(4);
  });

  it('gives 15 more per keyword equal to a query word', () => {
    expect(scoreDoc(entry({ keywords: ['api', 'apis'] }), 'api')).toBe(2 + 15 + 2);
  });

  it('matches keywords word by word for multi-word queries', () => {
    expect(scoreDoc(entry({ keywords: ['rest', 'token'] }), 'rest token')).toBe(2 * (2 + 15));
  });

  it('ignores case on both sides', () => {
    const e = entry({ keywords: ['API'] });
    expect(scoreDoc(e, 'ALPHA')).toBe(10);
    expect(scoreDoc(e, 'api')).toBe(17);
  });

  it('scores a blank query 0', () => {
    expect(scoreDoc(entry({ keywords: ['a'] }), '   ')).toBe(0);
  });
});

describe('searchDocs', () => {
  it('has the six built-in entries, then the test chat, deploying, /bots, webhooks and the bot plan', () => {
    expect(docEntries.map((e) => e.title)).toEqual([
      'Overview',
      'Our Mission',
      'Why AI Agents',
      'Getting Started',
      'Platform Features',
      'API Documentation',
      'Test Chat',
      'Deploying Bots',
      'Your Bots (/bots)',
      'Webhooks',
      'The Bot Plan',
    ]);
  });

  it.each([
    ['test chat', 'test-chat'],
    ['try my bot', 'test-chat'],
    ['deploy', 'deploying'],
    ['always on', 'deploying'],
    ['24/7', 'deploying'],
    ['/bots', 'bots-page'],
    ['uptime', 'bots-page'],
    ['webhook', 'webhooks'],
    ['webhook url', 'webhooks'],
    ['plan', 'bot-plan'],
    ['rules', 'bot-plan'],
  ])('finds %j first in its entry (%s)', (query, slug) => {
    expect(searchDocs(query)[0]?.entry.slug).toBe(slug);
  });

  it('has a section of the docs page for every entry', () => {
    const page = readFileSync(path.join(import.meta.dirname, '../client/public/docs.html'), 'utf8');
    for (const e of docEntries) {
      expect(page, e.slug).toContain(`<section id="${e.slug}">`);
      expect(page, e.slug).toContain(`<li><a href="#${e.slug}">${e.title}</a></li>`);
    }
  });

  it('puts the best match first', () => {
    expect(searchDocs('api')[0]?.entry.slug).toBe('api-documentation');
    expect(searchDocs('mission')[0]?.entry.slug).toBe('our-mission');
    expect(searchDocs('Getting Started')[0]?.entry.slug).toBe('getting-started');
  });

  it('finds nothing for gibberish', () => {
    expect(searchDocs('zzqxj')).toEqual([]);
  });

  it('caps the list at five', () => {
    const many = Array.from({ length: 9 }, (_, i) => entry({ slug: `e${i}`, title: `Bot ${i}` }));
    expect(searchDocs('bot', many)).toHaveLength(DOC_RESULT_LIMIT);
  });

  it('keeps index order for equal scores', () => {
    const list = [entry({ slug: 'a' }), entry({ slug: 'b' })];
    expect(searchDocs('alpha', list).map((m) => m.entry.slug)).toEqual(['a', 'b']);
  });

  it('offers suggestions that each find something', () => {
    for (const s of docSuggestions) expect(searchDocs(s).length).toBeGreaterThan(0);
  });

  it('links a result to its section of the static page', () => {
    expect(docUrl('overview')).toBe('/docs.html#overview');
  });

  it('labels the count line', () => {
    expect(resultCountLabel(1)).toBe('1 result');
    expect(resultCountLabel(3)).toBe('3 results');
  });
});

describe('searchDocs properties', () => {
  const word = fc.stringMatching(/^[a-zA-Z ]{0,12}$/);

  it('returns at most five positive scores in non-increasing order, whatever the query', () => {
    fc.assert(
      fc.property(fc.string(), (query) => {
        const results = searchDocs(query);
        expect(results.length).toBeLessThanOrEqual(DOC_RESULT_LIMIT);
        results.forEach((m, i) => {
          expect(m.score).toBeGreaterThan(0);
          expect(m.score).toBe(scoreDoc(m.entry, query));
          if (i > 0) expect(results[i - 1]!.score).toBeGreaterThanOrEqual(m.score);
        });
      }),
    );
  });

  it('does not depend on letter case', () => {
    fc.assert(
      fc.property(word, (query) => {
        const lower = searchDocs(query.toLowerCase()).map((m) => [m.entry.slug, m.score]);
        const upper = searchDocs(query.toUpperCase()).map((m) => [m.entry.slug, m.score]);
        expect(upper).toEqual(lower);
      }),
    );
  });

  it('always finds an entry by its own title', () => {
    fc.assert(
      fc.property(fc.constantFrom(...docEntries), (e) => {
        expect(searchDocs(e.title).map((m) => m.entry.slug)).toContain(e.slug);
      }),
    );
  });

  it('never leaves out an entry that outscores one it shows', () => {
    fc.assert(
      fc.property(word, (query) => {
        const shown = searchDocs(query);
        const lowest = shown.at(-1)?.score ?? Infinity;
        const hidden = docEntries.filter((e) => !shown.some((m) => m.entry === e));
        for (const e of hidden) expect(scoreDoc(e, query)).toBeLessThanOrEqual(shown.length === DOC_RESULT_LIMIT ? lowest : 0);
      }),
    );
  });
});
