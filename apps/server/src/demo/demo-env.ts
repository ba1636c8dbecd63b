/**
 * demoEnv is the environment `npm start` runs the demo with: dev tools (the SMS outbox on /system/dev, which
 * answers only the demo store's admin) default to on there, and console requests are logged only when they fail
 * (LOG_REQUESTS=failed), so the banner with the demo passwords stays in view. Explicit values win; DEMO_STORE=0 or
 * NODE_ENV=production leaves everything as configured; anything that starts src/main.ts directly gets dev tools
 * only with DEV_TOOLS=1.
 */
export function demoEnv(env: Record<string, string | undefined>): Record<string, string | undefined> {
  const demoStore = env.DEMO_STORE !== '0' && env.DEMO_STORE !== 'false';
  if (!demoStore || env.NODE_ENV === 'production') return env;
  return { ...env, DEV_TOOLS: env.DEV_TOOLS ?? '1', LOG_REQUESTS: env.LOG_REQUESTS ?? 'failed' };
}
