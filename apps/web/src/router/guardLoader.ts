import type { UserInfo } from '@lease/shared';
import { data, replace, type LoaderFunctionArgs, type Location, type RouteObject } from 'react-router';
import { isApiError } from '../api/errors.ts';
import { HOME_PATH } from '../auth/paths.ts';
import { decideGuard } from './guard.ts';
import { mergeMeta, type GuardMeta, type Interception } from './meta.ts';
import { matchMeta } from './routeMeta.ts';
import { nextTask } from '../lib/nextTask.ts';

export interface GuardLoaderDeps {
  routes: RouteObject[];
  hasSession: () => boolean;
  loadUser: () => Promise<UserInfo>;
  /** The committed location, or null while the first page is still loading. */
  currentLocation: () => Location | null;
  notify: (notice: { type: 'info' | 'error' | 'warning'; text: string }) => void;
  leave: (url: string) => void;
}

const needsUser = (meta: GuardMeta, hasToken: boolean) => hasToken && !meta.public && !meta.guestOnly && !meta.name.startsWith('dev');

/**
 * createGuardLoader builds the root loader, which runs on every navigation and is the only place
 * route meta is enforced: aliases, the session and access rule, param validation, then interceptions.
 */
export function createGuardLoader(deps: GuardLoaderDeps) {
  async function loadUserOrNull(): Promise<UserInfo | null> {
    try {
      return await deps.loadUser();
    } catch (err) {
      // The client already cleared the session; decideGuard then sends the visitor to /login.
      if (isApiError(err) && err.sessionEnded) return null;
      throw err;
    }
  }

  function stay(): never {
    const current = deps.currentLocation();
    throw replace(current ? `${current.pathname}${current.search}${current.hash}` : HOME_PATH);
  }

  async function applyInterception(outcome: Interception) {
    if (outcome.kind === 'cancel') {
      deps.notify(outcome.notice);
      stay();
    }
    if (outcome.kind === 'leave') deps.leave(outcome.url);
  }

  return async function guardLoader({ request, params }: LoaderFunctionArgs) {
    // The router calls this inside its navigation's task, the first one with the router's own set-up: the guard's
    // matching and the user's request start in the next, so a phone's first load is not one long task.
    await nextTask();
    const url = new URL(request.url);
    const { chain } = matchMeta(deps.routes, url.pathname);
    const leaf = chain.at(-1);
    if (!leaf) return null;
    if (leaf.redirect) throw replace(`${leaf.redirect(params)}${url.search}`);

    const meta = mergeMeta(chain);
    const hasToken = deps.hasSession();
    const user = needsUser(meta, hasToken) ? await loadUserOrNull() : null;
    const decision = decideGuard(meta, { hasToken }, user, url.pathname + url.search);
    if (!decision.allow) {
      if (decision.notice) deps.notify({ type: 'warning', text: decision.notice });
      throw replace(decision.redirect);
    }

    const failed = chain.find((m) => m.validate && !m.validate.check(params));
    if (failed?.validate) throw data({ message: failed.validate.message }, { status: 404 });

    if (leaf.intercept) await applyInterception(await leaf.intercept({ params, user }));
    leaf.prefetch?.(url).catch(() => {});
    return null;
  };
}
