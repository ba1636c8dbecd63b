import { message } from 'antd';
// For its holder: notices are drawn in the console's locale and theme (AntdScope.tsx).
import './AntdScope.tsx';
import { MESSAGE_DURATION_S } from './noticeDurations.ts';

// antd's static message, the console's notices (app/feedback.ts).
message.config({ duration: MESSAGE_DURATION_S });
export { message };
