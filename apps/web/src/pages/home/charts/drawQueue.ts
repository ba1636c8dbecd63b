// Charts are drawn one per task and only near the screen: five home charts drawn together held a mid-range
// phone's main thread for over a second (Lighthouse's blocking time), mostly for charts below the fold.

const queue: (() => void)[] = [];
let scheduled = false;

function runNext() {
  scheduled = false;
  queue.shift()?.();
  if (queue.length) schedule();
}

function schedule() {
  if (scheduled) return;
  scheduled = true;
  setTimeout(runNext, 0);
}

/** queueDraw runs `draw` in a task of its own after the draws queued before it; the result cancels it if not run yet. */
export function queueDraw(draw: () => void): () => void {
  queue.push(draw);
  schedule();
  return () => {
    const i = queue.indexOf(draw);
    if (i >= 0) queue.splice(i, 1);
  };
}

/**
 * NEAR_SCREEN: how far below (or above) the visible area a chart starts loading and drawing. None: on a phone the
 * home's first chart sits just under the first screen, and a margin had every phone download echarts (about 160 KB)
 * whether or not the clerk scrolled to it.
 */
export const NEAR_SCREEN = '0px 0px';

/**
 * whenNearScreen calls `near` once when `el` comes within NEAR_SCREEN of the visible area (at once where the
 * browser has no IntersectionObserver); the result stops watching.
 */
export function whenNearScreen(el: Element, near: () => void): () => void {
  if (typeof IntersectionObserver === 'undefined') {
    near();
    return () => {};
  }
  const watch = new IntersectionObserver(
    (entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      watch.disconnect();
      near();
    },
    { rootMargin: NEAR_SCREEN },
  );
  watch.observe(el);
  return () => watch.disconnect();
}
