import type { ArgsProps, MessageInstance } from 'antd/es/message/interface';
import type { ReactNode } from 'react';
import { ERROR_TOAST_DURATION_S } from './noticeDurations.ts';

// Notices from anywhere (request client, route loaders, pages) go through antd's static message, loaded
// on first use: neither the login page's nor the console's first download carries it.
let staticMessage: Promise<MessageInstance> | null = null;

function withMessage(use: (api: MessageInstance) => unknown) {
  staticMessage ??= import('./staticMessage.ts').then((m) => m.message);
  void staticMessage.then(use);
}

type Kind = 'info' | 'success' | 'error' | 'warning' | 'loading';
const say = (kind: Kind) => (content: ReactNode, duration?: number) => withMessage((api) => api[kind](content, duration));

/** The notices code outside React may show; they appear once antd is loaded. */
export const feedback = {
  message: {
    info: say('info'),
    success: say('success'),
    error: say('error'),
    warning: say('warning'),
    loading: say('loading'),
    open: (args: ArgsProps) => withMessage((api) => api.open(args)),
    destroy: (key?: React.Key) => withMessage((api) => api.destroy(key)),
  },
};

/** toast is the request client's Toaster. */
export const toast = {
  error: (text: string) => feedback.message.error(text, ERROR_TOAST_DURATION_S),
  warning: (text: string) => feedback.message.warning(text),
};
