import { type Mock, vi } from 'vitest';

type FetchHandler = (url: string, init?: RequestInit) => Response | Promise<Response>;

/**
 * answerFetch puts a handler in place of the browser's fetch for one test and returns it as a mock, so the test
 * can read what the page sent. The web setup puts the real globals back after every test.
 */
export function answerFetch(handler: FetchHandler | Mock<FetchHandler>): Mock<FetchHandler> {
  const mock = vi.isMockFunction(handler) ? (handler as Mock<FetchHandler>) : vi.fn(handler);
  vi.stubGlobal('fetch', mock);
  return mock;
}

/** answerXhr does the same for XMLHttpRequest (uploads use it for their progress events). */
export function answerXhr(fake: unknown): void {
  vi.stubGlobal('XMLHttpRequest', fake);
}
