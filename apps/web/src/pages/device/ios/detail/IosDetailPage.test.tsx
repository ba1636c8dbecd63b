import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { answerFetch } from '../../../../test/fakeNetwork.ts';
import { admin } from '../../../../test/fixtures.ts';
import { renderRoute } from '../../../../test/renderRoute.tsx';
import IosDetailPage from './IosDetailPage.tsx';
import { iosDetail } from './iosDetail.fixture.ts';

// Every header the page draws, with the address it drew it under: act() flushes the deferred render, so only the
// renders on the way show a header of the wrong device.
const drawn = vi.hoisted(() => [] as { device: string; address: string }[]);
vi.mock('./DeviceHeader.tsx', async () => {
  const { useParams } = await import('react-router');
  return {
    DeviceHeader: ({ device }: { device: { id: string; serial_number: string } }) => {
      drawn.push({ device: device.id, address: useParams().id ?? '' });
      return <span>{device.serial_number}</span>;
    },
  };
});

const A = iosDetail();
const B = iosDetail({ id: '1c9b4f6e-2d3e-4f5a-8b6c-7d8e9f0a1b2c', serial_number: 'G7QRS1WXYZ34' });

describe('IosDetailPage', () => {
  it('never shows the previous device under the next device’s address while the next one loads', async () => {
    answerFetch(
      vi.fn(async (url: string) => {
        if (url.startsWith(`/api/device/ios/${A.id}`)) return Response.json(A);
        // The next device's answer is still on its way.
        if (url.startsWith(`/api/device/ios/${B.id}`)) return new Promise<Response>(() => {});
        if (url.startsWith('/api/system/client-config')) return Response.json({});
        return new Response('', { status: 404 });
      }),
    );
    const { router } = renderRoute({ path: '/console/device/ios/:id', Component: IosDetailPage }, { at: `/console/device/ios/${A.id}`, user: admin() });
    expect((await screen.findAllByText(A.serial_number)).length).toBeGreaterThan(0);
    await act(() => router.navigate(`/console/device/ios/${B.id}`));
    await waitFor(() => expect(screen.queryAllByText(A.serial_number)).toEqual([]));
    expect(drawn.length).toBeGreaterThan(0);
    expect(drawn.filter((d) => d.device !== d.address)).toEqual([]);
  });
});
