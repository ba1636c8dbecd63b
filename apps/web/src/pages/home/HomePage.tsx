import { hasPermission, moduleLabel, Perm, type Module, type UserInfo } from '@lease/shared';
import { useQueries } from '@tanstack/react-query';
import { Button, Flex, Space, Spin, theme } from 'antd';
import { PlainTag } from '../../components/PlainTag.tsx';
import { lazy, Suspense, useDeferredValue, useMemo, type ReactNode } from 'react';
import { Link } from 'react-router';
import { homeQueries } from '../../api/home.ts';
import { useUser } from '../../auth/useUser.ts';
import { ExpiryWarnings } from '../../components/ExpiryWarnings.tsx';
import { GlobalSearch } from '../../components/GlobalSearch.tsx';
import { Panel } from '../../components/Panel.tsx';
import { formatChinaTime } from '../../lib/chinaTime.ts';
import { useAfterPaint } from '../../lib/useAfterPaint.ts';
import { useIsPhone } from '../../lib/useIsPhone.ts';
import { isAdmin } from '../../router/guard.ts';
import { buildMenu, type MenuLink } from '../../router/menu.ts';
import { ROUTES } from '../../router/routeTable.ts';
import { countsOwnOnly, isEmptyStore, statCards } from './homeFigures.ts';
import { StatCards } from './StatCards.tsx';
import HomeCharts from './charts/HomeCharts.tsx';

// The console's first load (≤ 200 KB transferred) leaves the home a few KB: the figures, the chart
// panels (their heights held) and links load with it; the panels below the figures start
// loading once the figures are painted (useAfterPaint); echarts comes with the first chart near the screen (LazyChart).
// Each panel is its own chunk: a store with devices never loads the empty store's guide (antd Steps and Typography).
const EmptyStoreGuide = lazy(() => import('./EmptyStoreGuide.tsx').then((m) => ({ default: m.EmptyStoreGuide })));
const SupervisePanel = lazy(() => import('./SupervisePanel.tsx').then((m) => ({ default: m.SupervisePanel })));
const ReportPanel = lazy(() => import('./ReportPanel.tsx').then((m) => ({ default: m.ReportPanel })));
const LeasePanel = lazy(() => import('./LeasePanel.tsx').then((m) => ({ default: m.LeasePanel })));

/** The collections page, linked from the lease panel. */
const COLLECTIONS_PATH = ROUTES.find((r) => r.meta.name === 'console-lease-collections')?.path;

const isModule = (m: string): m is Module => m in moduleLabel;
/** HH:mm:ss in China time by hand (chinaTime.ts): the first zh-CN Intl formatter of a page costs ~20 ms on a mid-range phone. */
const timeOfDay = (iso: string) => formatChinaTime(iso, 'HH:mm:ss');

/** quickLinks are the areas this clerk may open, straight from the menu (so the same rules apply). */
function quickLinks(user: UserInfo): MenuLink[] {
  return buildMenu(ROUTES, user)
    .flatMap((e) => (e.type === 'group' ? e.children.map((c) => ({ ...c, label: `${e.label} · ${c.label}` })) : [e]))
    .filter((l) => l.path !== '/console');
}

function Loading({ height = 120 }: { height?: number }) {
  return (
    <Flex align="center" justify="center" style={{ height }}>
      <Spin />
    </Flex>
  );
}

const Lazy = ({ children, height }: { children: ReactNode; height?: number }) => (
  <Suspense
    fallback={
      <Panel>
        <Loading height={height} />
      </Panel>
    }
  >
    {children}
  </Suspense>
);

/** HomePage is the console home: the store's devices at a glance, supervision, reports, clerks' quotas and shortcuts. */
export default function HomePage() {
  const user = useUser();
  const { token } = theme.useToken();
  const links = useMemo(() => quickLinks(user), [user]);
  const modules = user.available_modules.filter(isModule);
  const [overview, supervise, report, clerks] = useQueries({ queries: homeQueries });
  // Answers arrive as urgent updates (the query cache is an external store); deferred, the figures and charts
  // they fill render in slices instead of one long task that holds a phone's main thread.
  const data = useDeferredValue(overview.data);
  const clerkItems = useDeferredValue(clerks.data);
  const cards = useMemo(() => (data ? statCards(data) : null), [data]);
  const muted = { fontSize: 12, color: token.colorTextSecondary };
  const below = useAfterPaint(Boolean(data) || overview.isError);
  const phone = useIsPhone();
  const shortcuts = (
    <Panel title="常用入口">
      <Flex wrap gap={8}>
        {links.map((l) => (
          <Link key={l.key} to={l.path}>
            <Button>{l.label}</Button>
          </Link>
        ))}
      </Flex>
    </Panel>
  );

  return (
    <Flex vertical gap={16}>
      <GlobalSearch placement="home" />
      <Panel title={`欢迎回来，${user.name}`} extra={data && <span style={muted}>统计于 {timeOfDay(data.generated_at)}（北京时间），每 30 秒更新</span>}>
        <Space wrap size={[16, 8]}>
          <span>门店：{user.store.store_name}</span>
          {isAdmin(user) && <PlainTag color="gold">管理员</PlainTag>}
          <span>已开通：{modules.length ? modules.map((m) => <PlainTag key={m}>{moduleLabel[m]}</PlainTag>) : '暂无'}</span>
          {data && countsOwnOnly(data) && <PlainTag color="blue">部分统计仅含分配给你的设备</PlainTag>}
        </Space>
      </Panel>

      {isAdmin(user) && <ExpiryWarnings />}

      {overview.isError ? (
        <Panel>
          <Flex vertical align="center" gap={12} style={{ padding: 24 }}>
            <span>设备统计加载失败，请稍后重试。</span>
            <Button onClick={() => overview.refetch()}>重试</Button>
          </Flex>
        </Panel>
      ) : !data || !cards ? (
        <Panel>
          <Loading height={160} />
        </Panel>
      ) : (
        <>
          <StatCards cards={cards} />
          {/* A phone's first screen: the figures two to a row, then the way to the other pages; charts below. */}
          {phone && shortcuts}
          {isEmptyStore(data) ? (
            below && (
              <Lazy>
                <Panel title="开始使用">
                  <EmptyStoreGuide user={user} ownOnly={countsOwnOnly(data)} />
                </Panel>
              </Lazy>
            )
          ) : (
            <HomeCharts overview={data} clerks={clerkItems} />
          )}
        </>
      )}

      {/* What sits below the figures comes a frame after them: added below, it moves nothing already shown (CLS). */}
      {below && (
        <>
          <div style={{ display: 'grid', gap: 16, gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 420px), 1fr))' }}>
            <Lazy>
              <SupervisePanel data={supervise.data} loading={supervise.isLoading} />
            </Lazy>
            <Lazy>
              <ReportPanel data={report.data} loading={report.isLoading} />
            </Lazy>
            {hasPermission(user.permission, Perm.LEASE_PLAN_VIEW) && (
              <Lazy>
                <LeasePanel collectionsPath={hasPermission(user.permission, Perm.LEASE_COLLECTIONS) ? COLLECTIONS_PATH : undefined} />
              </Lazy>
            )}
          </div>

          {/* On a phone they sit under the figures, unless those failed to load. */}
          {(!phone || overview.isError) && shortcuts}
        </>
      )}
    </Flex>
  );
}
