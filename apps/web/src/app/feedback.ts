import { message } from 'antd';

/** Spec §9: notices stay 3 s, error notices 2 s. */
export const MESSAGE_DURATION_S = 3;
export const ERROR_TOAST_DURATION_S = 2;

message.config({ duration: MESSAGE_DURATION_S });

type MessageApi = ReturnType<typeof message.useMessage>[0];

// Code outside React (request client, route loaders) shows notices through this. It starts as antd's
// static message and is swapped for the hook instance of <FeedbackHost>, which follows the ConfigProvider.
let current: MessageApi = message;

export function bindFeedback(api: MessageApi) {
  current = api;
}

export const feedback = {
  get message() {
    return current;
  },
};

/** toast is the request client's Toaster. */
export const toast = {
  error: (text: string) => void current.error(text, ERROR_TOAST_DURATION_S),
  warning: (text: string) => void current.warning(text),
};
