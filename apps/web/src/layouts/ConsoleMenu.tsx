import { useRouteMeta } from '../router/useRouteMeta.ts';
import {
  AndroidOutlined,
  AppleOutlined,
  AppstoreOutlined,
  FileSearchOutlined,
  HomeOutlined,
  PictureOutlined,
  QuestionCircleOutlined,
  SafetyOutlined,
  ShopOutlined,
} from '@ant-design/icons';
import { Menu, type MenuProps } from 'antd';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { selectedMenuKey, type MenuEntry } from '../router/menu.ts';

/** Icons of top-level menu entries, by route name or section key. */
const ICONS: Record<string, ReactNode> = {
  console: <HomeOutlined />,
  apple: <AppleOutlined />,
  android: <AndroidOutlined />,
  'console-device-wallpaper': <PictureOutlined />,
  report: <FileSearchOutlined />,
  merchant: <ShopOutlined />,
  security: <SafetyOutlined />,
  'console-appstore': <AppstoreOutlined />,
  'console-help': <QuestionCircleOutlined />,
};

type MenuItem = NonNullable<MenuProps['items']>[number];

function toItem(entry: MenuEntry): MenuItem {
  if (entry.type === 'group') {
    return { key: entry.key, icon: ICONS[entry.key], label: entry.label, children: entry.children.map(toItem) };
  }
  return { key: entry.key, icon: ICONS[entry.key], label: <Link to={entry.path}>{entry.label}</Link> };
}

/** ConsoleMenu renders the menu entries derived from the route table (router/menu.ts). */
export function ConsoleMenu({ entries }: { entries: MenuEntry[] }) {
  const { pathname } = useLocation();
  const selected = selectedMenuKey(entries, pathname, useRouteMeta()?.activeMenu);
  // Every section starts open: the clerk sees at once all the pages they may open.
  const sections = entries.flatMap((e) => (e.type === 'group' ? [e.key] : []));
  return (
    <Menu
      mode="inline"
      items={entries.map(toItem)}
      selectedKeys={selected ? [selected] : []}
      defaultOpenKeys={sections}
      style={{ borderInlineEnd: 'none' }}
    />
  );
}
