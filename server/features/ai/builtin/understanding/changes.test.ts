// What a follow-up takes out or shortens.

import { describe, expect, it } from 'vitest';
import { removedIn, shorterIn } from './changes';

describe('removedIn', () => {
  it.each([
    ['remove the echo', ['echo']],
    ['stop echoing', ['echo']],
    ['no more welcome message', ['welcome']],
    ["i don't want the ai anymore", ['llm']],
    ['get rid of the jokes and the poll', ['jokes', 'polls']],
    ['remove the morning post', ['scheduled']],
    ['the bot should not echo', ['echo']],
    ['delete messages with bad words', []],
    ['stop spam', []],
    ['post without emojis', []],
  ])('%s', (text, removed) => {
    expect(removedIn(text)).toEqual(removed);
  });
});

describe('shorterIn', () => {
  it.each([
    ['make the welcome shorter', ['welcome']],
    ['the goodbye message is too wordy', ['goodbye']],
    ['shorten the rules and the start message', ['rules', 'start']],
    ['make the welcome friendlier', []],
  ])('%s', (text, shorter) => {
    expect(shorterIn(text)).toEqual(shorter);
  });
});
