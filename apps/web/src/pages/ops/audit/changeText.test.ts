import { describe, expect, it } from 'vitest';
import { changeText } from './OpsAuditPage.tsx';

describe('changeText', () => {
  it('shows only the fields that changed, in Chinese, before → after', () => {
    expect(changeText({ device_count: 100, disabled: false, modules: ['apple'] }, { device_count: 500, disabled: false, modules: ['apple', 'android'] })).toBe(
      '设备名额：100 → 500；功能模块：apple → apple、android',
    );
    expect(changeText({ disabled: false }, { disabled: true })).toBe('已停用：否 → 是');
  });

  it('lists a new record whole and says so when nothing is recorded', () => {
    expect(changeText(null, { phone: '13900000000', name: '张三' })).toBe('手机号：13900000000；姓名：张三');
    expect(changeText(null, null)).toBe('—');
  });
});
