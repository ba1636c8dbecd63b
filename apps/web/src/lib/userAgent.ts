/**
 * describeUserAgent turns a browser's User-Agent into what a store admin recognises: the browser (or the app
 * it runs in) and the system, e.g. "微信 · iOS 17.5" or "Chrome 126 · Windows". Unknown parts are left out;
 * an unreadable string gives "未知浏览器".
 */
export function describeUserAgent(ua: string): string {
  const browser = browserOf(ua);
  const system = systemOf(ua);
  if (!browser && !system) return '未知浏览器';
  return [browser ?? '未知浏览器', system].filter(Boolean).join(' · ');
}

const major = (ua: string, re: RegExp) => re.exec(ua)?.[1]?.split('.')[0];

function browserOf(ua: string): string | null {
  // Apps and vendor browsers first: their strings also name Chrome or Safari.
  if (/MicroMessenger/i.test(ua)) return '微信';
  if (/DingTalk/i.test(ua)) return '钉钉';
  if (/AlipayClient/i.test(ua)) return '支付宝';
  if (/MQQBrowser|QQBrowser/i.test(ua)) return 'QQ 浏览器';
  if (/UCBrowser|UCWEB/i.test(ua)) return 'UC 浏览器';
  if (/Quark/i.test(ua)) return '夸克';
  if (/HuaweiBrowser/i.test(ua)) return '华为浏览器';
  if (/MiuiBrowser/i.test(ua)) return '小米浏览器';
  if (/360SE|360EE|QihooBrowser/i.test(ua)) return '360 浏览器';
  if (/SogouMobileBrowser|SE 2\.X MetaSr/i.test(ua)) return '搜狗浏览器';
  const edge = major(ua, /Edg(?:e|A|iOS)?\/([\d.]+)/);
  if (edge) return `Edge ${edge}`;
  const firefox = major(ua, /(?:Firefox|FxiOS)\/([\d.]+)/);
  if (firefox) return `Firefox ${firefox}`;
  const chrome = major(ua, /(?:Chrome|CriOS)\/([\d.]+)/);
  if (chrome) return `Chrome ${chrome}`;
  const safari = /Safari\//.test(ua) ? major(ua, /Version\/([\d.]+)/) : undefined;
  if (safari) return `Safari ${safari}`;
  if (/Safari\//.test(ua)) return 'Safari';
  return null;
}

function systemOf(ua: string): string | null {
  const ios = /(?:iPhone|iPad|iPod).*? OS (\d+)(?:_(\d+))?/.exec(ua);
  if (ios) return `iOS ${ios[1]}${ios[2] ? `.${ios[2]}` : ''}`;
  const android = /Android ([\d.]+)/.exec(ua);
  if (android) return `Android ${android[1]!.split('.')[0]}`;
  if (/HarmonyOS|OpenHarmony/i.test(ua)) return '鸿蒙';
  if (/Windows NT/.test(ua)) return 'Windows';
  if (/Mac OS X|Macintosh/.test(ua)) return 'macOS';
  if (/CrOS/.test(ua)) return 'ChromeOS';
  if (/Linux/.test(ua)) return 'Linux';
  return null;
}
