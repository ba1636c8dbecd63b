import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ROUTES } from '../../router/routeTable.ts';
import { answerFetch } from '../../test/fakeNetwork.ts';
import { renderRoute } from '../../test/renderRoute.tsx';
import { HELP_SECTIONS } from './helpSections.tsx';
import HelpPage from './HelpPage.tsx';

// The layout follows the screen: the test says which one.
const screenSize = vi.hoisted(() => ({ phone: false }));
vi.mock('../../lib/useIsPhone.ts', () => ({ useIsPhone: () => screenSize.phone }));

const renderHelp = () => renderRoute({ path: '/console/help', Component: HelpPage }, { at: '/console/help' });

/** Paths of the route table, as patterns: a help link must lead to a page that exists. */
const routePatterns = ROUTES.filter((r) => r.path && r.path !== '*').map((r) => new RegExp(`^${r.path!.replace(/:[^/]+/g, '[^/]+')}$`));

describe('HelpPage', { timeout: 30_000 }, () => {
  beforeEach(() => {
    answerFetch(async (url) =>
      url === '/api/helper/server-version'
        ? Response.json({ version: '1.4.2', build: 'b8f3c1', started_at: '2026-12-01T00:00:00.000Z' })
        : new Response('', { status: 404 }),
    );
  });
  afterEach(() => {
    screenSize.phone = false;
  });

  it('renders every section with a table-of-contents entry', () => {
    renderHelp();
    for (const s of HELP_SECTIONS) {
      expect(screen.getByRole('heading', { name: s.title })).toBeTruthy();
      expect(document.querySelector(`a[href="#${s.id}"]`)).toBeTruthy();
    }
  });

  it('links only to console pages that exist and to the server API docs, never outside', () => {
    renderHelp();
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
    renderHelp();
    document.querySelectorAll('.ant-collapse-header').forEach((h) => (h as HTMLElement).click());
    expect(document.body.textContent).not.toMatch(/\b[A-E][a-f]\d{1,2}\b/);
  });

  it("shows the server's version and build, for a support call", async () => {
    renderHelp();
    expect((await screen.findByTestId('server-version')).textContent).toBe('服务端版本 1.4.2（构建 b8f3c1）');
  });

  it('on a phone puts the table of contents above the sections, in one column, without the side anchor', () => {
    screenSize.phone = true;
    renderHelp();
    expect(document.querySelector('.ant-anchor, .ant-col')).toBeNull();
    const index = screen.getByRole('navigation', { name: '帮助目录' });
    expect(
      within(index)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(HELP_SECTIONS.map((s) => `#${s.id}`));
    expect(index.compareDocumentPosition(screen.getByRole('heading', { name: HELP_SECTIONS[0].title })) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});
