import { describe, expect, it } from 'vitest';
import { browserHint } from './browserHint.ts';

const SAFARI = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

describe('browserHint', () => {
  it('is quiet in Safari on an iPhone', () => {
    expect(browserHint(SAFARI)).toBeNull();
  });

  it('sends WeChat users to Safari', () => {
    expect(browserHint(`${SAFARI} MicroMessenger/8.0.47(0x18002f2f) NetType/WIFI Language/zh_CN`)).toContain('在 Safari 中打开');
  });

  it('asks for Safari instead of Chrome on iOS, and for the iPhone itself on a computer', () => {
    expect(browserHint(SAFARI.replace('Version/17.5', 'CriOS/125.0.6422.80'))).toContain('Safari');
    expect(browserHint('Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/125.0 Safari/537.36')).toBe('请在需要登记的 iPhone 上打开此页面。');
  });
});
