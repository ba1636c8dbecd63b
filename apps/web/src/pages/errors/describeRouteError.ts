import { isRouteErrorResponse } from 'react-router';
import { ApiError, NETWORK_FAILURE_TEXT } from '../../api/errors.ts';

/** Message of the fatal 404 when a route's params fail validation without a message of their own. */
export const PAGE_NOT_FOUND_TEXT = 'Page Not Found';

export interface RouteErrorView {
  status: number;
  message: string;
}

/** describeRouteError turns whatever a loader or page threw into the error page's status and text. */
export function describeRouteError(error: unknown): RouteErrorView {
  if (isRouteErrorResponse(error)) {
    const data: unknown = error.data;
    const fromData = typeof data === 'object' && data !== null ? (data as { message?: unknown }).message : data;
    if (typeof fromData === 'string' && fromData) return { status: error.status, message: fromData };
    // The router fills a missing statusText with a generic one, so a 404 names itself here.
    if (error.status === 404) return { status: 404, message: PAGE_NOT_FOUND_TEXT };
    return { status: error.status, message: error.statusText || '请求出错' };
  }
  if (error instanceof ApiError) {
    return { status: error.status, message: error.status === 0 ? NETWORK_FAILURE_TEXT : error.message || '请求出错' };
  }
  return { status: 500, message: '页面出错了，请刷新后重试' };
}
