import { App } from 'antd';
import { useEffect } from 'react';
import { bindFeedback } from './feedback.ts';

/** FeedbackBridge hands the App-context message and notification to code outside React. */
export function FeedbackBridge() {
  const { message, notification } = App.useApp();
  useEffect(() => bindFeedback({ message, notification }), [message, notification]);
  return null;
}
