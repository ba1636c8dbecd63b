import { message } from 'antd';
import { MESSAGE_DURATION_S } from './feedback.ts';

// antd's static message, for notices shown where no <FeedbackHost> is mounted (the bare login page).
message.config({ duration: MESSAGE_DURATION_S });
export { message };
