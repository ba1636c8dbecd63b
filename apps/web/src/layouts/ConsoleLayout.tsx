import { ShopOutlined } from '@ant-design/icons';
import { Layout, Space, Spin, theme } from 'antd';
import { Suspense, useMemo, useState } from 'react';
import { Outlet, useNavigation } from 'react-router';
import { useSiteConfig } from '../app/useSiteConfig.ts';
import { useUser } from '../auth/useUser.ts';
import { PageLoading } from '../components/PageLoading.tsx';
import { ROUTES } from '../routes.tsx';
import { buildMenu } from '../router/menu.ts';
import { ConsoleMenu } from './ConsoleMenu.tsx';
import { UserMenu } from './UserMenu.tsx';

/** ConsoleLayout is the signed-in frame: sider menu from the route table, header with store and clerk. */
export default function ConsoleLayout() {
  const user = useUser();
  const site = useSiteConfig();
  const navigation = useNavigation();
  const [collapsed, setCollapsed] = useState(false);
  const { token } = theme.useToken();
  const entries = useMemo(() => buildMenu(ROUTES, user), [user]);

  return (
    <Layout style={{ minHeight: '100vh' }}>
      {/* The sider stays in view and scrolls on its own, so the collapse trigger never covers menu items. */}
      <Layout.Sider
        theme="light"
        width={220}
        collapsible
        collapsed={collapsed}
        onCollapse={setCollapsed}
        breakpoint="lg"
        style={{ position: 'sticky', top: 0, height: '100vh' }}
      >
        <div style={{ height: '100%', overflowY: 'auto' }}>
          <div
            title={site.title}
            style={{
              padding: '20px 16px',
              fontWeight: 600,
              fontSize: collapsed ? token.fontSizeSM : token.fontSizeLG,
              whiteSpace: 'nowrap',
              overflow: 'hidden',
              textOverflow: 'ellipsis',
            }}
          >
            {collapsed ? '控制台' : site.title}
          </div>
          <ConsoleMenu entries={entries} />
        </div>
      </Layout.Sider>
      <Layout>
        <Layout.Header
          style={{ background: '#fff', padding: '0 24px', display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}
        >
          <Space>
            <ShopOutlined />
            <strong>{user.store.store_name}</strong>
          </Space>
          <Space size="middle">
            {navigation.state === 'loading' && <Spin size="small" />}
            <UserMenu user={user} />
          </Space>
        </Layout.Header>
        <Layout.Content style={{ margin: 24 }}>
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
