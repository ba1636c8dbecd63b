import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { EmptyLayoutFrame } from '../components/EmptyLayoutFrame.tsx';
import { ShellFrame } from '../layouts/ShellFrame.tsx';
import { BOOT_FRAME_ID } from './bootFrame.ts';

const paintBootFrame = () => {
  const frame = document.createElement('div');
  frame.id = BOOT_FRAME_ID;
  document.body.append(frame);
};

describe("index.html's console frame", () => {
  afterEach(() => document.getElementById(BOOT_FRAME_ID)?.remove());

  it('goes once the console or operator frame has rendered', () => {
    paintBootFrame();
    const shell = () => <ShellFrame phone={false} nav={null} headerStyle={{}} headerStart="门店" headerEnd={null} />;
    render(<RouterProvider router={createMemoryRouter([{ path: '/', Component: shell }])} />);
    expect(document.getElementById(BOOT_FRAME_ID)).toBeNull();
  });

  it('goes once a bare page has rendered (a visitor sent on to /login, an error page)', () => {
    paintBootFrame();
    render(<EmptyLayoutFrame>登录</EmptyLayoutFrame>);
    expect(document.getElementById(BOOT_FRAME_ID)).toBeNull();
  });
});
