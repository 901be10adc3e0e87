// Entry: settle the session left by a previous page or a Google sign-in return before anything
// renders, so the first render already knows whether someone is signed in, and render once the
// page's own modules are here.
import './mantine-styles';
import './app.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { startSession } from './lib/session';
import { preloadRoute } from './router';

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

// The first render waits for the modules of the page asked for (the server's Link header has them
// on the way already, so this is mostly their evaluation): one not there yet would show the loading
// fallback, and React holds a boundary's content back 300 ms more after its fallback showed. A
// slow network gets the fallback after a second all the same.
const FIRST_RENDER_WAIT_MS = 1000;
void Promise.race([preloadRoute(window.location), new Promise((resolve) => setTimeout(resolve, FIRST_RENDER_WAIT_MS))]).then(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App initialUser={startup.user} />
    </StrictMode>,
  );
});
