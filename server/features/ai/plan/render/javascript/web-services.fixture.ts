// Test fixture: the web services a rendered bot calls (Open-Meteo, CoinGecko, open.er-api.com, a
// news feed, an OpenAI-compatible model), answered by one real HTTP server on loopback. While a
// test runs, fetch sends every non-loopback address here (same path and query), so nothing reaches
// the internet and the bot's own parsing of the answers is exercised.
import { createServer, type IncomingMessage } from 'node:http';

export interface WebServices {
  baseUrl: string;
  /** CoinGecko's answer for bitcoin in usd; null answers HTTP 500. */
  bitcoinUsd: number | null;
  /** Every request, as 'METHOD path?query'. */
  requests: string[];
  /** The model's requests' messages. */
  modelRequests: Array<Array<{ role: string; content: string }>>;
  close(): Promise<void>;
}

const FEED = `<?xml version="1.0"?><rss><channel><title>Bakery news</title>
<item><title>Fresh rye &amp; spelt</title><link>https://example.com/1</link></item>
<item><title><![CDATA[Open on Sunday]]></title><link>https://example.com/2</link></item>
<item><title>Third</title><link>https://example.com/3</link></item>
<item><title>Fourth</title><link>https://example.com/4</link></item>
</channel></rss>`;

async function body(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startWebServices(): Promise<WebServices> {
  const services: WebServices = { baseUrl: '', bitcoinUsd: 64123.456, requests: [], modelRequests: [], close: async () => {} };
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://loopback');
    services.requests.push(`${req.method} ${url.pathname}${url.search}`);
    const json = (status: number, value: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
    if (url.pathname === '/v1/search') {
      const name = url.searchParams.get('name');
      return json(200, name === 'Nowhere' ? {} : { results: [{ name, country: 'Germany', latitude: 52.52, longitude: 13.41 }] });
    }
    if (url.pathname === '/v1/forecast') {
      return json(200, { current: { temperature_2m: 12.5, weather_code: 2, wind_speed_10m: 8 }, current_units: { temperature_2m: '°C', wind_speed_10m: 'km/h' } });
    }
    if (url.pathname === '/api/v3/simple/price') {
      if (services.bitcoinUsd === null) return json(500, { error: 'down' });
      return json(200, url.searchParams.get('ids') === 'bitcoin' ? { bitcoin: { [url.searchParams.get('vs_currencies')!]: services.bitcoinUsd } } : {});
    }
    if (url.pathname.startsWith('/v6/latest/')) return json(200, { result: 'success', rates: { USD: 1.1, EUR: 1 } });
    if (url.pathname === '/feed.xml') return res.writeHead(200, { 'content-type': 'application/rss+xml' }).end(FEED);
    if (url.pathname === '/v1/chat/completions') {
      const request = JSON.parse(await body(req)) as { messages: Array<{ role: string; content: string }> };
      services.modelRequests.push(request.messages);
      return json(200, { choices: [{ index: 0, message: { role: 'assistant', content: `Model: ${request.messages.at(-1)!.content}` } }] });
    }
    json(404, { error: 'not found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  services.baseUrl = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  services.close = () => new Promise((resolve) => server.close(() => resolve()));
  return services;
}

/** Sends fetch's non-loopback addresses to `baseUrl` (same path and query); returns the undo. */
export function fetchToLoopback(baseUrl: string): () => void {
  const original = globalThis.fetch;
  globalThis.fetch = (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    const local = url.hostname === '127.0.0.1' || url.hostname === 'localhost';
    return original(local ? url : new URL(url.pathname + url.search, baseUrl), init);
  };
  return () => {
    globalThis.fetch = original;
  };
}
