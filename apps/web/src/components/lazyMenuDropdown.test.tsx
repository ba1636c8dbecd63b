import { act, fireEvent, render, screen } from '@testing-library/react';
import { Button } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { LazyMenuDropdown } from './lazyMenuDropdown.tsx';

describe('LazyMenuDropdown', () => {
  // First in the file: the menu's code has not been loaded yet, so the click lands on the stand-in button.
  it('opens the menu once its code has come when the button was clicked before', async () => {
    const onClick = vi.fn();
    render(
      <LazyMenuDropdown items={[{ key: 'archive', label: '归档' }]} onClick={onClick}>
        <Button>更多</Button>
      </LazyMenuDropdown>,
    );
    fireEvent.click(screen.getByRole('button', { name: /更\s*多/ }));
    // The menu's code comes (the same module the lazy part imports), then the menu is open without a second click.
    await act(async () => {
      await import('./MenuDropdown.tsx');
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    await act(async () => fireEvent.click(screen.getByRole('menuitem', { name: '归档' })));
    expect(onClick).toHaveBeenCalledWith('archive');
  });
});
