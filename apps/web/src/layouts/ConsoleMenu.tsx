import {
  AndroidOutlined,
  AppleOutlined,
  AppstoreOutlined,
  AccountBookOutlined,
  DownOutlined,
  FileSearchOutlined,
  HomeOutlined,
  PictureOutlined,
  QuestionCircleOutlined,
  SafetyOutlined,
  ShopOutlined,
} from '@ant-design/icons';
import { useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { selectedMenuKey, type MenuEntry, type MenuLink } from '../router/menu.ts';
import { useRouteMeta } from '../router/useRouteMeta.ts';
import './consoleNav.css';

/** Icons of top-level menu entries, by route name or section key. */
const ICONS: Record<string, ReactNode> = {
  console: <HomeOutlined />,
  apple: <AppleOutlined />,
  android: <AndroidOutlined />,
  lease: <AccountBookOutlined />,
  'console-device-wallpaper': <PictureOutlined />,
  report: <FileSearchOutlined />,
  merchant: <ShopOutlined />,
  security: <SafetyOutlined />,
  'console-appstore': <AppstoreOutlined />,
  'console-help': <QuestionCircleOutlined />,
};

function NavLink({ link, selected, child }: { link: MenuLink; selected: string | undefined; child?: boolean }) {
  return (
    <li>
      <Link
        to={link.path}
        title={link.label}
        aria-current={link.key === selected ? 'page' : undefined}
        className={child ? 'console-nav-item console-nav-child' : 'console-nav-item'}
      >
        {ICONS[link.key] && <span aria-hidden>{ICONS[link.key]}</span>}
        <span className="console-nav-label">{link.label}</span>
      </Link>
    </li>
  );
}

/**
 * ConsoleMenu renders the menu entries derived from the route table (router/menu.ts) as a list of
 * links: plain elements rather than antd's Menu, which with its Tooltip and motion is a seventh of the
 * console's first download. Collapsed (the desktop sider's narrow mode) it shows the icons; a section
 * icon then asks to widen the sider.
 */
export function ConsoleMenu({ entries, collapsed = false, onExpand }: { entries: MenuEntry[]; collapsed?: boolean; onExpand?: () => void }) {
  const { pathname } = useLocation();
  const selected = selectedMenuKey(entries, pathname, useRouteMeta()?.activeMenu);
  // Every section starts open: the clerk sees at once all the pages they may open.
  const [closed, setClosed] = useState<ReadonlySet<string>>(new Set());
  const toggle = (key: string) => {
    if (collapsed) return onExpand?.();
    setClosed((s) => {
      const next = new Set(s);
      if (!next.delete(key)) next.add(key);
      return next;
    });
  };
  return (
    <nav aria-label="控制台菜单" className={collapsed ? 'console-nav console-nav-collapsed' : 'console-nav'}>
      <ul>
        {entries.map((entry) => {
          if (entry.type === 'link') return <NavLink key={entry.key} link={entry} selected={selected} />;
          const open = !collapsed && !closed.has(entry.key);
          // The section holding the current page is marked, so a folded or collapsed menu still shows where the clerk is.
          const current = entry.children.some((c) => c.key === selected);
          return (
            <li key={entry.key}>
              <button
                type="button"
                className="console-nav-item"
                aria-expanded={open}
                data-current={current || undefined}
                title={entry.label}
                onClick={() => toggle(entry.key)}
              >
                <span aria-hidden>{ICONS[entry.key]}</span>
                <span className="console-nav-label">{entry.label}</span>
                <DownOutlined aria-hidden className="console-nav-caret" />
              </button>
              {open && (
                <ul>
                  {entry.children.map((c) => (
                    <NavLink key={c.key} link={c} selected={selected} child />
                  ))}
                </ul>
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
