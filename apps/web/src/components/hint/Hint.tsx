import type { TooltipProps } from 'antd';
import { type CSSProperties, cloneElement, lazy, startTransition, type MouseEvent, type ReactElement, type ReactNode, Suspense, useRef, useState } from 'react';

const Tooltip = lazy(() => import('./HintTooltip.tsx'));

type Target = ReactElement<{
  onMouseEnter?: (e: MouseEvent) => void;
  onMouseLeave?: (e: MouseEvent) => void;
  disabled?: boolean;
  style?: CSSProperties;
}>;

/** A disabled control gets no pointer events: as antd's Tooltip does, a span around it takes them. */
function reachable(child: Target | string): Target {
  // A bare text gets an element to hover, as antd's Tooltip gives it.
  const target: Target = typeof child === 'string' ? <span>{child}</span> : child;
  if (!target.props.disabled) return target;
  return (
    <span style={{ display: 'inline-block', cursor: 'not-allowed' }}>{cloneElement(target, { style: { ...target.props.style, pointerEvents: 'none' } })}</span>
  );
}

/**
 * Hint is antd's Tooltip (which opens on hover), loaded when the pointer first reaches its element: antd's Tooltip
 * and the popup engine under it (~13 KB brotli) came with every list and device page, while a phone rarely shows a
 * tooltip. The element renders as it is until then; if the pointer is still on it when the code has come, the
 * tooltip opens at once, and from then on antd's Tooltip handles it.
 */
export function Hint({ title, placement, children }: { title?: ReactNode; placement?: TooltipProps['placement']; children: Target | string }) {
  const [wanted, setWanted] = useState(false);
  const over = useRef(false);
  if (title === undefined || title === null || title === '') return children;
  const target = reachable(children);
  const { onMouseEnter, onMouseLeave } = target.props;
  const waiting = cloneElement(target, {
    onMouseEnter: (e) => {
      onMouseEnter?.(e);
      over.current = true;
      // A transition keeps this element on the page while the code comes, so its leave is still heard.
      startTransition(() => setWanted(true));
    },
    onMouseLeave: (e) => {
      onMouseLeave?.(e);
      over.current = false;
    },
  });
  return (
    <Suspense fallback={waiting}>
      {wanted ? (
        <Tooltip title={title} placement={placement} defaultOpen={over.current}>
          {target}
        </Tooltip>
      ) : (
        waiting
      )}
    </Suspense>
  );
}
