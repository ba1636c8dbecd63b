import { sessionTokens } from '../auth/session.ts';
import { toast } from '../app/feedback.ts';
import { createApiClient } from './client.ts';

let unauthorizedHandler: () => void = () => {};

/** setUnauthorizedHandler lets the router decide where a dropped session goes, once it exists. */
export function setUnauthorizedHandler(handler: () => void) {
  unauthorizedHandler = handler;
}

/** api is the console's one request client. */
export const api = createApiClient({
  fetch: (input, init) => fetch(input, init),
  tokens: sessionTokens,
  toast,
  onUnauthorized: () => unauthorizedHandler(),
});

export { ApiError, isApiError } from './errors.ts';
export { LONG_TIMEOUT_MS } from './client.ts';
