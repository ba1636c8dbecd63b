import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { answerFetch } from '../../../../test/fakeNetwork.ts';
import { admin } from '../../../../test/fixtures.ts';
import { renderRoute } from '../../../../test/renderRoute.tsx';
import { RegisterDialog } from './RegisterDialog.tsx';

const link = (serial: string) => ({
  id: `00000000-0000-4000-8000-${serial.slice(-12).padStart(12, '0')}`,
  serial_number: serial,
  enroll_link: `http://x/enroll/${serial}`,
});

describe('RegisterDialog', { timeout: 30_000 }, () => {
  it('sends the well-typed serials, then names the mistyped and the already registered ones beside the links', async () => {
    const fetchMock = answerFetch(
      vi.fn(async (url: string, init?: RequestInit) => {
        if (url === '/api/device/ios/new') {
          const { serial_numbers } = JSON.parse(String(init?.body)) as { serial_numbers: string[] };
          return Response.json({
            list: serial_numbers.filter((s) => s !== 'DUPLICATE0001').map(link),
            rejected: [{ serial_number: 'DUPLICATE0001', reason: '序列号已登记' }],
          });
        }
        return new Response('', { status: 404 });
      }),
    );
    renderRoute({ path: '/', Component: () => <RegisterDialog chooseClerk={false} onClose={vi.fn()} /> }, { at: '/', user: admin() });
    const dialog = await screen.findByRole('dialog', { name: '登记设备' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: '序列号' }), { target: { value: 'F2LXK0ABCD12\nDUPLICATE0001\nBAD-1' } });
    // The mistyped one is named as left out, without holding the others back.
    expect(await within(dialog).findByText(/1 个格式有误，不会登记：BAD-1/)).toBeTruthy();
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: /登记 2 台设备/ })));

    const sent = fetchMock.mock.calls.filter(([url]) => url === '/api/device/ios/new').map(([, init]) => JSON.parse(String(init?.body)));
    expect(sent).toEqual([{ serial_numbers: ['F2LXK0ABCD12', 'DUPLICATE0001'] }]);
    const done = await screen.findByRole('dialog', { name: '登记成功' });
    expect(within(done).getByText(/已登记 1 台设备/)).toBeTruthy();
    const rejected = within(done).getByTestId('rejected-serials');
    expect(rejected.textContent).toContain('DUPLICATE0001 序列号已登记');
    expect(rejected.textContent).toContain('BAD-1 格式有误');
    expect(within(done).getByText('http://x/enroll/F2LXK0ABCD12')).toBeTruthy();
  });
});
