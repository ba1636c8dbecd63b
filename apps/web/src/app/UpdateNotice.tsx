import { Button, notification } from 'antd';

/**
 * showUpdateNotice tells the clerk a new console build is deployed; it stays until acted on. The
 * module is loaded only when a new build appears, so notification is not part of the first download.
 */
export function showUpdateNotice() {
  notification.info({
    key: 'app-update',
    title: '发现新版本',
    description: '控制台已发布新版本，刷新页面即可使用。',
    duration: false,
    actions: (
      <Button type="primary" size="small" onClick={() => window.location.reload()}>
        立即刷新
      </Button>
    ),
  });
}
