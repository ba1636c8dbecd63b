import { onTestFinished, vi } from 'vitest';
import type { AmapCircleOptions, AmapMapOptions, AmapMarkerOptions, AmapNamespace, AmapOverlay } from '../lib/amapLoader.ts';

/** fakeAmap stands in for the AMap JS API (an outside service) and records what the console drew. */
export function fakeAmap() {
  const calls = {
    maps: [] as { container: HTMLElement; options: AmapMapOptions }[],
    markers: [] as AmapMarkerOptions[],
    circles: [] as AmapCircleOptions[],
    added: [] as AmapOverlay[],
    destroyed: 0,
  };
  const AMap: AmapNamespace = {
    Map: class {
      constructor(container: HTMLElement, options: AmapMapOptions) {
        calls.maps.push({ container, options });
      }
      add(overlay: AmapOverlay) {
        calls.added.push(overlay);
      }
      destroy() {
        calls.destroyed += 1;
      }
    },
    Marker: class {
      constructor(options: AmapMarkerOptions) {
        calls.markers.push(options);
      }
    },
    Circle: class {
      constructor(options: AmapCircleOptions) {
        calls.circles.push(options);
      }
    },
  };
  return { AMap, calls };
}

/**
 * holdScripts keeps `<script>` tags added to the head out of the document and returns them, so a test
 * decides whether each one loads or fails: happy-dom would otherwise fire its own error event at once,
 * because it does not fetch scripts. Other nodes (antd's styles) are added as usual. Scripts still
 * pending when the test ends are failed, so a load left over by a failing test cannot leak into the next.
 */
export function holdScripts(): HTMLScriptElement[] {
  const held: HTMLScriptElement[] = [];
  const append = document.head.appendChild.bind(document.head);
  vi.spyOn(document.head, 'appendChild').mockImplementation(<T extends Node>(node: T): T => {
    if (node instanceof HTMLScriptElement) held.push(node);
    else append(node);
    return node;
  });
  onTestFinished(() => held.forEach((script) => script.dispatchEvent(new Event('error'))));
  return held;
}
