import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Overlay } from './Overlay.tsx';

describe('Overlay', () => {
  it('closes on Escape and on the backdrop, not on a click inside the panel, and stops listening once gone', () => {
    const onClose = vi.fn();
    const { container, unmount } = render(
      <Overlay onClose={onClose}>
        <nav aria-label="面板">
          <button type="button">菜单项</button>
        </nav>
      </Overlay>,
    );
    fireEvent.click(screen.getByRole('button', { name: '菜单项' }));
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
    const backdrop = container.querySelector('[aria-hidden="true"]');
    if (!backdrop) throw new Error('no backdrop');
    fireEvent.click(backdrop);
    expect(onClose).toHaveBeenCalledTimes(2);
    unmount();
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});
