import { ANDROID_RESTRICTIONS, CORE_ANDROID_RESTRICTIONS } from '@lease/shared';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { RestrictionEditor, changedKeys, restrictionGroups } from './RestrictionEditor.tsx';

describe('RestrictionEditor', () => {
  it('shows every restriction under its Chinese group, marks the 监管 core set and differences from the default', () => {
    const value = { ...CORE_ANDROID_RESTRICTIONS, no_camera: true };
    render(<RestrictionEditor value={value} baseline={CORE_ANDROID_RESTRICTIONS} sdkInt={26} />);
    expect(screen.getAllByRole('switch')).toHaveLength(ANDROID_RESTRICTIONS.length);
    const security = screen.getByRole('region', { name: '安全与防刷机' });
    expect(within(security).getByText('禁止恢复出厂设置')).toBeTruthy();
    expect(within(security).getAllByText('监管核心').length).toBeGreaterThan(3);
    expect(screen.getAllByText('与门店默认不同')).toHaveLength(1);
    // Android 8 (API 26) cannot forbid switching users (API 28).
    expect(screen.getAllByText('设备不支持').length).toBeGreaterThan(0);
    expect(restrictionGroups.flatMap((g) => g.items)).toHaveLength(ANDROID_RESTRICTIONS.length);
  });

  it('reports a flipped switch and lists what changed', () => {
    const onChange = vi.fn();
    render(<RestrictionEditor value={CORE_ANDROID_RESTRICTIONS} onChange={onChange} />);
    fireEvent.click(screen.getByRole('switch', { name: '禁用相机' }));
    const next = onChange.mock.calls[0][0] as Record<string, boolean>;
    expect(next.no_camera).toBe(true);
    expect(changedKeys(CORE_ANDROID_RESTRICTIONS, next)).toEqual(['no_camera']);
  });
});
