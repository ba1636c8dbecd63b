import { fireEvent, render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { CollapsibleFilters } from './CollapsibleFilters.tsx';

// A phone's screen: useIsPhone asks matchMedia once, on first use.
beforeAll(() => {
  window.matchMedia = ((media: string) => ({ matches: true, media, addEventListener() {}, removeEventListener() {} })) as unknown as typeof window.matchMedia;
});

const toggle = () => screen.getByRole('button', { name: /筛选/ });

describe('CollapsibleFilters on a phone', () => {
  it('folds the filters behind 筛选, opening and closing them', () => {
    render(
      <CollapsibleFilters active={false}>
        <input aria-label="IMEI" />
      </CollapsibleFilters>,
    );
    expect(screen.queryByLabelText('IMEI')).toBeNull();
    expect(toggle().parentElement?.className).toBe('filters-toggle');
    fireEvent.click(toggle());
    expect(screen.getByLabelText('IMEI')).toBeTruthy();
    expect(toggle().getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(toggle());
    expect(screen.queryByLabelText('IMEI')).toBeNull();
  });

  it('says, in words and with a dot, that filters apply while they are folded', () => {
    render(
      <CollapsibleFilters active>
        <input aria-label="IMEI" />
      </CollapsibleFilters>,
    );
    expect(toggle().textContent).toContain('筛选（已筛选）');
    expect(toggle().parentElement?.className).toBe('filters-toggle filters-toggle-active');
  });
});
