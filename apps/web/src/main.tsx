import './app/base.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { z } from 'zod';
import { AppRoot } from './app/AppRoot.tsx';
import { installChunkReload } from './app/chunkReload.ts';
import { queryClient } from './app/queryClient.ts';
import { ROUTES } from './routes.tsx';
import { createAppRouter } from './router/createAppRouter.ts';

// The server's CSP allows no eval (script-src 'self'): zod must not probe for it with new Function().
z.config({ jitless: true });
installChunkReload();

const router = createAppRouter(ROUTES, queryClient);

const root = createRoot(document.getElementById('root')!);
startTransition(() =>
  root.render(
    <StrictMode>
      <AppRoot router={router} queryClient={queryClient} />
    </StrictMode>,
  ),
);
