// What the rendered bots' web calls need to read answers in words: ticker symbols people type, and
// Open-Meteo's weather codes.

/** Common ticker symbols people type, to CoinGecko ids. */
export const COIN_ALIASES: Record<string, string> = {
  btc: 'bitcoin', eth: 'ethereum', sol: 'solana', doge: 'dogecoin', ada: 'cardano', xrp: 'ripple', ltc: 'litecoin',
  dot: 'polkadot', bnb: 'binancecoin', usdt: 'tether', usdc: 'usd-coin', trx: 'tron', avax: 'avalanche-2', link: 'chainlink',
};

/** Open-Meteo's WMO weather codes in words. */
export const WEATHER_CODES: Array<[number, string]> = [
  [0, 'clear sky'], [1, 'mainly clear'], [2, 'partly cloudy'], [3, 'overcast'], [45, 'fog'], [48, 'freezing fog'],
  [51, 'light drizzle'], [53, 'drizzle'], [55, 'heavy drizzle'], [56, 'light freezing drizzle'], [57, 'freezing drizzle'],
  [61, 'light rain'], [63, 'rain'], [65, 'heavy rain'], [66, 'light freezing rain'], [67, 'freezing rain'],
  [71, 'light snow'], [73, 'snow'], [75, 'heavy snow'], [77, 'snow grains'], [80, 'light showers'], [81, 'showers'],
  [82, 'violent showers'], [85, 'light snow showers'], [86, 'heavy snow showers'], [95, 'thunderstorm'],
  [96, 'thunderstorm with light hail'], [99, 'thunderstorm with heavy hail'],
];
