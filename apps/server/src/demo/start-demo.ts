import { demoEnv } from './demo-env.ts';

// `npm start`: the demo, with dev tools on unless told otherwise (see demoEnv), then the ordinary server.
Object.assign(process.env, demoEnv(process.env));
await import('../main.ts');
