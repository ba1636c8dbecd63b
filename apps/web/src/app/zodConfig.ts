// The server's CSP allows no eval (script-src 'self'): zod must not probe for it with new Function(). zod keeps its
// settings in one global object (so that two copies share them); setting `jitless` there, instead of calling
// z.config, keeps zod out of the entry (3 KB brotli on every page), and holds whenever zod loads.
const scope = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
scope.__zod_globalConfig ??= {};
scope.__zod_globalConfig.jitless = true;
