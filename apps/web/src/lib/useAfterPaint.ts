import { startTransition, useEffect, useState } from 'react';

/**
 * useAfterPaint turns true a frame after `ready` does: what it gates renders once what is already there has
 * been painted, in a task of its own. The change is a transition, so React renders what it reveals in slices,
 * between which a phone answers taps.
 */
export function useAfterPaint(ready = true): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (!ready || painted) return;
    let inner = 0;
    const outer = requestAnimationFrame(() => (inner = requestAnimationFrame(() => startTransition(() => setPainted(true)))));
    return () => {
      cancelAnimationFrame(outer);
      cancelAnimationFrame(inner);
    };
  }, [ready, painted]);
  return painted;
}
