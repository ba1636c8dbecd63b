import { afterEach, describe, expect, it, vi } from 'vitest';
import { NEAR_SCREEN, queueDraw, whenNearScreen } from './drawQueue.ts';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('queueDraw', () => {
  it('runs the draws in order, one per task, and never one that was cancelled', async () => {
    vi.useFakeTimers();
    const drawn: string[] = [];
    queueDraw(() => drawn.push('a'));
    const cancel = queueDraw(() => drawn.push('b'));
    queueDraw(() => drawn.push('c'));
    cancel();
    expect(drawn).toEqual([]);
    await vi.advanceTimersToNextTimerAsync();
    expect(drawn).toEqual(['a']);
    await vi.advanceTimersToNextTimerAsync();
    expect(drawn).toEqual(['a', 'c']);
    await vi.runAllTimersAsync();
    expect(drawn).toEqual(['a', 'c']);
  });
});

describe('whenNearScreen', () => {
  it('calls back once, when the element comes within the margin, and not after being stopped', () => {
    const observers: { cb: IntersectionObserverCallback; margin?: string; disconnected: boolean }[] = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        entry: (typeof observers)[number];
        constructor(cb: IntersectionObserverCallback, init?: IntersectionObserverInit) {
          this.entry = { cb, margin: init?.rootMargin, disconnected: false };
          observers.push(this.entry);
        }
        observe() {}
        disconnect() {
          this.entry.disconnected = true;
        }
      },
    );
    const near = vi.fn();
    whenNearScreen(document.createElement('div'), near);
    const [watch] = observers;
    expect(watch.margin).toBe(NEAR_SCREEN);
    watch.cb([{ isIntersecting: false } as IntersectionObserverEntry], {} as IntersectionObserver);
    expect(near).not.toHaveBeenCalled();
    watch.cb([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver);
    expect(near).toHaveBeenCalledTimes(1);
    expect(watch.disconnected).toBe(true);

    const stopped = vi.fn();
    const stop = whenNearScreen(document.createElement('div'), stopped);
    stop();
    expect(observers[1].disconnected).toBe(true);
  });

  it('draws at once where the browser has no IntersectionObserver', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    const near = vi.fn();
    whenNearScreen(document.createElement('div'), near);
    expect(near).toHaveBeenCalledTimes(1);
  });
});
