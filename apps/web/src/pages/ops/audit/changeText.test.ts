import { moduleLabel } from '@lease/shared';
import { describe, expect, it } from 'vitest';
import { changeText, targetText } from './OpsAuditPage.tsx';

describe('changeText', () => {
  it('shows only the fields that changed, in Chinese, before → after', () => {
    expect(changeText({ device_count: 100, disabled: false, modules: ['apple'] }, { device_count: 500, disabled: false, modules: ['apple', 'android'] })).toBe(
      `设备名额：100 → 500；功能模块：${moduleLabel.apple} → ${moduleLabel.apple}、${moduleLabel.android}`,
    );
    expect(changeText({ modules: ['apple'] }, { modules: [] })).not.toContain('apple');
    expect(changeText({ disabled: false }, { disabled: true })).toBe('已停用：否 → 是');
  });

  it('lists a new record whole and says so when nothing is recorded', () => {
    expect(changeText(null, { phone: '13900000000', name: '张三' })).toBe('手机号：13900000000；姓名：张三');
    expect(changeText(null, null)).toBe('—');
  });

  it('shows money in ¥ with two decimals and the movement kind in Chinese', () => {
    expect(changeText(null, { balance_fen: 1_000_050, kind: 'top_up', amount_fen: 1_000_000, reason: '线下转账' })).toBe(
      '余额：¥10000.50；类型：充值；金额：¥10000.00；原因：线下转账',
    );
    expect(changeText(null, { kind: 'correction', amount_fen: -1234 })).toBe('类型：更正；金额：-¥12.34');
  });

  it('names a store by its name, else by the raw id', () => {
    expect(targetText({ target_id: 'b1f0', target_name: '星光租机店' })).toBe('星光租机店');
    expect(targetText({ target_id: 'b1f0', target_name: null })).toBe('b1f0');
    expect(targetText({ target_id: '', target_name: null })).toBe('—');
  });
});
