import type { AgentIdentity } from './mdm/android/agent-auth.ts';
import type { MdmEngine } from './mdm/apple/mdm-engine.ts';
import type { OpenApiCaller } from './modules/open-api/open-api.guard.ts';
import type { LeaseModule } from './modules/lease/lease.module.ts';
import type { ReportModule } from './modules/report/report.module.ts';
import type { AuthContext, AuthRule, OperatorContext, RouteSummary } from './http/authz.ts';
import type { Metrics } from './http/metrics.ts';
import type { Module } from '@lease/shared';

/**
 * Every Fastify augmentation of the server, in one place: what app.ts decorates the instance with (read by
 * main.ts, the bench and the test kits), the route config keys and the per-request fields hooks set.
 */
declare module 'fastify' {
  interface FastifyInstance {
    /** The Apple engine (the bench queues commands through it). */
    mdm: MdmEngine;
    /** The report module: main.ts seeds the demo reports with it, the bench reads its overview. */
    reports: ReportModule;
    /** Lease plans: main.ts seeds the demo store's plans with it. */
    lease: LeaseModule;
    /** main.ts serves these on METRICS_PORT. */
    metrics: Metrics;
    /** routeTable lists every registered route with its declared rule, for the backstop test (http/authz.ts). */
    routeTable: RouteSummary[];
  }

  interface FastifyContextConfig {
    /** Who may call the route (http/authz.ts). */
    auth?: AuthRule;
    /** The store module the route belongs to (http/authz.ts). */
    module?: Module;
    /** Set by openApiRoutes on each of its routes: they authenticate with the store's API key, not a session. */
    openApi?: true;
  }

  interface FastifyRequest {
    /** The signed-in clerk (http/authz.ts), or null. */
    auth: AuthContext | null;
    /** The signed-in operator (http/authz.ts), or null. */
    operator: OperatorContext | null;
    authzDecided: boolean;
    /** The store's ERP that signed an /open/v1 request (open-api.guard.ts), or null. */
    openApi: OpenApiCaller | null;
    /** The body exactly as received: the open-API signature covers these bytes, not a re-serialisation. */
    openApiRawBody: string | null;
    openApiPending: { storeId: string; apiKey: string; secret: string; timestamp: string; nonce: string; signature: string } | null;
    /** The raw body of the routes that verify a signature over it (Android agent, RCS callback). */
    rawBody?: Buffer;
    /** Android agent routes: set when the body was not JSON, answered 400 only after the signature was checked. */
    badJson?: boolean;
    /** The verified agent of a signed Android agent route (set in preValidation, before the body schema). */
    agentIdentity?: AgentIdentity;
  }
}
