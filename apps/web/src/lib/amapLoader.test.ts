import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeAmap, holdScripts } from '../test/amap.ts';
import { AMAP_LOAD_TIMEOUT_MS, loadAmap } from './amapLoader.ts';

let scripts: HTMLScriptElement[] = [];

beforeEach(() => {
  scripts = holdScripts();
});
afterEach(() => {
  delete window.AMap;
  delete window._AMapSecurityConfig;
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('loadAmap', () => {
  it('injects one script with the encoded key for concurrent calls and resolves to window.AMap on load', async () => {
    const first = loadAmap('k&y=1 2');
    const second = loadAmap('k&y=1 2');
    expect(second).toBe(first);
    expect(scripts).toHaveLength(1);
    expect(scripts[0].src).toBe('https://webapi.amap.com/maps?v=2.0&key=k%26y%3D1%202');

    const { AMap } = fakeAmap();
    window.AMap = AMap;
    scripts[0].dispatchEvent(new Event('load'));
    await expect(first).resolves.toBe(AMap);
    await expect(second).resolves.toBe(AMap);
  });

  it('sets the security code before adding the script, and only when there is one', async () => {
    const first = loadAmap('key-a');
    expect(window._AMapSecurityConfig).toBeUndefined();
    scripts[0].dispatchEvent(new Event('error'));
    await expect(first).rejects.toThrow();
    const second = loadAmap('key-b', 'sec-code-123');
    expect(window._AMapSecurityConfig).toEqual({ securityJsCode: 'sec-code-123' });
    expect(scripts).toHaveLength(2);
    scripts[1].dispatchEvent(new Event('error'));
    await expect(second).rejects.toThrow();
  });

  it('reuses the loaded API instead of injecting the script again', async () => {
    const loading = loadAmap('key');
    window.AMap = fakeAmap().AMap;
    scripts[0].dispatchEvent(new Event('load'));
    await loading;
    await expect(loadAmap('key')).resolves.toBe(window.AMap);
    expect(scripts).toHaveLength(1);
  });

  it('rejects when the script fails, and tries again on the next call', async () => {
    const loading = loadAmap('key');
    scripts[0].dispatchEvent(new Event('error'));
    await expect(loading).rejects.toThrow('高德地图脚本加载失败');
    void loadAmap('key').catch(() => {});
    expect(scripts).toHaveLength(2);
    scripts[1].dispatchEvent(new Event('error'));
  });

  it('rejects when the script loads without defining AMap', async () => {
    const loading = loadAmap('key');
    scripts[0].dispatchEvent(new Event('load'));
    await expect(loading).rejects.toThrow('高德地图脚本未提供 AMap');
  });

  it('rejects when the script has not loaded after 10 seconds', async () => {
    vi.useFakeTimers();
    const settled = vi.fn();
    const loading = loadAmap('key');
    loading.then(settled, settled);
    await vi.advanceTimersByTimeAsync(AMAP_LOAD_TIMEOUT_MS - 1);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await expect(loading).rejects.toThrow('高德地图加载超时');
    expect(AMAP_LOAD_TIMEOUT_MS).toBe(10_000);
  });
});
