import { authedProcedure, router, runnerProcedure } from '../../trpc';
import { botIdInput, deployInput, goLiveInput } from '../../../shared/bots.schema';
import { createProjectInput, duplicateProjectInput, projectIdInput, renameProjectInput } from '../../../shared/workspace.schema';
import { CONFIRMATION } from '../../procedure-meta';
import { projects } from './lifecycle';
import { bots } from './bots.service';
import { goLive } from './go-live';

/** A bot's making and naming (the API's `projects`). */
export const projectsRouter = router({
  list: authedProcedure
    .meta({ fastRead: true, doc: { summary: 'List your bots', answers: 'Your bots, each with its files (the `files` map of the original API).', list: true } })
    .query(({ ctx }) => projects.list(ctx)),
  create: authedProcedure
    .meta({
      doc: {
        summary: 'Create a bot',
        description: 'An empty or missing name names the bot after its first chat request. An account has at most QUOTA_USER_BOTS bots (409 past it).',
        answers: 'The new bot.',
        errors: [409],
      },
    })
    .input(createProjectInput)
    .mutation(({ ctx, input }) => projects.create(ctx, input)),
  rename: authedProcedure
    .meta({ doc: { summary: 'Rename a bot', answers: 'The renamed bot.' } })
    .input(renameProjectInput)
    .mutation(({ ctx, input }) => projects.rename(ctx, input)),
  duplicate: runnerProcedure
    .meta({
      doc: {
        summary: 'Duplicate a bot',
        description: 'Copies its files and environment variables; not its chat history or installed dependencies.',
        answers: 'The copy, what was copied, and a message.',
        errors: [409],
      },
    })
    .input(duplicateProjectInput)
    .mutation(({ ctx, input }) => projects.duplicate(ctx, input)),
  delete: runnerProcedure
    .meta({
      doc: {
        summary: 'Delete a bot',
        description: 'Stops its running files and removes its files, versions, saved test chats, environment variables, dependencies and chat history. This cannot be undone.',
        answers: 'A message, what was removed and how many runs were stopped.',
        errors: [409],
      },
    })
    .input(projectIdInput)
    .mutation(({ ctx, input }) => projects.delete(ctx, input)),
});

/** A bot's deployment and status. */
export const botsRouter = router({
  list: runnerProcedure.meta({ fastRead: true, doc: { summary: 'Your always-on bots', answers: 'Your bots with their status.' } }).query(({ ctx }) => bots.list(ctx)),
  deploy: authedProcedure
    .meta({
      doc: {
        summary: 'Deploy a bot',
        description:
          'Keeps the file running, and starts it again after a crash or a server restart. Refused (400) while a variable the file cannot start without has no saved value: "Set TELEGRAM_BOT_TOKEN first...".',
        answers: CONFIRMATION,
      },
    })
    .input(deployInput)
    .mutation(({ ctx, input }) => bots.deploy(ctx, input)),
  undeploy: authedProcedure.meta({ doc: { summary: 'Undeploy a bot', answers: CONFIRMATION } }).input(botIdInput).mutation(({ ctx, input }) => bots.undeploy(ctx, input)),
  restart: authedProcedure.meta({ doc: { summary: 'Restart a deployed bot', answers: CONFIRMATION } }).input(botIdInput).mutation(({ ctx, input }) => bots.restart(ctx, input)),
  /** What the file needs before it goes live: settings, packages, the assistant's checks, a reachable address. */
  goLive: runnerProcedure
    .meta({
      doc: {
        summary: "A bot file's go-live list",
        description:
          "What the file needs before it goes live: its required settings saved, its packages installed, the assistant's checks passed since its last change (Telegram bots), and for a bot that takes webhooks a PUBLIC_URL the platforms can reach.",
        answers: '`{items: [{key, ok, label, detail}]}`.',
      },
    })
    .input(goLiveInput)
    .query(({ ctx, input }) => goLive(ctx, input)),
});
