// Entry: settle the session left by a previous page or a Google sign-in return before anything
// renders, so the first render already knows whether someone is signed in.
import './mantine-styles';
import './app.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { startSession } from './lib/session';

const startup = startSession();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App initialUser={startup.user} />
  </StrictMode>,
);
