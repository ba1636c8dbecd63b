import { act, cleanup, configure } from '@testing-library/react';
import { Modal, message, notification } from 'antd';
import { afterAll, afterEach, vi } from 'vitest';
// As in the console, antd's static notices and confirms are drawn through AntdScope's holder. It has to be set before
// antd's message holder exists, and the first message.destroy() below creates that holder.
import '../app/AntdScope.tsx';

// findBy*/waitFor wait up to 1 s by default: too short for antd dialogs when the box is loaded.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  // A notice shown through antd's static message (no console layout mounted yet) would outlive its test.
  act(() => message.destroy());
  // Tests replace fetch and XMLHttpRequest through test/fakeNetwork.ts; every test starts from the real ones.
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
});

// antd's static notices render into React roots of their own that testing-library does not unmount. React
// schedules their work with Node's setImmediate, which outlives the file's happy-dom window; left pending,
// it runs during the next file and fails on the missing `window`. Close them and let that work drain here.
afterAll(async () => {
  await act(async () => {
    message.destroy();
    notification.destroy();
    Modal.destroyAll();
    for (let i = 0; i < 5; i++) await new Promise((resolve) => setTimeout(resolve, 20));
  });
});
