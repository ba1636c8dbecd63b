import { Perm } from '@lease/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { admin, clerk } from '../../../test/fixtures.ts';
import { renderRoute } from '../../../test/renderRoute.tsx';
import { HirerRiskTag } from './HirerRiskTag.tsx';

const risk = {
  report_id: '7d1f3c2a-5b6e-4f70-8a91-b2c3d4e5f601',
  report_level: 'advanced' as const,
  level: 'high' as const,
  score: 82,
  date_created: '2026-11-20T02:00:00.000Z',
  sandbox: false,
};

describe('HirerRiskTag', () => {
  it("shows the hirer's latest risk level and opens that report under its level", async () => {
    renderRoute({ path: '/', Component: () => <HirerRiskTag risk={risk} /> }, { at: '/', user: admin() });
    const tag = await screen.findByTestId('hirer-risk');
    expect(tag.textContent).toBe('租机人高风险');
    expect(tag.closest('a')?.getAttribute('href')).toBe(`/console/report/advanced/${risk.report_id}`);
  });

  it('marks sandbox results, links nothing for a clerk without Ca1, and shows nothing without a report', async () => {
    const { client } = renderRoute(
      { path: '/', Component: () => <HirerRiskTag risk={{ ...risk, sandbox: true }} /> },
      { at: '/', user: clerk({ permission: [Perm.APPLE_LIST_VIEW_ALL] }) },
    );
    const tag = await screen.findByTestId('hirer-risk');
    expect(tag.textContent).toBe('租机人高风险·沙箱');
    expect(tag.closest('a')).toBeNull();
    client.clear();
  });

  it('renders nothing when the hirer has no report', () => {
    renderRoute(
      {
        path: '/',
        Component: () => (
          <div data-testid="box">
            <HirerRiskTag risk={null} />
          </div>
        ),
      },
      { at: '/', user: admin() },
    );
    return screen.findByTestId('box').then((box) => expect(box.textContent).toBe(''));
  });
});
