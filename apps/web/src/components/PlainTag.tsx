import type { ReactNode } from 'react';
import './plainTag.css';

/**
 * PlainTag is antd's Tag look (default, gold, blue) in plain CSS, for the console frame and home page:
 * antd's Tag brings its colour presets, a sizeable part of the signed-in first download.
 */
export function PlainTag({ color, children }: { color?: 'gold' | 'blue'; children: ReactNode }) {
  return <span className={color ? `plain-tag plain-tag-${color}` : 'plain-tag'}>{children}</span>;
}
