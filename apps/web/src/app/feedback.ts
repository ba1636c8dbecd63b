import type { ArgsProps, MessageInstance } from 'antd/es/message/interface';
import type { ReactNode } from 'react';

/** Spec §9: notices stay 3 s, error notices 2 s. */
export const MESSAGE_DURATION_S = 3;
export const ERROR_TOAST_DURATION_S = 2;

// Code outside React (request client, route loaders) shows notices through this. While a page inside
// <AntdScope> is shown, <FeedbackHost> binds its hook instance (which follows the ConfigProvider);
// otherwise antd's static message is loaded on first use, so the login page's first download has no antd.
let current: MessageInstance | null = null;
let staticMessage: Promise<MessageInstance> | null = null;

export function bindFeedback(api: MessageInstance | null) {
  current = api;
}

function withMessage(use: (api: MessageInstance) => unknown) {
  if (current) return void use(current);
  staticMessage ??= import('./staticMessage.ts').then((m) => m.message);
  void staticMessage.then((api) => use(current ?? api));
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
