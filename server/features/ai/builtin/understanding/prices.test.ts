// Coins as CoinGecko ids and currencies as ISO codes.

import { describe, expect, it } from 'vitest';
import { coinsIn, currenciesIn } from './prices';

describe('coinsIn', () => {
  it.each([
    ['bitcoin and ethereum prices', ['bitcoin', 'ethereum']],
    ['BTC, ETH and SOL', ['bitcoin', 'ethereum', 'solana']],
    ['doge and xrp', ['dogecoin', 'ripple']],
    ['sol y sombra', []],
    ['connect the dots', []],
  ])('%s', (text, coins) => {
    expect(coinsIn(text)).toEqual(coins);
  });
});

describe('currenciesIn', () => {
  it.each([
    ['euro to dollar rate', ['EUR', 'USD']],
    ['exchange rates for pounds and yen', ['GBP', 'JPY']],
    ['canadian dollar to euro', ['CAD', 'EUR']],
    ['bitcoin in euros', ['EUR']],
    ['the dollar rate', ['USD']],
    ['everything costs 5 euros', []],
    ['I lost 5 pounds', []],
  ])('%s', (text, codes) => {
    expect(currenciesIn(text)).toEqual(codes);
  });
});
