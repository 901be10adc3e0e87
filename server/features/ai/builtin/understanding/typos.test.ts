// The typo-tolerant matcher: one slip in a keyword is forgiven, real words are left alone.

import { describe, expect, it } from 'vitest';
import { correctTypos, withinOneEdit } from './typos';

describe('withinOneEdit', () => {
  it.each([
    ['telegarm', 'telegram', true], ['discrod', 'discord', true], ['welcom', 'welcome', true], ['remnder', 'reminder', true],
    ['wether', 'weather', true], ['weather', 'weather', true], ['telgrm', 'telegram', false], ['abc', 'abcde', false],
    ['ab', 'ba', true], ['abcd', 'badc', false],
  ])('%s ~ %s: %s', (a, b, yes) => {
    expect(withinOneEdit(a, b)).toBe(yes);
    expect(withinOneEdit(b, a)).toBe(yes);
  });
});

describe('correctTypos', () => {
  it('corrects misspelt platform and behaviour words', () => {
    expect(correctTypos('a telegarm bot with a welcom message')).toBe('a telegram bot with a welcome message');
    expect(correctTypos('Discrod remnder and wether')).toBe('Discord reminder and weather');
  });

  it('leaves real words, short words, quotes and links alone', () => {
    for (const text of [
      'a bot for my leather shop', 'discard the old ones', 'a twister game', 'the remainder of the day', 'I don\'t know wether it works',
      'faces and pacts', 'a bot for the joker', 'pay the ransom', 'post \u00010\u0002 daily', 'https://telegarm.example/feed', 'a tlg bot',
    ]) {
      expect(correctTypos(text), text).toBe(text);
    }
  });
});
