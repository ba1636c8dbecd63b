import { render, screen } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ROUTES } from '../../router/routeTable.ts';
import { HELP_SECTIONS } from './helpSections.tsx';
import HelpPage from './HelpPage.tsx';

/** Paths of the route table, as patterns: a help link must lead to a page that exists. */
const routePatterns = ROUTES.filter((r) => r.path && r.path !== '*').map((r) => new RegExp(`^${r.path!.replace(/:[^/]+/g, '[^/]+')}$`));

describe('HelpPage', { timeout: 30_000 }, () => {
  it('renders every section with a table-of-contents entry', () => {
    const router = createMemoryRouter([{ path: '/console/help', Component: HelpPage }], { initialEntries: ['/console/help'] });
    render(
      <ConfigProvider locale={zhCN}>
        <RouterProvider router={router} />
      </ConfigProvider>,
    );
    for (const s of HELP_SECTIONS) {
      expect(screen.getByRole('heading', { name: s.title })).toBeTruthy();
      expect(document.querySelector(`a[href="#${s.id}"]`)).toBeTruthy();
    }
  });

  it('links only to console pages that exist and to the server API docs, never outside', () => {
    const router = createMemoryRouter([{ path: '/console/help', Component: HelpPage }], { initialEntries: ['/console/help'] });
    render(<RouterProvider router={router} />);
    // Open every section so every link is in the document.
    document.querySelectorAll('.ant-collapse-header').forEach((h) => (h as HTMLElement).click());
    const hrefs = [...document.querySelectorAll('a[href]')].map((a) => a.getAttribute('href')!).filter((h) => !h.startsWith('#'));
    expect(hrefs.length).toBeGreaterThan(3);
    for (const href of hrefs) {
      expect(href.startsWith('/'), href).toBe(true);
      expect(href === '/api/docs' || routePatterns.some((p) => p.test(href)), href).toBe(true);
    }
  });

  it('names permissions as the clerk dialog does, never by their codes', () => {
    const router = createMemoryRouter([{ path: '/console/help', Component: HelpPage }], { initialEntries: ['/console/help'] });
    render(<RouterProvider router={router} />);
    document.querySelectorAll('.ant-collapse-header').forEach((h) => (h as HTMLElement).click());
    expect(document.body.textContent).not.toMatch(/\b[A-E][a-f]\d{1,2}\b/);
  });
});
