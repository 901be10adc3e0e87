// The client's lazily loaded modules each address renders (client/router.tsx loads them), named as
// Vite's manifest names them (paths under client/). The server reads the build's manifest and lists
// their files in the Link header of the page it sends (server/static-client.ts), so the browser
// fetches them beside the main entry instead of after it has loaded and run. '/' is all in the main
// entry; an address not listed here gets nothing extra.
const SIGNED_IN_FRAME = 'components/RequireAuth/index.ts';

export const PAGE_MODULES: Readonly<Record<string, readonly string[]>> = {
  '/login': ['pages/auth/Login.page.tsx'],
  '/register': ['pages/auth/Register.page.tsx'],
  '/dependencies': ['pages/dependencies/Dependencies.page.tsx'],
  '/admin': ['pages/admin/Admin.page.tsx'],
  '/builder': [SIGNED_IN_FRAME, 'pages/builder/Builder.page.tsx'],
  '/runner': [SIGNED_IN_FRAME, 'pages/runner/Runner.page.tsx'],
  '/bots': [SIGNED_IN_FRAME, 'pages/bots/Bots.page.tsx'],
  '/publish': [SIGNED_IN_FRAME, 'pages/feed/Publish.page.tsx'],
  '/profile': [SIGNED_IN_FRAME, 'pages/profile/Profile.page.tsx'],
  '/usage': [SIGNED_IN_FRAME, 'pages/usage/Usage.page.tsx'],
};
