// The client's lazily loaded modules each address renders (client/router.tsx loads them), named as
// Vite's manifest names them (paths under client/). The server reads the build's manifest and lists
// their files in the Link header of the page it sends (server/static-client.ts), so the browser
// fetches them beside the main entry instead of after it has loaded and run. '/' is all in the main
// entry; an address not listed here gets nothing extra.
const SIGNED_IN_FRAME = 'components/RequireAuth/index.ts';

export const PAGE_MODULES: Readonly<Record<string, readonly string[]>> = {
  '/login': ['routes/Login.page.tsx'],
  '/register': ['routes/Register.page.tsx'],
  '/dependencies': ['routes/Dependencies.page.tsx'],
  '/admin': ['routes/Admin.page.tsx'],
  '/builder': [SIGNED_IN_FRAME, 'routes/Builder.page.tsx'],
  '/runner': [SIGNED_IN_FRAME, 'routes/Runner.page.tsx'],
  '/bots': [SIGNED_IN_FRAME, 'routes/Bots.page.tsx'],
  '/publish': [SIGNED_IN_FRAME, 'routes/Publish.page.tsx'],
  '/profile': [SIGNED_IN_FRAME, 'routes/Profile.page.tsx'],
  '/usage': [SIGNED_IN_FRAME, 'routes/Usage.page.tsx'],
};
