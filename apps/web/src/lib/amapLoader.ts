/** A position as AMap takes it: GCJ-02, longitude first. */
export type AmapLngLat = [lng: number, lat: number];

export interface AmapMapOptions {
  zoom: number;
  center: AmapLngLat;
}

export interface AmapMarkerOptions {
  position: AmapLngLat;
}

export interface AmapCircleOptions {
  center: AmapLngLat;
  /** Metres. */
  radius: number;
  strokeColor?: string;
  strokeWeight?: number;
  strokeOpacity?: number;
  fillColor?: string;
  fillOpacity?: number;
}

/** Markers and circles are only handed to `map.add`, so none of their own methods are typed. */
export type AmapOverlay = object;

export interface AmapMap {
  add(overlay: AmapOverlay): void;
  destroy(): void;
}

/** AmapNamespace is the part of the AMap JS API 2.0 (`window.AMap`) the console draws with. */
export interface AmapNamespace {
  Map: new (container: HTMLElement, options: AmapMapOptions) => AmapMap;
  Marker: new (options: AmapMarkerOptions) => AmapOverlay;
  Circle: new (options: AmapCircleOptions) => AmapOverlay;
}

declare global {
  interface Window {
    AMap?: AmapNamespace;
    _AMapSecurityConfig?: { securityJsCode: string };
  }
}

export const AMAP_LOAD_TIMEOUT_MS = 10_000;

let pending: Promise<AmapNamespace> | null = null;

/**
 * loadAmap loads the AMap JS API once per page. The script's own global is the cache, so a load that
 * finished late (after its timeout) is still reused; calls made while a load runs share its promise, and
 * a failed load is forgotten so the next map can try again instead of failing until a reload.
 */
export function loadAmap(key: string, securityCode?: string | null): Promise<AmapNamespace> {
  if (window.AMap) return Promise.resolve(window.AMap);
  // AMap reads its security code from this global when the script loads, so it must be set first.
  if (securityCode) window._AMapSecurityConfig = { securityJsCode: securityCode };
  pending ??= injectScript(key).finally(() => {
    pending = null;
  });
  return pending;
}

function injectScript(key: string): Promise<AmapNamespace> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = `https://webapi.amap.com/maps?v=2.0&key=${encodeURIComponent(key)}`;
    script.async = true;
    const settled = new AbortController();
    const fail = (reason: string) => {
      settled.abort();
      clearTimeout(timer);
      // A retry injects a fresh tag; keeping the failed one would only leave a dead element behind.
      script.remove();
      reject(new Error(reason));
    };
    const timer = setTimeout(() => fail('高德地图加载超时'), AMAP_LOAD_TIMEOUT_MS);
    script.addEventListener(
      'load',
      () => {
        if (!window.AMap) return fail('高德地图脚本未提供 AMap');
        settled.abort();
        clearTimeout(timer);
        resolve(window.AMap);
      },
      { signal: settled.signal },
    );
    script.addEventListener('error', () => fail('高德地图脚本加载失败'), { signal: settled.signal });
    document.head.appendChild(script);
  });
}
