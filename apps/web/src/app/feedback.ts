import { message, notification, type App } from 'antd';

/** Spec §9: notices stay 3 s, error notices 2 s. */
export const MESSAGE_DURATION_S = 3;
export const ERROR_TOAST_DURATION_S = 2;

message.config({ duration: MESSAGE_DURATION_S });

type FeedbackApi = Pick<ReturnType<typeof App.useApp>, 'message' | 'notification'>;

// Code outside React (request client, route loaders) shows notices through these. They start as
// antd's static functions and are swapped for the App-context ones, which follow the theme and locale.
let current: FeedbackApi = { message, notification };

export function bindFeedback(api: FeedbackApi) {
  current = api;
}

export const feedback = {
  get message() {
    return current.message;
  },
  get notification() {
    return current.notification;
  },
};

/** toast is the request client's Toaster. */
export const toast = {
  error: (text: string) => void current.message.error(text, ERROR_TOAST_DURATION_S),
  warning: (text: string) => void current.message.warning(text),
};
