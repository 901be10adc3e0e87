// Sentences, clauses and filler: what the answer can quote back as "not understood".

import { describe, expect, it } from 'vitest';
import { clausesOf, isFiller, sentencesOf, tidyClause } from './clauses';

describe('sentencesOf', () => {
  it('ends a sentence at ! ? ; and at a full stop before a capital or the end', () => {
    expect(sentencesOf('Hi! Make a bot. It echoes; it welcomes.')).toEqual(['Hi', ' Make a bot', ' It echoes', ' it welcomes']);
  });

  it('keeps "9 a.m. to 5" and "example.com" in one sentence', () => {
    expect(sentencesOf('open 9 a.m. to 5 p.m. on example.com')).toEqual(['open 9 a.m. to 5 p.m. on example.com']);
  });
});

describe('clausesOf', () => {
  it('splits where "and", "also", "plus" may start another behaviour', () => {
    expect(clausesOf('tells jokes and can book flights')).toEqual(['tells jokes', 'can book flights']);
    expect(clausesOf('posts every hour plus sings, and also dances')).toEqual(['posts every hour', 'sings', 'dances']);
  });
});

describe('isFiller and tidyClause', () => {
  it('treats politeness and "I want a bot" as filler', () => {
    for (const clause of ['please', 'Thanks!', 'I want', 'can you make me', 'Hi there', 'it should', 'I would like a bot']) expect(isFiller(clause), clause).toBe(true);
    for (const clause of ['can book flights', 'water my plants']) expect(isFiller(clause), clause).toBe(false);
  });

  it('drops a leading joining word and trailing punctuation', () => {
    expect(tidyClause(' and also order pizza!')).toBe('order pizza');
  });
});
