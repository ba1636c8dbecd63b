import { Module, Perm } from '@lease/shared';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { admin, clerk } from '../../test/fixtures.ts';
import { EmptyStoreGuide, firstDeviceSteps, registrablePlatforms } from './EmptyStoreGuide.tsx';

const show = (user: ReturnType<typeof clerk>) =>
  render(
    <MemoryRouter>
      <EmptyStoreGuide user={user} ownOnly={false} />
    </MemoryRouter>,
  );

describe('EmptyStoreGuide', () => {
  it('offers an admin both platforms, step by step', async () => {
    expect(registrablePlatforms(admin())).toEqual({ apple: true, android: true });
    show(admin());
    // The guide's code loads when it is first drawn (components/FirstDeviceGuide.tsx).
    expect(await screen.findByRole('button', { name: '登记 Apple 设备' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '接入 Android 设备' })).toBeTruthy();
    expect(screen.getByText(/Android 设备在设备列表点击“登记设备”/)).toBeTruthy();
  });

  it('gives a clerk who may register only Apple phones no Android step or button (review D8)', async () => {
    const user = clerk({ permission: [Perm.APPLE_LIST_NEW, Perm.APPLE_ENABLE_LOST_MODE] });
    show(user);
    expect(await screen.findByRole('button', { name: '登记 Apple 设备' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '接入 Android 设备' })).toBeNull();
    expect(screen.queryByText(/Android/)).toBeNull();
  });

  it('shows no onboarding steps to a clerk who may register nothing, and says why', async () => {
    const user = clerk({ permission: [Perm.APPLE_LIST_VIEW_ALL, Perm.ANDROID_LOCK] });
    expect(firstDeviceSteps(registrablePlatforms(user))).toEqual([]);
    show(user);
    expect(await screen.findByText('你没有登记设备的权限，请联系门店管理员。')).toBeTruthy();
    expect(screen.queryByText('登记设备')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('leaves out a platform the store has not bought, even for an admin', () => {
    expect(registrablePlatforms(admin({ available_modules: [Module.APPLE] }))).toEqual({ apple: true, android: false });
  });
});
