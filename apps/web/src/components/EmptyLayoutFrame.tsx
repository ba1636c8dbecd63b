import type { ReactNode } from 'react';
import { useBootFrameGone } from '../app/bootFrame.ts';

/** EmptyLayoutFrame is the bare page of the `empty` layout: login, registration, enrolment, errors. */
export function EmptyLayoutFrame({ children }: { children: ReactNode }) {
  useBootFrameGone();
  return <div style={{ minHeight: '100vh', background: '#f0f2f5', padding: '48px 16px', boxSizing: 'border-box' }}>{children}</div>;
}
