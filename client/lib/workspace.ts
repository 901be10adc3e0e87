// The signed-in person's workspace as every page sees it: their bots (one project per bot), the
// current bot (in the address as ?bot=ID, or implied by ?file=ID, else the last one used), the
// file list, and the one refresh that follows anything that changes them.
import { useCallback, useEffect, useRef } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { useAuth } from './auth';
import { trpc } from './trpc';

/** The id the server reads as the person's oldest bot (their first one, made on first need). */
const FIRST_BOT = 'default';

/**
 * The bot a call acts on: the one given, else the person's first bot. A call may come before the
 * bots are loaded (or when they could not be), and then it still lands in a bot of theirs.
 */
export function botOrFirst(botId: string | null | undefined): string {
  return botId ?? FIRST_BOT;
}
/** The bot last opened in this browser: /builder and /runner without ?bot= open it again. */
export const LAST_BOT_KEY = 'botwright:last-bot';

export function readLastBot(): string | null {
  try {
    return localStorage.getItem(LAST_BOT_KEY);
  } catch {
    return null; // storage blocked: the first bot is opened instead
  }
}

export function rememberBot(id: string | null): void {
  try {
    if (id) localStorage.setItem(LAST_BOT_KEY, id);
    else localStorage.removeItem(LAST_BOT_KEY);
  } catch {
    /* storage blocked: nothing to remember with */
  }
}

export function useProjects() {
  const { isSignedIn } = useAuth();
  return trpc.projects.list.useQuery(undefined, { enabled: isSignedIn });
}

export type Bot = NonNullable<ReturnType<typeof useProjects>['data']>[number];

/** Every file of the signed-in person, newest first; fetched only when signed in. */
export function useFiles() {
  const { isSignedIn } = useAuth();
  return trpc.files.list.useQuery(undefined, { enabled: isSignedIn });
}

export type WorkspaceFile = NonNullable<ReturnType<typeof useFiles>['data']>[number];

/**
 * Which bot is current: the open file's bot (?file=ID), else ?bot=ID, else the one last used here,
 * else the oldest. Undefined while that cannot be known yet (the file or the bots still loading),
 * and when the person has no bot at all. A ?bot= is trusted while the bots load (the server answers
 * 404 for one that is not theirs); once they are in, an unknown one is ignored.
 */
export function resolveBotId(input: {
  fileId: string | null;
  files: ReadonlyArray<{ id: string; projectId: string }> | undefined;
  asked: string | null;
  bots: ReadonlyArray<{ id: string }> | undefined;
  last: string | null;
}): string | undefined {
  const { fileId, files, asked, bots, last } = input;
  if (fileId && !files) return undefined;
  const fileBot = fileId ? files?.find((f) => f.id === fileId)?.projectId : undefined;
  if (fileBot) return fileBot;
  const known = (id: string | null): id is string => !!id && (bots === undefined || bots.some((b) => b.id === id));
  if (known(asked)) return asked;
  if (!bots) return undefined;
  return last && bots.some((b) => b.id === last) ? last : bots[0]?.id;
}

/** The bot the builder and the runner show (see resolveBotId), its row, and every bot. */
export function useCurrentBot(): { botId: string | undefined; bot: Bot | undefined; bots: Bot[] | undefined; failed: boolean } {
  const [params] = useSearchParams();
  const projects = useProjects();
  const files = useFiles();
  const bots = projects.data;
  const botId = resolveBotId({
    fileId: params.get('file'),
    // A file that failed to load implies nothing: fall back as if it were not there.
    files: files.isError ? [] : files.data,
    asked: params.get('bot'),
    bots,
    last: readLastBot(),
  });
  const bot = bots?.find((b) => b.id === botId);

  useEffect(() => {
    if (bot) rememberBot(bot.id);
  }, [bot]);

  return { botId, bot, bots, failed: projects.isError };
}

/**
 * The bot the page's address names right now, read at the moment of an action (a chat message sent
 * in the instant after a switch, before the page has rendered it, goes to the bot now shown in the
 * address); undefined when the address alone cannot tell.
 */
export function botInAddress(cached: { files: ReadonlyArray<{ id: string; projectId: string }> | undefined; bots: ReadonlyArray<{ id: string }> | undefined }): string | undefined {
  const params = new URLSearchParams(window.location.search);
  return resolveBotId({ fileId: params.get('file'), files: cached.files, asked: params.get('bot'), bots: cached.bots, last: readLastBot() });
}

/** The current bot's id (see useCurrentBot); the person's first bot (botOrFirst) when the bots could not be loaded. */
export function useProjectId(): string | undefined {
  const { botId, failed } = useCurrentBot();
  if (failed) return botOrFirst(null);
  return botId;
}

/**
 * A key that changes when the person switches from one bot to another (not when the current bot
 * first becomes known, nor when a first bot is made): a panel keyed with it starts afresh per bot
 * without losing what was typed while the bots were loading.
 */
export function useBotSwitchKey(): number {
  const botId = useProjectId();
  const seen = useRef<{ botId: string | undefined; key: number }>({ botId: undefined, key: 0 });
  if (botId !== undefined && botId !== seen.current.botId) {
    if (seen.current.botId !== undefined) seen.current.key += 1;
    seen.current.botId = botId;
  }
  return seen.current.key;
}

/** The current bot's files, newest first. */
export function useBotFiles() {
  const files = useFiles();
  const { botId } = useCurrentBot();
  return { ...files, data: botId === undefined ? (files.data ? [] : undefined) : files.data?.filter((f) => f.projectId === botId) };
}

/** After a chat, an import, a save or a delete: messages, projects, files and credits reload. */
export function useWorkspaceRefresh() {
  const utils = trpc.useUtils();
  return useCallback(
    () =>
      Promise.all([
        utils.chat.messages.invalidate(),
        utils.projects.list.invalidate(),
        utils.files.invalidate(),
        utils.auth.me.invalidate(),
        utils.credits.invalidate(),
      ]),
    [utils],
  );
}

/** The builder URL that opens a file: /builder?file=ID (shareable, survives a reload; the file implies its bot). */
export function builderFileUrl(fileId: string): string {
  return `/builder?file=${encodeURIComponent(fileId)}`;
}

/** The builder URL of a bot: /builder?bot=ID. */
export function builderBotUrl(botId: string): string {
  return `/builder?bot=${encodeURIComponent(botId)}`;
}

export function useOpenFile() {
  const navigate = useNavigate();
  return useCallback((fileId: string) => navigate(builderFileUrl(fileId)), [navigate]);
}

/** Switches to a bot: the runner stays on the runner, every other page goes to the builder. */
export function useSelectBot() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return useCallback(
    (botId: string) => {
      rememberBot(botId);
      navigate(`${pathname === '/runner' ? '/runner' : '/builder'}?bot=${encodeURIComponent(botId)}`);
    },
    [navigate, pathname],
  );
}
