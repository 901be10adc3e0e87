// The signed-in person's workspace as every page sees it: the project id the chat and imports use,
// the file list, and the one refresh that follows anything that changes them (spec sections 4, 7).
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { useAuth } from './auth';
import { trpc } from './trpc';

export const DEFAULT_PROJECT = { name: 'My Bots', description: 'Default project for AI-created bots' } as const;
/** What the spec falls back to when the project lookup fails; the server maps it to the default project. */
export const FALLBACK_PROJECT_ID = 'default';

export function useProjects() {
  const { isSignedIn } = useAuth();
  return trpc.projects.list.useQuery(undefined, { enabled: isSignedIn });
}

/**
 * The first project's id; with no project yet, the default one is created (once: the query is
 * shared by every caller); any failure falls back to 'default'. Undefined while loading.
 */
export function useProjectId(): string | undefined {
  const { isSignedIn } = useAuth();
  const utils = trpc.useUtils();
  const projects = useProjects();
  const created = useQuery({
    queryKey: ['workspace', 'default-project'],
    enabled: isSignedIn && projects.data?.length === 0,
    staleTime: Infinity,
    queryFn: async () => {
      try {
        const project = await utils.client.projects.create.mutate(DEFAULT_PROJECT);
        void utils.projects.list.invalidate();
        return project.id;
      } catch (err) {
        console.error('Could not create the default project', err);
        return FALLBACK_PROJECT_ID;
      }
    },
  });
  if (projects.isError) {
    console.error('Could not load projects', projects.error);
    return FALLBACK_PROJECT_ID;
  }
  return projects.data?.[0]?.id ?? created.data;
}

/** Every file of the signed-in person, newest first; fetched only when signed in (spec section 6). */
export function useFiles() {
  const { isSignedIn } = useAuth();
  return trpc.files.list.useQuery(undefined, { enabled: isSignedIn });
}

export type WorkspaceFile = NonNullable<ReturnType<typeof useFiles>['data']>[number];

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

/** The builder URL that opens a file: /builder?file=ID (shareable, survives a reload). */
export function builderFileUrl(fileId: string): string {
  return `/builder?file=${encodeURIComponent(fileId)}`;
}

export function useOpenFile() {
  const navigate = useNavigate();
  return useCallback((fileId: string) => navigate(builderFileUrl(fileId)), [navigate]);
}
