import { Skeleton } from 'antd';
import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { loadChunk } from '../app/chunkReload.ts';

/**
 * lazyPart is a component whose code downloads when it first renders, shown as `fallback` meanwhile (reloading
 * the page once for a chunk a deploy replaced). A detail page builds its tabs and dialogs from these: antd's
 * Tabs renders a pane only once it has been opened and a dialog renders nothing until a command is chosen, so
 * the page's first load carries its header and facts alone. Call it at module level, as React.lazy.
 */
export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>, fallback: ReactNode = null) {
  const Part = lazy(() => loadChunk(load).then((Component) => ({ default: Component })));
  // biome-ignore lint/correctness/noComponentHookFactories: like React.lazy, called once per part at module level, never in a render.
  return function LazyPart(props: P) {
    return (
      <Suspense fallback={fallback}>
        <Part {...props} />
      </Suspense>
    );
  };
}

/** lazyTab is lazyPart with a tab's placeholder: a skeleton the height of a few rows. */
export const lazyTab = <P extends object>(load: () => Promise<ComponentType<P>>) => lazyPart(load, <Skeleton active />);
