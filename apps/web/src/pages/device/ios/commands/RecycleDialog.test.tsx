import { fireEvent, screen, waitFor } from '@testing-library/react';
import { LockStatus } from '@lease/shared';
import { describe, expect, it, vi } from 'vitest';
import { answerFetch } from '../../../../test/fakeNetwork.ts';
import { commandPosts, renderRoute } from '../../../../test/renderRoute.tsx';
import { MoveToRecycleBinDialog, RebootDialog, RestoreDialog, recycleWarning } from './CommandDialogs.tsx';
import type { DeviceRef } from './useDeviceCommand.ts';

const DEVICE: DeviceRef = { id: '0b8a3f5e-1c2d-4e3f-9a4b-5c6d7e8f9a0b', model_name: 'iPhone 15', serial_number: 'F2LXK0ABCD12' };

function open(Dialog: typeof MoveToRecycleBinDialog, device: DeviceRef) {
  const fetchMock = answerFetch(vi.fn(async () => Response.json({ ok: true })));
  renderRoute({ path: '/', element: <Dialog device={device} onClose={vi.fn()} /> }, { at: '/' });
  return fetchMock;
}

describe('recycle bin dialogs', () => {
  it('warns only for a locked or locking phone', () => {
    expect(recycleWarning({ ...DEVICE, lock_status: LockStatus.LOCKED })).toContain('移入回收站后无法解锁');
    expect(recycleWarning({ ...DEVICE, lock_status: LockStatus.LOCKING })).toContain('仍处于锁定状态');
    expect(recycleWarning({ ...DEVICE, lock_status: LockStatus.UNLOCKED })).toBeNull();
    expect(recycleWarning(DEVICE)).toBeNull();
  });

  it('moves an unlocked phone with one click, no tick', async () => {
    const fetchMock = open(MoveToRecycleBinDialog, { ...DEVICE, lock_status: LockStatus.UNLOCKED });
    expect(screen.queryByRole('checkbox')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '移入回收站' }));
    await waitFor(() => expect(commandPosts(fetchMock, 'move-to-recycle-bin')).toHaveLength(1));
  });

  it('says a locked phone stays locked and sends only after the explicit tick', async () => {
    const fetchMock = open(MoveToRecycleBinDialog, { ...DEVICE, lock_status: LockStatus.LOCKED });
    expect(screen.getByText(/移入回收站后无法解锁/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '移入回收站' }));
    expect(await screen.findByText('请勾选确认后再继续')).toBeTruthy();
    expect(commandPosts(fetchMock, 'move-to-recycle-bin')).toHaveLength(0);
    fireEvent.click(screen.getByRole('checkbox', { name: '我已知晓设备将保持锁定，仍移入回收站' }));
    fireEvent.click(screen.getByRole('button', { name: '移入回收站' }));
    await waitFor(() => expect(commandPosts(fetchMock, 'move-to-recycle-bin')).toHaveLength(1));
  });

  it('restores without a tick (it can be undone)', () => {
    open(RestoreDialog, DEVICE);
    expect(screen.queryByRole('checkbox')).toBeNull();
  });

  it('reboots without a tick', () => {
    open(RebootDialog, DEVICE);
    expect(screen.queryByRole('checkbox')).toBeNull();
  });
});
