import { Tabs } from 'antd';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { useUser } from '../auth/useUser.ts';
import { routeTabs } from '../router/menu.ts';
import { ROUTES } from '../router/routeTable.ts';

/**
 * RouteTabs shows the child routes of `parent` as tabs and renders the active one below. The tabs come
 * from the route table, so a child the clerk may not open has no tab; on the bare parent path it opens
 * the first tab.
 */
export function RouteTabs({ parent }: { parent: string }) {
  const user = useUser();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const tabs = routeTabs(ROUTES, parent, user);
  const active = tabs.find((t) => t.path === pathname.replace(/\/$/, ''));
  if (!active && tabs[0]) return <Navigate to={tabs[0].path} replace />;
  return (
    <>
      <Tabs activeKey={active?.path} items={tabs.map((t) => ({ key: t.path, label: t.label }))} onChange={(key) => navigate(key)} />
      <Outlet />
    </>
  );
}
