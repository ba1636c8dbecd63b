/**
 * demoEnv is the environment `npm start` runs the demo with: dev tools (the SMS outbox on /system/dev, which
 * answers only the demo store's admin) default to on there. An explicit DEV_TOOLS, DEMO_STORE=0 or
 * NODE_ENV=production leaves them as configured; anything that starts src/main.ts directly gets them only with DEV_TOOLS=1.
 */
export function demoEnv(env: Record<string, string | undefined>): Record<string, string | undefined> {
  const demoStore = env.DEMO_STORE !== '0' && env.DEMO_STORE !== 'false';
  if (env.DEV_TOOLS !== undefined || !demoStore || env.NODE_ENV === 'production') return env;
  return { ...env, DEV_TOOLS: '1' };
}
