import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';

// Pages import dayjs from here so dates are formatted in Chinese; dayjs stays out of the first download.
dayjs.locale('zh-cn');

export default dayjs;
