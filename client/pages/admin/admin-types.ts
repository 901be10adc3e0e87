// Shapes of the admin answers, read from the server's router type.
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../server/router';

type AdminOutputs = inferRouterOutputs<AppRouter>['admin'];
export type Analytics = AdminOutputs['analytics'];
export type AdminUser = Analytics['usersByEmail'][number];
export type AdminPost = AdminOutputs['posts'][number];
export type AdminMessage = AdminOutputs['userMessages']['messages'][number];
export type AdminBot = AdminOutputs['bots']['bots'][number];
