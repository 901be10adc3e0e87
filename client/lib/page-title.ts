// The browser tab's title, set by each page: "Builder · Botwright", or the product's own line on
// the landing page. One hook, so every title follows the same pattern.
import { useEffect } from 'react';

export const HOME_TITLE = 'Botwright: build chat bots without code';

/** `page`: the page's name, or null for the landing page. */
export function pageTitle(page: string | null): string {
  return page === null ? HOME_TITLE : `${page} · Botwright`;
}

export function usePageTitle(page: string | null): void {
  useEffect(() => {
    document.title = pageTitle(page);
  }, [page]);
}
