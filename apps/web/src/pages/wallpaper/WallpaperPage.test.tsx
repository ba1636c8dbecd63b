import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Perm, type UserInfo } from '@lease/shared';
import { admin, clerk } from '../../test/fixtures.ts';
import WallpaperPage from './WallpaperPage.tsx';
import { WallpaperPicker } from './WallpaperPicker.tsx';
import { renderRoute } from '../../test/renderRoute.tsx';
import { answerFetch } from '../../test/fakeNetwork.ts';

const tile = (id: string, name: string) => ({
  id,
  type: 1,
  name,
  width: 1170,
  height: 2532,
  size: 812_000,
  thumbnail: 'data:image/jpeg;base64,/9j/',
  date_created: '2026-01-01T00:00:00Z',
});
const rows = [tile('a0000000-0000-4000-8000-000000000001', '还款提醒'), tile('a0000000-0000-4000-8000-000000000002', '门店海报')];
const calls: { url: string; method: string }[] = [];

async function renderWith(user: UserInfo, element: ReactNode) {
  calls.length = 0;
  answerFetch(
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ url, method: init?.method ?? 'GET' });
      if (url.startsWith('/api/wallpaper/list')) return Response.json({ list: rows, total: rows.length });
      if (init?.method === 'DELETE') return Response.json({ ok: true });
      return new Response('', { status: 404 });
    }),
  );
  renderRoute({ path: '/', element }, { at: '/', user });
  await act(async () => {});
}

describe('WallpaperPage', { timeout: 30_000 }, () => {
  it('shows the library as tiles with size and use', async () => {
    await renderWith(admin(), <WallpaperPage />);
    expect(await screen.findByText('还款提醒')).toBeTruthy();
    expect(screen.getAllByText('1170×2532 · 793 KB')).toHaveLength(2);
    expect(screen.getAllByText('锁屏壁纸')).toHaveLength(2);
    expect(screen.getByRole('button', { name: /上传壁纸/ })).toBeTruthy();
    // PNG is accepted: the browser converts it to JPEG before sending.
    expect(screen.getByText(/支持 JPEG 和 PNG/)).toBeTruthy();
    expect(screen.queryByText(/仅支持 JPEG/)).toBeNull();
  });

  it('deletes only after confirmation', async () => {
    await renderWith(clerk({ permission: [Perm.ANDROID_SET_WALLPAPER] }), <WallpaperPage />);
    fireEvent.click((await screen.findAllByRole('button', { name: /删\s*除/ }))[0]);
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    const confirm = await screen.findByRole('tooltip');
    fireEvent.click(within(confirm).getByRole('button', { name: /删\s*除/ }));
    await waitFor(() => expect(calls.find((c) => c.method === 'DELETE')?.url).toBe(`/api/wallpaper/${rows[0].id}`));
  });

  it('hides upload and delete from a clerk without a set-wallpaper permission', async () => {
    await renderWith(clerk(), <WallpaperPage />);
    expect(await screen.findByText('门店海报')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /上传壁纸/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /删\s*除/ })).toBeNull();
  });

  it('refuses a file named .jpg that is not a JPEG (a renamed PNG) before sending anything', async () => {
    await renderWith(admin(), <WallpaperPage />);
    fireEvent.click(await screen.findByRole('button', { name: /上传壁纸/ }));
    const dialog = await screen.findByRole('dialog');
    const input = dialog.querySelector('input[type=file]') as HTMLInputElement;
    const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], 'photo.jpg', { type: 'image/jpeg' });
    fireEvent.change(input, { target: { files: [png] } });
    expect(await within(dialog).findByText('文件不是 JPEG 图片，请选择 .jpg 或 .jpeg 文件')).toBeTruthy();
    expect(
      within(dialog)
        .getByRole('button', { name: /上\s*传/ })
        .hasAttribute('disabled'),
    ).toBe(true);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });
});

describe('WallpaperPicker', { timeout: 30_000 }, () => {
  it('works as a form control: marks the value and reports the chosen wallpaper', async () => {
    const onChange = vi.fn();
    await renderWith(clerk(), <WallpaperPicker value={rows[1].id} onChange={onChange} />);
    const radios = await screen.findAllByRole('radio');
    expect(radios.map((r) => r.getAttribute('aria-checked'))).toEqual(['false', 'true']);
    fireEvent.click(radios[0]);
    expect(onChange).toHaveBeenCalledWith(rows[0].id, rows[0]);
    expect(calls[0].url).toBe('/api/wallpaper/list?page_num=0&page_size=8');
  });

  it('chooses the first wallpaper when nothing is chosen yet, and never overrides a choice', async () => {
    const onChange = vi.fn();
    await renderWith(clerk(), <WallpaperPicker onChange={onChange} />);
    await screen.findAllByRole('radio');
    expect(onChange).toHaveBeenCalledWith(rows[0].id, rows[0]);
    cleanup();
    const kept = vi.fn();
    await renderWith(clerk(), <WallpaperPicker value={rows[1].id} onChange={kept} />);
    await screen.findAllByRole('radio');
    expect(kept).not.toHaveBeenCalled();
  });
});
