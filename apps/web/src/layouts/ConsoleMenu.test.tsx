import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { MenuEntry } from '../router/menu.ts';
import { ConsoleMenu } from './ConsoleMenu.tsx';

const ENTRIES: MenuEntry[] = [
  { type: 'link', key: 'console', label: '首页', path: '/console' },
  {
    type: 'group',
    key: 'merchant',
    label: '商户管理',
    children: [
      { type: 'link', key: 'clerks', label: '店员管理', path: '/console/merchant/employee' },
      { type: 'link', key: 'logs', label: '操作日志', path: '/console/merchant/logs' },
    ],
  },
];

function show(at: string, props: { collapsed?: boolean; onExpand?: () => void } = {}) {
  const element = <ConsoleMenu entries={ENTRIES} {...props} />;
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: [at] });
  render(<RouterProvider router={router} />);
  return screen.getByRole('navigation', { name: '控制台菜单' });
}

describe('ConsoleMenu', () => {
  it('lists every entry as a link, marks the current page and starts with every section open', () => {
    const nav = show('/console/merchant/employee');
    const link = (name: string) => screen.getByRole('link', { name });
    expect(nav.querySelectorAll('a')).toHaveLength(3);
    expect(link('店员管理').getAttribute('href')).toBe('/console/merchant/employee');
    expect(link('店员管理').getAttribute('aria-current')).toBe('page');
    expect(link('首页').getAttribute('aria-current')).toBeNull();
    expect(screen.getByRole('button', { name: '商户管理' }).getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('button', { name: '商户管理' }).hasAttribute('data-current')).toBe(true);
  });

  it('folds a section when its title is pressed and unfolds it again', () => {
    show('/console');
    const section = screen.getByRole('button', { name: '商户管理' });
    fireEvent.click(section);
    expect(section.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('link', { name: '店员管理' })).toBeNull();
    fireEvent.click(section);
    expect(screen.getByRole('link', { name: '店员管理' })).toBeTruthy();
  });

  it('collapsed, keeps the names for screen readers and a section asks to widen the sider', () => {
    const onExpand = vi.fn();
    show('/console', { collapsed: true, onExpand });
    expect(screen.getByRole('link', { name: '首页' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '商户管理' }));
    expect(onExpand).toHaveBeenCalledOnce();
  });
});
