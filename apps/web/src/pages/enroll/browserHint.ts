/**
 * browserHint warns when the page is not open in Safari on an iPhone or iPad: in-app browsers (WeChat, QQ,
 * Alipay) and other browsers cannot install a configuration profile. Null when all is well.
 */
export function browserHint(userAgent: string): string | null {
  const ios = /iPhone|iPad|iPod/i.test(userAgent) || (/Macintosh/i.test(userAgent) && /Mobile/i.test(userAgent));
  if (!ios) return '请在需要登记的 iPhone 上打开此页面。';
  if (/MicroMessenger|QQ\/|AlipayClient|DingTalk|Weibo/i.test(userAgent)) {
    return '当前在应用内浏览器中，无法安装描述文件：请点右上角“…”，选择“在 Safari 中打开”。';
  }
  if (/CriOS|FxiOS|EdgiOS|OPiOS|UCBrowser|MQQBrowser|baiduboxapp/i.test(userAgent)) return '请复制链接，在 Safari 中打开此页面后再安装描述文件。';
  return null;
}
