// Prices: the coins (as CoinGecko ids) and currencies (ISO codes) a request names: "bitcoin and
// ethereum prices", "BTC in euros", "euro to dollar rate".

/** Names and tickers people use -> CoinGecko id. Tickers that are common words need capitals (SOL, ADA). */
const COINS: Array<[RegExp, string]> = [
  [/\bbitcoins?\b|\bbtc\b/i, 'bitcoin'],
  [/\bethereum\b|\beth\b|\bether\b/i, 'ethereum'],
  [/\bsolana\b|\bSOL\b/, 'solana'],
  [/\bdogecoin\b|\bdoge\b/i, 'dogecoin'],
  [/\bcardano\b|\bADA\b/, 'cardano'],
  [/\bripple\b|\bxrp\b/i, 'ripple'],
  [/\blitecoin\b|\bltc\b/i, 'litecoin'],
  [/\btether\b|\busdt\b/i, 'tether'],
  [/\busdc\b/i, 'usd-coin'],
  [/\bbnb\b|\bbinance coin\b/i, 'binancecoin'],
  [/\bpolkadot\b|\bDOT\b/, 'polkadot'],
  [/\btron\b|\btrx\b/i, 'tron'],
  [/\bshiba(?: inu)?\b|\bshib\b/i, 'shiba-inu'],
  [/\bavalanche\b|\bavax\b/i, 'avalanche-2'],
  [/\bmonero\b|\bxmr\b/i, 'monero'],
  [/\bchainlink\b/i, 'chainlink'],
  [/\bpolygon\b|\bmatic\b/i, 'matic-network'],
  [/\btoncoin\b|\bTON\b/, 'the-open-network'],
  [/\bpepe ?coin\b|\bPEPE\b/, 'pepe'],
  [/\bkaspa\b|\bKAS\b/, 'kaspa'],
  [/\bstellar\b|\bxlm\b/i, 'stellar'],
  [/\bbitcoin cash\b|\bbch\b/i, 'bitcoin-cash'],
  [/\bethereum classic\b|\bETC\b/, 'ethereum-classic'],
  [/\bcosmos\b|\bATOM\b/, 'cosmos'],
  [/\bnear protocol\b|\bNEAR\b/, 'near'],
  [/\bSUI\b/, 'sui'],
  [/\baptos\b|\bAPT\b/, 'aptos'],
  [/\barbitrum\b|\bARB\b/, 'arbitrum'],
  [/\bfilecoin\b|\bFIL\b/, 'filecoin'],
  [/\bhedera\b|\bhbar\b/i, 'hedera-hashgraph'],
  [/\balgorand\b|\bALGO\b/, 'algorand'],
  [/\binternet computer\b|\bICP\b/, 'internet-computer'],
  [/\buniswap\b|\bUNI\b/, 'uniswap'],
  [/\bzcash\b|\bzec\b/i, 'zcash'],
  [/\baave\b/i, 'aave'],
  [/\bvechain\b|\bVET\b/, 'vechain'],
];

/** Currency names -> ISO code; the longer names first so "canadian dollar" is not read as USD. */
const CURRENCIES: Array<[RegExp, string]> = [
  [/\bcanadian dollars?\b|\bcad\b/i, 'CAD'],
  [/\baustralian dollars?\b|\baud\b/i, 'AUD'],
  [/\bhong kong dollars?\b|\bhkd\b/i, 'HKD'],
  [/\bswiss francs?\b|\bfrancs?\b|\bchf\b/i, 'CHF'],
  [/\beuros?\b|\beur\b|€/i, 'EUR'],
  [/\b(?:us |american )?dollars?\b|\busd\b|\bbucks\b|\$/i, 'USD'],
  [/\b(?:british )?pounds?(?: sterling)?\b|\bgbp\b|£/i, 'GBP'],
  [/\b(?:japanese )?yen\b|\bjpy\b|¥/i, 'JPY'],
  [/\byuan\b|\brenminbi\b|\bcny\b|\brmb\b/i, 'CNY'],
  [/\brupees?\b|\binr\b|₹/i, 'INR'],
  [/\brubles?\b|\broubles?\b|\brub\b|₽/i, 'RUB'],
  [/\bkorean won\b|\bkrw\b/i, 'KRW'],
  [/\bbrazilian reals?\b|\bbrl\b/i, 'BRL'],
  [/\bmexican pesos?\b|\bpesos?\b|\bmxn\b/i, 'MXN'],
  [/\b(?:turkish )?lira\b|\bTRY\b/, 'TRY'],
  [/\bzloty\b|\bpln\b/i, 'PLN'],
  [/\bswedish krona\b|\bkronor\b|\bsek\b/i, 'SEK'],
  [/\bhryvnias?\b|\buah\b/i, 'UAH'],
];

function found(table: Array<[RegExp, string]>, text: string): string[] {
  const hits: Array<[number, string]> = [];
  let rest = text;
  for (const [re, id] of table) {
    const m = new RegExp(re.source, re.flags.includes('g') ? re.flags : `${re.flags}g`);
    for (const hit of rest.matchAll(m)) hits.push([hit.index!, id]);
    rest = rest.replace(m, (x) => ' '.repeat(x.length)); // "canadian dollar" is not also a dollar
  }
  return [...new Set(hits.sort((a, b) => a[0] - b[0]).map(([, id]) => id))];
}

/** CoinGecko ids, in the order the request names them. */
export function coinsIn(masked: string): string[] {
  return found(COINS, masked);
}

/**
 * ISO codes, in the order named, when the request asks for prices or rates: two currencies
 * ("euro to dollar"), or one next to a coin or a rate word ("bitcoin in euros", "the dollar rate").
 */
export function currenciesIn(masked: string): string[] {
  const codes = found(CURRENCIES, masked);
  if (codes.length >= 2) return codes;
  if (codes.length === 1 && (coinsIn(masked).length > 0 || /\b(?:rates?|exchange|conver(?:t|ts|sion|ter)|forex)\b/i.test(masked))) return codes;
  return [];
}

