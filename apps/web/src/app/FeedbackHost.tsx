import { message } from 'antd';
import { useEffect } from 'react';
import { bindFeedback, MESSAGE_DURATION_S } from './feedback.ts';

/**
 * FeedbackHost renders antd's message holder inside the ConfigProvider and hands its API to code
 * outside React. (antd's App component would also pull Modal into the first download.)
 */
export default function FeedbackHost() {
  const [api, holder] = message.useMessage({ duration: MESSAGE_DURATION_S });
  useEffect(() => {
    bindFeedback(api);
    return () => bindFeedback(null);
  }, [api]);
  return holder;
}
