import { LogoutOutlined, MenuOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Layout, Menu, Space, Spin } from 'antd';
import { Suspense, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { opsLogout, opsMeQuery } from '../api/ops.ts';
import AntdScope from '../app/AntdScope.tsx';
import { PageLoading } from '../components/PageLoading.tsx';
import { useIsPhone } from '../lib/useIsPhone.ts';
import { activeOpsEntry, OPS_MENU } from '../ops/opsMenu.tsx';
import { hasOpsSession, OPS_LOGIN_PATH, OPS_SETUP_PATH, opsTokens } from '../ops/opsSession.ts';
import { MenuDrawer } from './MenuDrawer.tsx';
import { ShellFrame } from './ShellFrame.tsx';

const TITLE = '平台运营后台';

/**
 * OpsLayout is the operator console's frame (/ops/*): its own session and guard, apart from the store
 * console. Without a session it opens /ops/login; until the first-sign-in setup is done, only /ops/setup.
 */
function OpsFrame() {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const phone = useIsPhone();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const me = useQuery({ ...opsMeQuery, enabled: hasOpsSession() });

  if (!hasOpsSession()) return <Navigate to={`${OPS_LOGIN_PATH}?redirect=${encodeURIComponent(location.pathname + location.search)}`} replace />;
  if (me.isPending) return <PageLoading />;
  if (me.isError) return <Navigate to={OPS_LOGIN_PATH} replace />;
  const onSetup = location.pathname === OPS_SETUP_PATH;
  if (!me.data.ready && !onSetup) return <Navigate to={OPS_SETUP_PATH} replace />;

  const logout = async () => {
    const refresh = opsTokens.get()?.refresh_token;
    if (refresh) await opsLogout(refresh).catch(() => undefined);
    opsTokens.clear();
    queryClient.removeQueries({ queryKey: ['ops'] });
    await navigate(OPS_LOGIN_PATH, { replace: true });
  };

  const menu = (
    <Menu
      mode="inline"
      selectedKeys={[activeOpsEntry(location.pathname) ?? '']}
      onClick={() => setDrawerOpen(false)}
      items={OPS_MENU.map((e) => ({ key: e.path, icon: e.icon, label: <Link to={e.path}>{e.label}</Link> }))}
      style={{ borderInlineEnd: 0 }}
    />
  );

  return (
    <ShellFrame
      phone={phone}
      nav={
        me.data.ready &&
        (phone ? (
          <MenuDrawer open={drawerOpen} onClose={() => setDrawerOpen(false)} title={TITLE}>
            {menu}
          </MenuDrawer>
        ) : (
          <Layout.Sider theme="light" width={200} style={{ position: 'sticky', top: 0, height: '100vh' }}>
            <div style={{ padding: '20px 16px', fontWeight: 600, fontSize: 16 }}>{TITLE}</div>
            {menu}
          </Layout.Sider>
        ))
      }
      headerStyle={{ padding: phone ? '0 8px' : '0 24px', height: 56, lineHeight: '56px' }}
      headerStart={
        <Space style={{ minWidth: 0 }}>
          {phone && me.data.ready && <Button type="text" aria-label="打开菜单" icon={<MenuOutlined />} onClick={() => setDrawerOpen(true)} />}
          <strong>{phone || !me.data.ready ? TITLE : ''}</strong>
        </Space>
      }
      headerEnd={
        <Space>
          <span style={{ whiteSpace: 'nowrap' }}>{me.data.name}</span>
          {/* The word stays on a phone too: the icon alone reads as "refresh" (UX review D21). */}
          <Button type="text" icon={<LogoutOutlined />} onClick={() => void logout()}>
            退出
          </Button>
        </Space>
      }
    />
  );
}

export default function OpsLayout() {
  return (
    <AntdScope>
      <Suspense fallback={<Spin />}>
        <OpsFrame />
      </Suspense>
    </AntdScope>
  );
}
