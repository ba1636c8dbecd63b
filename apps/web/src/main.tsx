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

installChunkReload();
// A session stored before the hint existed, or one another tab ended, sets the hint right for the next page load.
setSessionHint(hasSession());

const router = createAppRouter(APP_ROUTES, queryClient);

const root = createRoot(document.getElementById('root')!);
startTransition(() =>
  root.render(
    <StrictMode>
      <AppRoot router={router} queryClient={queryClient} />
    </StrictMode>,
  ),
);
