import { Layout } from 'antd';
import { type CSSProperties, type ReactNode, Suspense } from 'react';
import { Outlet } from 'react-router';
import { useBootFrameGone } from '../app/bootFrame.ts';
import { PageLoading } from '../components/PageLoading.tsx';

interface ShellFrameProps {
  phone: boolean;
  /** The side navigation: a drawer on a phone, a sider otherwise (nothing while there is none). */
  nav: ReactNode;
  /** The header's own padding, height and the like, over the shared white bar. */
  headerStyle: CSSProperties;
  /** The header's left end (title, menu button) and right end (user). */
  headerStart: ReactNode;
  headerEnd: ReactNode;
}

/**
 * ShellFrame is the page frame the store console and the operator console share: navigation on the left,
 * a header bar with its two ends, and the routed page below it (a loading state while its chunk arrives).
 */
export function ShellFrame({ phone, nav, headerStyle, headerStart, headerEnd }: ShellFrameProps) {
  useBootFrameGone();
  return (
    <Layout style={{ minHeight: '100vh' }}>
      {nav}
      <Layout style={{ minWidth: 0 }}>
        <Layout.Header style={{ background: '#fff', display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 8, ...headerStyle }}>
          {headerStart}
          {headerEnd}
        </Layout.Header>
        <Layout.Content style={{ margin: phone ? 12 : 24, minWidth: 0 }}>
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
