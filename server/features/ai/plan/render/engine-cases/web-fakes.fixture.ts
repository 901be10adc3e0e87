// Test fixture: the web services of the engine cases (described at the top of cases.ts), answered by
// one HTTP server on loopback, and the rendered file's web addresses pointed at it (as a person would
// edit them), so the JavaScript and the Python cores read the same answers.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

const FEED = `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>Test</title>
<item><title>First</title><link>https://news.example/1</link></item>
<item><title><![CDATA[Second]]></title><link>https://news.example/2</link></item>
<item><title>Third</title><link>https://news.example/3</link></item>
</channel></rss>`;

/** A feed with one more item at each read: items n+1 down to 1 (https://news.example/gN). */
function growingFeed(read: number): string {
  const items = Array.from({ length: read + 1 }, (_, i) => read + 1 - i).map((n) => `<item><title>Item ${n}</title><link>https://news.example/g${n}</link></item>`);
  return `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>Growing</title>\n${items.join('\n')}\n</channel></rss>`;
}

export interface WebFakes {
  base: string;
  server: Server;
  /** CoinGecko's prices beyond bitcoin 64000.5 (a case's `prices` step sets them). */
  prices: Record<string, number>;
  /** How often /growing.xml was read in this case: its nth read holds items 1..n+1, newest first. */
  growingReads: number;
  close(): Promise<void>;
}

function body(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    req.on('data', (c: Buffer) => (text += c.toString()));
    req.on('end', () => resolve(text));
  });
}

export function startWebFakes(): Promise<WebFakes> {
  const web = { prices: {}, growingReads: 0 } as WebFakes;
  const json = (res: ServerResponse, data: unknown, status = 200) => res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(data));
  web.server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (req.method === 'POST' && url.pathname === '/prices') {
      web.prices = JSON.parse(await body(req)) as Record<string, number>;
      return json(res, { ok: true });
    }
    if (req.method === 'POST' && url.pathname === '/v1/chat/completions') {
      if (req.headers.authorization !== 'Bearer test-key') return json(res, { error: { message: 'bad key' } }, 401);
      const { messages } = JSON.parse(await body(req)) as { messages: Array<{ role: string; content: string }> };
      const content = `[${messages.find((m) => m.role === 'system')?.content}] ${messages.find((m) => m.role === 'user')?.content}`;
      return json(res, { choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }] });
    }
    if (url.pathname === '/geo') {
      const name = url.searchParams.get('name');
      return json(res, name === 'Nowhere' ? {} : { results: [{ name, country: 'Germany', latitude: 52.52, longitude: 13.41 }] });
    }
    if (url.pathname === '/forecast' && url.searchParams.get('latitude') === '52.52' && url.searchParams.get('current') === 'temperature_2m,weather_code,wind_speed_10m') {
      return json(res, { current: { temperature_2m: 14.2, weather_code: 2, wind_speed_10m: 11.5 } });
    }
    if (url.pathname === '/coins') {
      const currency = url.searchParams.get('vs_currencies') ?? '';
      const ids = (url.searchParams.get('ids') ?? '').split(',');
      const prices = { bitcoin: 64000.5, ...web.prices } as Record<string, number>;
      return json(res, Object.fromEntries(ids.filter((id) => id in prices).map((id) => [id, { [currency]: prices[id] }])));
    }
    if (url.pathname === '/rates/EUR') return json(res, { result: 'success', rates: { EUR: 1, USD: 1.08 } });
    if (url.pathname === '/feed.xml') return void res.writeHead(200, { 'Content-Type': 'application/rss+xml' }).end(FEED);
    if (url.pathname === '/growing.xml') return void res.writeHead(200, { 'Content-Type': 'application/rss+xml' }).end(growingFeed(++web.growingReads));
    res.writeHead(404).end('not found');
  });
  web.close = () => new Promise((resolve) => web.server.close(() => resolve()));
  return new Promise((resolve) =>
    web.server.listen(0, '127.0.0.1', () => {
      const address = web.server.address();
      web.base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
      resolve(web);
    }),
  );
}

/** The web services' addresses in a rendered file (either language), pointed at the fakes. */
export function pointAtFakes(code: string, web: Pick<WebFakes, 'base'>): string {
  return code
    .replace('https://geocoding-api.open-meteo.com/v1/search', `${web.base}/geo`)
    .replace('https://api.open-meteo.com/v1/forecast', `${web.base}/forecast`)
    .replace('https://api.coingecko.com/api/v3/simple/price', `${web.base}/coins`)
    .replace('https://open.er-api.com/v6/latest/', `${web.base}/rates/`)
    .replaceAll('http://web.test', web.base);
}
