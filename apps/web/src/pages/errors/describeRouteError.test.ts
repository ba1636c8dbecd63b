import { createMemoryRouter, data } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/errors.ts';
import { describeRouteError } from './describeRouteError.ts';

/** thrown turns what a loader throws into what the router hands its error element. */
async function thrown(value: unknown) {
  const router = createMemoryRouter([
    { path: '/', loader: () => Promise.reject(value), element: null, ErrorBoundary: () => null, hydrateFallbackElement: null },
  ]);
  await new Promise<void>((resolve) => router.subscribe((s) => s.initialized && resolve()));
  return router.state.errors?.['0'];
}

describe('describeRouteError', () => {
  it('shows a validation 404 with its message', async () => {
    expect(describeRouteError(await thrown(data({ message: '设备不存在' }, { status: 404 })))).toEqual({ status: 404, message: '设备不存在' });
  });

  it('falls back to Page Not Found when the validation has no message', async () => {
    expect(describeRouteError(await thrown(data({}, { status: 404 })))).toEqual({ status: 404, message: 'Page Not Found' });
  });

  it('shows an API failure with its status and message', () => {
    expect(describeRouteError(new ApiError({ status: 500, code: 'INTERNAL', message: '服务器内部错误' }))).toEqual({
      status: 500,
      message: '服务器内部错误',
    });
    expect(describeRouteError(new ApiError({ status: 0, code: 'NETWORK', message: '' })).message).toBe('请求失败，请检查网络');
  });
});
