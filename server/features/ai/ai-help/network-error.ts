// The bot could not reach a server: name resolution failures (ENOTFOUND, "Name or service not
// known"), refused or reset connections, and timeouts, from httpx, requests, aiohttp and Node.
import { lastMatch, type BotLog } from './bot-log';
import { START_AGAIN, quote, type Diagnosis } from './answer';

const NETWORK =
  /ConnectError|ConnectTimeout|ReadTimeout|TimedOut|NetworkError|ClientConnectorError|ServerDisconnectedError|Max retries exceeded|Cannot connect to host|ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENETUNREACH|EHOSTUNREACH|socket hang up|Name or service not known|Temporary failure in name resolution|nodename nor servname|getaddrinfo failed|Connection refused|Connection reset|Network is unreachable|timed out|\bFetchError\b/i;
const LOCAL = /(?:localhost|127\.0\.0\.1|0\.0\.0\.0|\[::1\]|::1)(?::\d+)?/;
const NAME_LOOKUP = /ENOTFOUND|EAI_AGAIN|Name or service not known|Temporary failure in name resolution|nodename nor servname|getaddrinfo/i;

export function networkError(log: BotLog): Diagnosis | null {
  const hit = lastMatch(log, NETWORK);
  if (!hit) return null;
  const line = hit.input;
  if (LOCAL.test(line) && /refused|ECONNREFUSED|connect/i.test(line)) {
    return {
      problem: `Your bot tries to connect to a service on this machine (${LOCAL.exec(line)![0]}), but nothing listens there: the Runner runs only your bot, not a database or other server next to it.`,
      steps: [
        'Use a hosted service instead and put its address in an environment variable (for example DATABASE_URL), or remove the code that connects to localhost.',
        'Click Environment Variables to save the address, then click Save.',
        START_AGAIN,
      ],
    };
  }
  const host = /(?:host='?|getaddrinfo \w+ |to host |https?:\/\/)([A-Za-z0-9.-]+\.[A-Za-z]{2,})/.exec(line)?.[1];
  if (NAME_LOOKUP.test(line)) {
    return {
      problem: `Your bot could not find the server${host ? ` ${host}` : ''}: the name lookup failed (${hit[0]}).`,
      steps: [
        `Check the web address in your code${host ? ` (${host})` : ''} for typos.`,
        'If the address is right, this is usually a short network outage: wait a minute.',
        START_AGAIN,
      ],
    };
  }
  return {
    problem: `Your bot lost its connection to${host ? ` ${host}` : ' a server it uses'} or got no answer in time: ${quote(line)}.`,
    steps: [
      'This is usually temporary (the platform is slow or briefly unreachable): wait a minute.',
      START_AGAIN,
      'If it keeps happening, check the address the code connects to, and whether the service is up.',
    ],
    note: 'Most bot libraries retry on their own: if the bot keeps running after this line, it may have recovered already.',
  };
}
