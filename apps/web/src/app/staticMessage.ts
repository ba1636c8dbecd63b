import { message } from 'antd';
import { MESSAGE_DURATION_S } from './noticeDurations.ts';

// antd's static message, the console's notices (app/feedback.ts).
message.config({ duration: MESSAGE_DURATION_S });
export { message };
