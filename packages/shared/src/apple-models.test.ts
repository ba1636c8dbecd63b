import { describe, expect, it } from 'vitest';
import { appleColorLabel, appleModelName } from './apple-models.ts';

describe('appleModelName', () => {
  it('names the iPhone 17 family and the iPhone Air (iPhone18,x)', () => {
    expect(appleModelName('iPhone18,1')).toBe('iPhone 17 Pro');
    expect(appleModelName('iPhone18,2')).toBe('iPhone 17 Pro Max');
    expect(appleModelName('iPhone18,3')).toBe('iPhone 17');
    expect(appleModelName('iPhone18,4')).toBe('iPhone Air');
    expect(appleModelName('iPhone18,5')).toBe('iPhone 17e');
  });

  it('names the current iPads, Wi-Fi and cellular alike', () => {
    expect(appleModelName('iPad15,7')).toBe('iPad（A16）');
    expect(appleModelName('iPad15,8')).toBe('iPad（A16）');
    expect(appleModelName('iPad16,2')).toBe('iPad mini（A17 Pro）');
    expect(appleModelName('iPad15,5')).toBe('iPad Air 13 英寸（M3）');
    expect(appleModelName('iPad16,9')).toBe('iPad Air 11 英寸（M4）');
    expect(appleModelName('iPad16,6')).toBe('iPad Pro 13 英寸（M4）');
    expect(appleModelName('iPad17,1')).toBe('iPad Pro 11 英寸（M5）');
  });

  it('keeps the names it already had', () => {
    expect(appleModelName('iPhone15,2')).toBe('iPhone 14 Pro');
    expect(appleModelName('iPhone17,5')).toBe('iPhone 16e');
  });

  it('shows an unknown identifier as the device reported it, never blank', () => {
    expect(appleModelName('iPhone99,9')).toBe('iPhone99,9');
    expect(appleModelName('')).toBe('');
    // Object.prototype members are not names.
    expect(appleModelName('constructor')).toBe('constructor');
    expect(appleModelName('toString')).toBe('toString');
    expect(appleModelName('__proto__')).toBe('__proto__');
  });
});

describe('appleColorLabel', () => {
  it('labels the colours of the new iPhones in Chinese, whatever the case', () => {
    expect(appleColorLabel('COSMIC ORANGE')).toBe('星宇橙色');
    expect(appleColorLabel('DEEP BLUE')).toBe('深蓝色');
    expect(appleColorLabel('SKY BLUE')).toBe('天蓝色');
    expect(appleColorLabel('LIGHT GOLD')).toBe('浅金色');
    expect(appleColorLabel('CLOUD WHITE')).toBe('云白色');
    expect(appleColorLabel('LAVENDER')).toBe('薰衣草紫色');
    expect(appleColorLabel('SAGE')).toBe('鼠尾草绿色');
    expect(appleColorLabel('Mist Blue')).toBe('青雾蓝色');
    expect(appleColorLabel('SPACE BLACK')).toBe('深空黑色');
    expect(appleColorLabel('SILVER')).toBe('银色');
  });

  it('keeps an unknown colour as Apple named it', () => {
    expect(appleColorLabel('SOFT PINK')).toBe('SOFT PINK');
    expect(appleColorLabel('')).toBe('');
  });
});
