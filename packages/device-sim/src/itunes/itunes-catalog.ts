import { CHINESE_APPS } from '../ios/device-catalog.ts';

/** StandInApp is one App Store entry the iTunes stand-in can find. */
export interface StandInApp {
  trackId: number;
  trackName: string;
  bundleId: string;
  version: string;
  sellerName: string;
  genre: string;
  /** Extra words a clerk might type: pinyin and English names. */
  keywords: string[];
  iphone: boolean;
  ipad: boolean;
  /** Icon background colour of the generated artwork. */
  color: string;
}

const details: Record<string, { seller: string; genre: string; keywords: string[]; color: string }> = {
  'com.tencent.xin': { seller: 'Tencent Technology (Shenzhen) Company Limited', genre: '社交', keywords: ['weixin', 'wechat'], color: '#07c160' },
  'com.alipay.iphoneclient': { seller: 'Alipay.com Co., Ltd', genre: '财务', keywords: ['zhifubao', 'alipay'], color: '#1677ff' },
  'com.ss.iphone.ugc.Aweme': { seller: 'Beijing Microlive Vision Technology Co., Ltd', genre: '摄影与录像', keywords: ['douyin', 'tiktok'], color: '#161823' },
  'com.taobao.taobao4iphone': { seller: 'Taobao (China) Software Co., Ltd.', genre: '购物', keywords: ['taobao'], color: '#ff5000' },
  'com.meituan.imeituan': { seller: 'Beijing Sankuai Online Technology Co., Ltd', genre: '生活', keywords: ['meituan', 'waimai'], color: '#ffc300' },
  'com.autonavi.amap': { seller: 'AutoNavi Software Co., Ltd.', genre: '导航', keywords: ['gaode', 'amap', 'ditu'], color: '#2f7cf6' },
  'com.tencent.mqq': { seller: 'Tencent Technology (Shenzhen) Company Limited', genre: '社交', keywords: ['qq'], color: '#12b7f5' },
  'com.xunmeng.pinduoduo': { seller: 'Shanghai Xunmeng Information Technology Co., Ltd.', genre: '购物', keywords: ['pinduoduo', 'pdd'], color: '#e02e24' },
  'tv.danmaku.bilianime': { seller: 'Shanghai Kuanyu Digital Technology Co., Ltd.', genre: '娱乐', keywords: ['bilibili', 'bzhan'], color: '#fb7299' },
  'com.laiwang.DingTalk': { seller: 'Alibaba (China) Technology Co., Ltd.', genre: '商务', keywords: ['dingding', 'dingtalk'], color: '#3296fa' },
};

/** ITUNES_CATALOG: the phone simulator's popular apps (universal) plus iPad editions of a few of them. */
export const ITUNES_CATALOG: readonly StandInApp[] = [
  ...CHINESE_APPS.map((app) => {
    const d = details[app.identifier] ?? { seller: 'Unknown Seller', genre: '工具', keywords: [], color: '#8c8c8c' };
    return {
      trackId: app.iTunesStoreId,
      trackName: app.name,
      bundleId: app.identifier,
      version: app.shortVersion,
      sellerName: d.seller,
      genre: d.genre,
      keywords: d.keywords,
      iphone: true,
      ipad: true,
      color: d.color,
    };
  }),
  {
    trackId: 553915495,
    trackName: '哔哩哔哩HD',
    bundleId: 'tv.danmaku.bilianimehd',
    version: '2.5.0',
    sellerName: 'Shanghai Kuanyu Digital Technology Co., Ltd.',
    genre: '娱乐',
    keywords: ['bilibili', 'hd'],
    iphone: false,
    ipad: true,
    color: '#fb7299',
  },
  {
    trackId: 453718989,
    trackName: 'QQ HD',
    bundleId: 'com.tencent.mipadqq',
    version: '6.9.6',
    sellerName: 'Tencent Technology (Shenzhen) Company Limited',
    genre: '社交',
    keywords: ['qq', 'hd'],
    iphone: false,
    ipad: true,
    color: '#12b7f5',
  },
  {
    trackId: 1101128356,
    trackName: '京东-不负每一份热爱',
    bundleId: 'com.360buy.jdmobile',
    version: '13.6.2',
    sellerName: 'Beijing Jingdong Century Trading Co., Ltd.',
    genre: '购物',
    keywords: ['jingdong', 'jd'],
    iphone: true,
    ipad: false,
    color: '#e1251b',
  },
  {
    trackId: 741292507,
    trackName: '小红书 - 你的生活兴趣社区',
    bundleId: 'com.xingin.discover',
    version: '8.60',
    sellerName: 'Xingin Information Technology (Shanghai) Co., Ltd.',
    genre: '社交',
    keywords: ['xiaohongshu', 'rednote'],
    iphone: true,
    ipad: true,
    color: '#ff2442',
  },
];

/** matches is the stand-in's search: the term in the name, bundle id, seller or keywords, case-insensitive. */
export function matches(app: StandInApp, term: string): boolean {
  const t = term.trim().toLowerCase();
  if (!t) return false;
  return [app.trackName, app.bundleId, app.sellerName, ...app.keywords].some((field) => field.toLowerCase().includes(t));
}

/** artworkSvg draws a 100×100 icon: the app's first character on its colour, like an App Store tile. */
export function artworkSvg(app: StandInApp): string {
  const initial = [...app.trackName][0] ?? '?';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100" viewBox="0 0 100 100"><rect width="100" height="100" rx="22" fill="${app.color}"/><text x="50" y="66" font-size="46" text-anchor="middle" fill="#fff" font-family="sans-serif">${initial.replace(/[<&>]/g, '')}</text></svg>`;
}
