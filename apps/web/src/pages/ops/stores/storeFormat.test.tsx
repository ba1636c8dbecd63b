import { fireEvent, render, screen } from '@testing-library/react';
import { Form } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { AddSlots } from './OpsStorePage.tsx';
import { amountProblem } from './storeFormat.ts';

describe('amountProblem', () => {
  it('asks for an amount when the text is not a number, and for two decimals at most', () => {
    expect(amountProblem('abc')).toBe('请输入金额（数字，如 100.00）');
    expect(amountProblem('1,000')).toBe('请输入金额（数字，如 100.00）');
    expect(amountProblem('1.234')).toBe('金额最多两位小数');
    expect(amountProblem('100.5')).toBeNull();
    expect(amountProblem('-12')).toBeNull();
  });
});

describe('AddSlots', () => {
  it('turns "+50" into the new total', () => {
    const onTotal = vi.fn();
    render(
      <Form>
        <AddSlots total={100} onTotal={onTotal} />
      </Form>,
    );
    expect(screen.getByText('当前共 100 台')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('增加名额'), { target: { value: '50' } });
    expect(onTotal).toHaveBeenLastCalledWith(150);
    expect(screen.getByText('保存后共 150 台')).toBeTruthy();
  });
});
