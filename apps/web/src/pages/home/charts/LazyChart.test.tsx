import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LazyChart } from './LazyChart.tsx';

const loaded = vi.fn();
vi.mock('./EChart.tsx', () => {
  loaded();
  return { EChart: ({ label }: { label: string }) => <div data-testid="chart">{label}</div> };
});

afterEach(() => vi.unstubAllGlobals());

describe('LazyChart', () => {
  it('loads echarts only when its box comes near the screen, holding the height until then', async () => {
    const watchers: IntersectionObserverCallback[] = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(cb: IntersectionObserverCallback) {
          watchers.push(cb);
        }
        observe() {}
        disconnect() {}
      },
    );
    render(<LazyChart option={{}} height={220} label="设备状态" />);
    const box = screen.getByLabelText('设备状态');
    expect(box.style.height).toBe('220px');
    await act(async () => watchers[0]([{ isIntersecting: false } as IntersectionObserverEntry], {} as IntersectionObserver));
    expect(loaded).not.toHaveBeenCalled();
    await act(async () => watchers[0]([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver));
    expect((await screen.findByTestId('chart')).textContent).toBe('设备状态');
    expect(loaded).toHaveBeenCalledTimes(1);
  });
});
