import { act, fireEvent, render, screen } from '@testing-library/react';
import { Button } from 'antd';
import { describe, expect, it } from 'vitest';
import { Hint } from './Hint.tsx';

/** Lets the tooltip's code (the module Hint imports) arrive and render. */
async function codeArrives() {
  await act(async () => {
    await import('./HintTooltip.tsx');
    await new Promise((resolve) => setTimeout(resolve, 50));
  });
}

describe('Hint', () => {
  // First in the file: the tooltip's code has not been loaded yet, so the pointer leaves while it is on its way.
  it('stays closed when the pointer left before the code came, and a disabled control can still be reached', async () => {
    render(
      <>
        <Hint title="设备未接入">
          <Button disabled>锁定</Button>
        </Hint>
        <Hint title="">
          <span>无提示</span>
        </Hint>
      </>,
    );
    const button = screen.getByRole('button', { name: /锁\s*定/ });
    const wrapper = button.parentElement!;
    expect(wrapper.tagName).toBe('SPAN');
    expect(button.style.pointerEvents).toBe('none');
    fireEvent.mouseEnter(wrapper);
    fireEvent.mouseLeave(wrapper);
    await codeArrives();
    expect(screen.queryByRole('tooltip')).toBeNull();
    expect(screen.getByText('无提示').parentElement?.tagName).toBe('DIV');
  });

  it('renders its element alone until it is reached, then opens the tooltip once the code has come', async () => {
    render(
      <Hint title="最后上报：2026-12-04 10:00">
        <span>3 分钟前</span>
      </Hint>,
    );
    expect(screen.queryByRole('tooltip')).toBeNull();
    fireEvent.mouseEnter(screen.getByText('3 分钟前'));
    await codeArrives();
    expect((await screen.findByRole('tooltip')).textContent).toBe('最后上报：2026-12-04 10:00');
  });
});
