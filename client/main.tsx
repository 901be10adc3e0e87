// Entry: settle the session left by a previous page or a Google sign-in return before anything
// renders, so the first render already knows whether someone is signed in.
import './mantine-styles';
import './app.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { startSession } from './lib/session';

// A page's code that will not load (a release replaced its files since this page was opened) comes
// back with one reload, which fetches the new index.html; a second failure within a minute is left
// to the page (it shows the error), rather than reloading in a loop.
window.addEventListener('vite:preloadError', (event) => {
  const KEY = 'botwright:reloaded-for-code';
  try {
    const last = Number(sessionStorage.getItem(KEY) ?? 0);
    if (Date.now() - last < 60_000) return;
    sessionStorage.setItem(KEY, String(Date.now()));
  } catch {
    return;
  }
  event.preventDefault();
  window.location.reload();
});

const startup = startSession();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App initialUser={startup.user} />
  </StrictMode>,
);
