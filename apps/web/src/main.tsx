import './app/zodConfig.ts';
import './app/base.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { AppRoot } from './AppRoot.tsx';
import { installChunkReload } from './app/chunkReload.ts';
import { hasSession } from './auth/session.ts';
import { setSessionHint } from './auth/sessionHint.ts';
import { queryClient } from './app/queryClient.ts';
import { APP_ROUTES } from './routes.ts';
import { createAppRouter } from './appRouter.ts';
import { nextTask } from './lib/nextTask.ts';

installChunkReload();
// A session stored before the hint existed, or one another tab ended, sets the hint right for the next page load.
setSessionHint(hasSession());

// On a phone's CPU, evaluating the entry's modules, starting the router's first navigation and the first render
// ran as one task the page could not answer a tap in (~100 ms here, ~400 ms at Lighthouse's 4× slower CPU): each
// now starts in a task of its own. (Not a top-level await: with one, the bundler cut the entry into ~20 files.)
async function boot() {
  await nextTask();
  const router = createAppRouter(APP_ROUTES, queryClient);
  await nextTask();
  const root = createRoot(document.getElementById('root')!);
  startTransition(() =>
    root.render(
      <StrictMode>
        <AppRoot router={router} queryClient={queryClient} />
      </StrictMode>,
    ),
  );
}

void boot();
