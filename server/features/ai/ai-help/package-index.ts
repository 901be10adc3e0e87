// Installing dependencies failed because the server cannot reach the package index (pip: "No matching
// distribution found" after connection errors; npm: ENOTFOUND / ECONNREFUSED / ETIMEDOUT / EAI_AGAIN).
// That is the server operator's setting (RUNNER_PIP_INDEX_URL, RUNNER_PIP_FIND_LINKS, RUNNER_NPM_REGISTRY), not the bot's code.
import { lastMatch, type BotLog } from './bot-log';
import { quote, type Diagnosis } from './answer';

const PIP_GAVE_UP = /Could not find a version that satisfies the requirement (\S+)|No matching distribution found for (\S+)/;
const PIP_OFFLINE =
  /Failed to establish a new connection|Temporary failure in name resolution|Name or service not known|Network is unreachable|ProxyError|Connection refused|ConnectTimeoutError|Read timed out|NewConnectionError|Max retries exceeded/;
// The most telling reason in pip's retry line, for the answer to quote.
const PIP_REASONS = ['Temporary failure in name resolution', 'Name or service not known', 'Network is unreachable', 'ProxyError', 'Connection refused', 'Read timed out', 'ConnectTimeoutError', 'Failed to establish a new connection'];
const NPM_OFFLINE = /\b(ENOTFOUND|ECONNREFUSED|ETIMEDOUT|EAI_AGAIN|ECONNRESET|ENETUNREACH)\b/;
const NPM_LINE = /^npm (?:ERR!|error|warn)/;
const HOST = /(?:host='|https?:\/\/)([A-Za-z0-9.-]+(?::\d+)?)/;

const AGAIN = 'When the server can reach it, click Install Dependencies again, then Start.';

function pip(log: BotLog): Diagnosis | null {
  const gaveUp = lastMatch(log, PIP_GAVE_UP);
  if (!gaveUp) return null;
  const pkg = (gaveUp[1] ?? gaveUp[2])!;
  const offline = lastMatch(log, PIP_OFFLINE);
  if (!offline) return notInIndex(pkg);
  const host = HOST.exec(offline.input)?.[1];
  const reason = PIP_REASONS.find((r) => offline.input.includes(r)) ?? offline[0];
  return {
    problem: `Installing ${pkg} failed because this server cannot reach the Python package index${host ? ` (${host})` : ''}: ${quote(reason)}. This is not a problem in your bot's code: where pip looks for packages is the server operator's setting (RUNNER_PIP_INDEX_URL or RUNNER_PIP_FIND_LINKS).`,
    steps: [
      "If you run this Botwright server, let it reach https://pypi.org, or set RUNNER_PIP_INDEX_URL to a package index it can reach (or RUNNER_PIP_FIND_LINKS to a folder of wheel files) and restart it.",
      'If someone else runs it, send them this log line and ask them to check RUNNER_PIP_INDEX_URL.',
      AGAIN,
    ],
  };
}

/** pip reached where it looks for packages, and the package is not there. */
function notInIndex(pkg: string): Diagnosis {
  return {
    problem: `Installing ${pkg} failed: pip found no version of it where this server looks for Python packages. Either the name is not a package's, or the package source the server operator chose (RUNNER_PIP_INDEX_URL, or the folder of wheels RUNNER_PIP_FIND_LINKS) does not have it. This is not a problem in your bot's code.`,
    steps: [
      `Check the name ${quote(pkg)} under Dependencies: it must be the name you would pip install (python-telegram-bot, not telegram).`,
      "If the name is right and you run this Botwright server, set RUNNER_PIP_INDEX_URL to an index that has it (or put its wheel in the RUNNER_PIP_FIND_LINKS folder) and restart it; if someone else runs it, send them this log line.",
      AGAIN,
    ],
  };
}

function npm(log: BotLog): Diagnosis | null {
  const npmLines = log.lines.filter((l) => NPM_LINE.test(l.trim()));
  const code = npmLines.map((l) => NPM_OFFLINE.exec(l)).find(Boolean);
  if (!code) return null;
  const host = npmLines.map((l) => HOST.exec(l)?.[1]).find(Boolean);
  return {
    problem: `Installing the npm packages failed because this server cannot reach the npm registry${host ? ` (${host})` : ''}: npm reports ${code[1]}. This is not a problem in your bot's code: which registry npm uses is the server operator's setting (RUNNER_NPM_REGISTRY).`,
    steps: [
      "If you run this Botwright server, let it reach https://registry.npmjs.org, or set RUNNER_NPM_REGISTRY to a registry it can reach and restart it.",
      'If someone else runs it, send them this log line and ask them to check RUNNER_NPM_REGISTRY.',
      AGAIN,
    ],
  };
}

export function packageIndex(log: BotLog): Diagnosis | null {
  return pip(log) ?? npm(log);
}
