// FAQ answers in the business's own words, keyed by the main word of the question.

import { describe, expect, it } from 'vitest';
import { quoteFreeTexts } from './free-texts';
import { faqRepliesIn, keywordOfQuestion } from './faq';
import { wordingOf } from './wording';

describe('keywordOfQuestion', () => {
  it.each([
    ['What time do you open?', 'open'],
    ['Do you deliver?', 'deliver'],
    ['Do you have vegan options?', 'vegan'],
    ['How much does delivery cost?', 'delivery'],
    ['Do you sell gluten-free bread?', 'gluten-free'],
    ['hours', 'hours'],
    ['opening hours', 'opening hours'],
    ['hello', 'hello'],
  ])('%s -> %s', (question, keyword) => {
    expect(keywordOfQuestion(question)).toBe(keyword);
  });
});

function faq(message: string) {
  const w = quoteFreeTexts(wordingOf(message));
  return faqRepliesIn(w.masked, w.quotes);
}

describe('faqRepliesIn', () => {
  it('reads Q:/A: pairs, "tell them" and "the bot should answer"', () => {
    expect(faq('Q: What time do you open? A: 9am. Q: Do you deliver? A: Yes, within 5 km')).toEqual([
      { keyword: 'open', reply: '9am' },
      { keyword: 'deliver', reply: 'Yes, within 5 km' },
    ]);
    expect(faq("when people ask about parking tell them 'Behind the shop'")).toEqual([{ keyword: 'parking', reply: 'Behind the shop' }]);
    expect(faq("when people say 'good morning' the bot should answer 'Morning!'")).toEqual([{ keyword: 'good morning', reply: 'Morning!' }]);
  });

  it('does not read a condition or the newcomers as a keyword', () => {
    expect(faq("reply 'We are closed' when we're closed")).toEqual([]);
    expect(faq("say 'Hi!' to new customers")).toEqual([]);
  });
});
