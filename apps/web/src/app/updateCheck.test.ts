import { afterEach, describe, expect, it, vi } from 'vitest';
import { startUpdateCheck } from './updateCheck.ts';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function setup(respond: () => Promise<Response>) {
  vi.useFakeTimers();
  const fetch = vi.fn(respond);
  const onNewVersion = vi.fn();
  const target = new EventTarget();
  const stop = startUpdateCheck({ currentId: 'build-a', fetch, onNewVersion, target });
  return { fetch, onNewVersion, target, stop };
}

describe('update check', () => {
  it('announces a different build once, polling every 60 s', async () => {
    const { fetch, onNewVersion, stop } = setup(async () => Response.json({ id: 'build-b', timestamp: 1 }));
    await vi.advanceTimersByTimeAsync(59_999);
    expect(fetch).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(onNewVersion).toHaveBeenCalledWith('build-b');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(onNewVersion).toHaveBeenCalledOnce();
    stop();
  });

  it('stays quiet while the running build is the latest, and checks on focus', async () => {
    const { fetch, onNewVersion, target, stop } = setup(async () => Response.json({ id: 'build-a', timestamp: 1 }));
    target.dispatchEvent(new Event('focus'));
    await vi.advanceTimersByTimeAsync(0);
    expect(fetch).toHaveBeenCalledOnce();
    expect(onNewVersion).not.toHaveBeenCalled();
    stop();
  });

  it('logs a failed manifest fetch', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { stop } = setup(async () => new Response('', { status: 404 }));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(error).toHaveBeenCalledWith('Error fetching app manifest', expect.any(Error));
    stop();
  });
});
