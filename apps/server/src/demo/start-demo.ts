/**
 * `npm start` runs the demo: there dev tools (the SMS outbox on /system/dev) default to on, still answering only
 * the demo store's admin. Anything else that starts src/main.ts (production, tests) gets them only with DEV_TOOLS=1.
 * An explicit DEV_TOOLS, DEMO_STORE=0 or NODE_ENV=production leaves them as configured.
 */
const env = process.env;
const demoStore = env.DEMO_STORE !== '0' && env.DEMO_STORE !== 'false';
if (env.DEV_TOOLS === undefined && demoStore && env.NODE_ENV !== 'production') env.DEV_TOOLS = '1';
await import('../main.ts');
export {};
