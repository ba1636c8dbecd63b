import { moduleLabel, type Module, type UserInfo } from '@lease/shared';
import { Button, Descriptions, Empty, Flex, Space, Tag } from 'antd';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { useUser } from '../../auth/useUser.ts';
import { Panel } from '../../components/Panel.tsx';
import { ROUTES } from '../../routes.tsx';
import { isAdmin } from '../../router/guard.ts';
import { buildMenu, type MenuLink } from '../../router/menu.ts';

const isModule = (m: string): m is Module => m in moduleLabel;

/** quickLinks are the areas this clerk may open, straight from the menu (so the same rules apply). */
function quickLinks(user: UserInfo): MenuLink[] {
  return buildMenu(ROUTES, user)
    .flatMap((e) => (e.type === 'group' ? e.children.map((c) => ({ ...c, label: `${e.label} · ${c.label}` })) : [e]))
    .filter((l) => l.path !== '/console');
}

/** HomePage is the console home: who is signed in, what the store has, and where to go. */
export default function HomePage() {
  const user = useUser();
  const links = useMemo(() => quickLinks(user), [user]);
  const modules = user.available_modules.filter(isModule);

  return (
    <Flex vertical gap={16}>
      <Panel title={`欢迎回来，${user.name}`}>
        <Descriptions
          column={{ xs: 1, md: 2 }}
          items={[
            { key: 'store', label: '门店', children: user.store.store_name },
            { key: 'clerk', label: '店员', children: <Space>{user.name}{isAdmin(user) && <Tag color="gold">管理员</Tag>}</Space> },
            { key: 'phone', label: '手机号', children: user.phone_number },
            {
              key: 'modules',
              label: '已开通模块',
              children: modules.length ? modules.map((m) => <Tag key={m}>{moduleLabel[m]}</Tag>) : '暂无',
            },
          ]}
        />
      </Panel>
      <Panel title="常用入口">
        <Flex wrap gap={8}>
          {links.map((l) => (
            <Link key={l.key} to={l.path}>
              <Button>{l.label}</Button>
            </Link>
          ))}
        </Flex>
      </Panel>
      <Panel title="数据概览" extra={<Tag>占位</Tag>}>
        <Empty description="设备、报告、监管与店员的概览图表将在后续版本提供，此处暂为占位。" />
      </Panel>
    </Flex>
  );
}
