import { describe, expect, it, vi } from 'vitest';
import { authStore } from '../auth/storage.ts';
import { uploadWallpaper } from './wallpaper.ts';
import { answerFetch, answerXhr } from '../test/fakeNetwork.ts';

interface FakeAnswer {
  status: number;
  body: unknown;
}

/** A stand-in XMLHttpRequest that reports two progress events and answers as scripted. */
function fakeXhr(answer: FakeAnswer, seen: { headers: Record<string, string>; body?: string }[]) {
  return class {
    status = 0;
    responseText = '';
    timeout = 0;
    upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    ontimeout: (() => void) | null = null;
    private headers: Record<string, string> = {};
    open() {}
    setRequestHeader(k: string, v: string) {
      this.headers[k] = v;
    }
    getResponseHeader(name: string) {
      return name === 'x-request-id' ? 'abcdef-123' : null;
    }
    send(body: string) {
      seen.push({ headers: this.headers, body });
      setTimeout(() => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
        this.upload.onprogress?.({ lengthComputable: true, loaded: 100, total: 100 });
        this.status = answer.status;
        this.responseText = JSON.stringify(answer.body);
        this.onload?.();
      });
    }
  };
}

const request = { content: 'data:image/jpeg;base64,/9j/AA==', name: '提醒', type: 1 as const };
const saved = { id: 'w1', type: 1, name: '提醒', width: 1, height: 1, size: 3, thumbnail: 'data:image/jpeg;base64,', date_created: '2026-01-01T00:00:00Z' };

describe('uploadWallpaper', () => {
  it('sends the picture with the access token and reports progress', async () => {
    authStore.set({ access_token: 'tok', refresh_token: 'r', expires: Date.now() + 60_000 });
    const seen: { headers: Record<string, string>; body?: string }[] = [];
    answerXhr(fakeXhr({ status: 200, body: saved }, seen));
    const progress: number[] = [];
    expect(await uploadWallpaper(request, (p) => progress.push(p))).toEqual(saved);
    expect(progress).toEqual([50, 99, 100]);
    expect(seen[0].headers.Authorization).toBe('Bearer tok');
    expect(JSON.parse(seen[0].body!)).toEqual(request);
  });

  it('leaves an expired token to the request client, which refreshes and sends again', async () => {
    authStore.set({ access_token: 'old', refresh_token: 'r', expires: 0 });
    answerXhr(fakeXhr({ status: 403, body: { statusCode: 403, code: 'TOKEN_EXPIRED', message: '登录凭证已过期' } }, []));
    const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
      const auth = (init?.headers as Record<string, string> | undefined)?.Authorization;
      if (url === '/api/auth/refresh') return Response.json({ access_token: 'new', refresh_token: 'r2', expires_in: 900 });
      if (url === '/api/wallpaper/upload' && auth === 'Bearer old')
        return Response.json({ statusCode: 403, code: 'TOKEN_EXPIRED', message: '登录凭证已过期' }, { status: 403 });
      if (url === '/api/wallpaper/upload' && auth === 'Bearer new') return Response.json(saved);
      return new Response('', { status: 404 });
    });
    answerFetch(fetchMock);
    expect(await uploadWallpaper(request)).toEqual(saved);
    expect(fetchMock.mock.calls.map(([u]) => u)).toEqual(['/api/wallpaper/upload', '/api/auth/refresh', '/api/wallpaper/upload']);
  });

  it('rejects a refusal with the server message without sending it again', async () => {
    authStore.set({ access_token: 'tok', refresh_token: 'r', expires: Date.now() + 60_000 });
    answerXhr(fakeXhr({ status: 400, body: { statusCode: 400, code: 'VALIDATION_FAILED', message: '文件不是 JPEG 图片' } }, []));
    const fetchMock = vi.fn();
    answerFetch(fetchMock);
    await expect(uploadWallpaper(request)).rejects.toMatchObject({ status: 400, message: '文件不是 JPEG 图片', requestId: 'abcdef-123' });
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
