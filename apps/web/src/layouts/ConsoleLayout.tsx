import { MenuOutlined, ShopOutlined } from '@ant-design/icons';
import { Layout, Space, Spin } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { useNavigation } from 'react-router';
import AntdScope from '../app/AntdScope.tsx';
import { CONSOLE_MAP_TOKEN } from '../app/theme.ts';
import { useSiteConfig } from '../app/useSiteConfig.ts';
import { GlobalSearch } from '../components/GlobalSearch.tsx';
import { IconButton } from '../components/IconButton.tsx';
import { useUser } from '../auth/useUser.ts';
import { useIsPhone } from '../lib/useIsPhone.ts';
import { buildMenu } from '../router/menu.ts';
import { ROUTES } from '../router/routeTable.ts';
import { ConsoleMenu } from './ConsoleMenu.tsx';
import { MenuDrawer } from './MenuDrawer.tsx';
import { ShellFrame } from './ShellFrame.tsx';
import { UserMenu } from './UserMenu.tsx';

/**
 * ConsoleLayout is the signed-in frame: sider menu from the route table, header with store and clerk.
 * On a phone the sider becomes a drawer opened from the header, and the page gets the full width.
 */
export default function ConsoleLayout() {
  const user = useUser();
  const site = useSiteConfig();
  const navigation = useNavigation();
  const phone = useIsPhone();
  const [collapsed, setCollapsed] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const closeDrawer = useCallback(() => setDrawerOpen(false), []);
  const entries = useMemo(() => buildMenu(ROUTES, user), [user]);

  return (
    <AntdScope>
      <ShellFrame
        phone={phone}
        nav={
          phone ? (
            <MenuDrawer open={drawerOpen} onClose={closeDrawer} title={site.title}>
              <ConsoleMenu entries={entries} />
            </MenuDrawer>
          ) : (
            /* The sider stays in view and scrolls on its own, so the collapse trigger never covers menu items. */
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
                    // From the build's map token: theme.useToken() here, outside AntdScope's theme, derived antd's
                    // whole default theme a second time on every page load (~10 ms of this box).
                    fontSize: collapsed ? CONSOLE_MAP_TOKEN.fontSizeSM : CONSOLE_MAP_TOKEN.fontSizeLG,
                    whiteSpace: 'nowrap',
                    overflow: 'hidden',
                    textOverflow: 'ellipsis',
                  }}
                >
                  {collapsed ? '控制台' : site.title}
                </div>
                <ConsoleMenu entries={entries} collapsed={collapsed} onExpand={() => setCollapsed(false)} />
              </div>
            </Layout.Sider>
          )
        }
        headerStyle={{
          padding: phone ? '0 8px 0 4px' : '0 24px',
          ...(phone ? { position: 'sticky', top: 0, zIndex: 100, height: 56, lineHeight: '56px', boxShadow: '0 1px 4px rgba(0,0,0,0.06)' } : {}),
        }}
        headerStart={
          <Space style={{ minWidth: 0, overflow: 'hidden' }}>
            {phone ? (
              <IconButton label="打开菜单" onClick={() => setDrawerOpen(true)}>
                <MenuOutlined />
              </IconButton>
            ) : (
              <ShopOutlined />
            )}
            <strong style={{ whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis', display: 'block' }}>{user.store.store_name}</strong>
          </Space>
        }
        headerEnd={
          <Space size={phone ? 0 : 'middle'}>
            {navigation.state === 'loading' && <Spin size="small" />}
            <GlobalSearch />
            <UserMenu user={user} />
          </Space>
        }
      />
    </AntdScope>
  );
}
