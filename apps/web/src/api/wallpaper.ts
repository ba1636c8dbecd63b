import { ErrorCode, type ListResponse, type OkResponse, type WallpaperItem, type WallpaperSummary, type WallpaperUploadRequest } from '@lease/shared';
import { queryOptions } from '@tanstack/react-query';
import { sessionTokens } from '../auth/session.ts';
import { ApiError, ClientErrorCode, NETWORK_FAILURE_TEXT, readErrorBody } from './errors.ts';
import { api, LONG_TIMEOUT_MS } from './index.ts';

export const wallpaperKeys = {
  all: ['wallpaper'] as const,
  list: (pageNum: number, pageSize: number) => ['wallpaper', 'list', pageNum, pageSize] as const,
  item: (id: string) => ['wallpaper', 'item', id] as const,
};

export const wallpaperListQuery = (pageNum: number, pageSize: number) =>
  queryOptions({
    queryKey: wallpaperKeys.list(pageNum, pageSize),
    queryFn: () =>
      api.get<ListResponse<WallpaperSummary>>('/api/wallpaper/list', { query: { page_num: pageNum, page_size: pageSize }, timeoutMs: LONG_TIMEOUT_MS }),
  });

/** wallpaperItemQuery fetches the full picture (spec §9: 30 s); pictures never change, so it stays cached. */
export const wallpaperItemQuery = (id: string) =>
  queryOptions({
    queryKey: wallpaperKeys.item(id),
    queryFn: () => api.get<WallpaperItem>('/api/wallpaper/item', { query: { id }, timeoutMs: LONG_TIMEOUT_MS }),
    staleTime: Infinity,
  });

export const deleteWallpaper = (id: string) => api.del<OkResponse>(`/api/wallpaper/${id}`);

const UPLOAD_URL = '/api/wallpaper/upload';

interface XhrAnswer {
  status: number;
  body: unknown;
  requestId: string;
}

/** postWithProgress sends JSON with XMLHttpRequest, the browser API that reports upload progress (fetch does not). */
function postWithProgress(body: unknown, token: string | undefined, onProgress: (percent: number) => void): Promise<XhrAnswer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', UPLOAD_URL);
    xhr.timeout = LONG_TIMEOUT_MS;
    xhr.setRequestHeader('Content-Type', 'application/json');
    xhr.setRequestHeader('Accept', 'application/json');
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.min(99, Math.round((e.loaded / e.total) * 100)));
    };
    xhr.onload = () => {
      let parsed: unknown;
      try {
        parsed = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        parsed = xhr.responseText;
      }
      resolve({ status: xhr.status, body: parsed, requestId: xhr.getResponseHeader('x-request-id') ?? '' });
    };
    xhr.onerror = () => reject(new ApiError({ status: 0, code: ClientErrorCode.NETWORK, message: NETWORK_FAILURE_TEXT }));
    xhr.ontimeout = () => reject(new ApiError({ status: 0, code: ClientErrorCode.TIMEOUT, message: NETWORK_FAILURE_TEXT }));
    xhr.send(JSON.stringify(body));
  });
}

/**
 * uploadWallpaper sends a picture and reports progress (spec §9: 30 s). Session trouble (401, or a 403 other
 * than a refusal) is left to the one request client, which refreshes or ends the session per spec §8 and sends
 * the picture again; other failures show the client's usual notice.
 */
export async function uploadWallpaper(body: WallpaperUploadRequest, onProgress: (percent: number) => void = () => {}): Promise<WallpaperSummary> {
  let answer: XhrAnswer;
  try {
    answer = await postWithProgress(body, sessionTokens.get()?.access_token, onProgress);
  } catch (err) {
    if (err instanceof ApiError) api.report(err);
    throw err;
  }
  if (answer.status >= 200 && answer.status < 300) {
    onProgress(100);
    return answer.body as WallpaperSummary;
  }
  const parsed = readErrorBody(answer.body);
  const refused = parsed.code === ErrorCode.PERMISSION_DENIED || parsed.code === ErrorCode.SECPWD_MISMATCH;
  if (answer.status === 401 || (answer.status === 403 && !refused)) {
    return api.post<WallpaperSummary>(UPLOAD_URL, body, { timeoutMs: LONG_TIMEOUT_MS });
  }
  const err = new ApiError({
    status: answer.status,
    code: parsed.code ?? ClientErrorCode.UNKNOWN,
    message: parsed.message ?? '',
    errors: parsed.errors,
    requestId: answer.requestId,
  });
  api.report(err);
  throw err;
}
