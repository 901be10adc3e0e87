// The city of /weather, as people write it.

import { describe, expect, it } from 'vitest';
import { cityIn } from './weather';

describe('cityIn', () => {
  it.each([
    ['weather for Berlin', 'Berlin'],
    ['weather in New York every morning', 'New York'],
    ['the forecast for Rio de Janeiro', 'Rio de Janeiro'],
    ["what's the temperature in tokyo", 'Tokyo'],
    ['weather in new york and jokes', 'New York'],
    ['Paris weather at 7am', 'Paris'],
    ['a weather bot for São Paulo', 'São Paulo'],
    ['my city is Lyon', 'Lyon'],
  ])('%s -> %s', (text, city) => {
    expect(cityIn(text)).toBe(city);
  });

  it.each(['weather in my city', 'a Telegram weather bot', 'Daily weather please', 'weather every morning', 'the weather'])('%s names no city', (text) => {
    expect(cityIn(text)).toBeNull();
  });
});
