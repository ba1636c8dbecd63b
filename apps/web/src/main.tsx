import './app/base.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppRoot } from './app/AppRoot.tsx';
import { installChunkReload } from './app/chunkReload.ts';
import { queryClient } from './app/queryClient.ts';
import { ROUTES } from './routes.tsx';
import { createAppRouter } from './router/createAppRouter.ts';

installChunkReload();

const router = createAppRouter(ROUTES, queryClient);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppRoot router={router} queryClient={queryClient} />
  </StrictMode>,
);
