import { describe, expect, it } from 'vitest';
import { fenToYuanText, MAX_FEN, parseYuan } from './money.ts';

const fen = (text: string, signed = false) => {
  const r = parseYuan(text, { signed });
  return r.ok ? r.fen : r.message;
};

describe('parseYuan', () => {
  it('reads 元 as exact 分, without float errors', () => {
    expect(fen('12.3')).toBe(1230);
    expect(fen('0.01')).toBe(1);
    expect(fen('0.1')).toBe(10);
    expect(fen('19.99')).toBe(1999);
    expect(fen('1.15')).toBe(115); // 1.15 * 100 is 114.99999999999999 in floats
    expect(fen('4.35')).toBe(435);
    expect(fen(' 1200 ')).toBe(120000);
    expect(fen('1,200.50')).toBe(120050);
    expect(fen('¥88')).toBe(8800);
    expect(fen('0')).toBe(0);
  });

  it('refuses three decimals, negatives and words', () => {
    expect(fen('1.234')).toBe('金额最多两位小数（精确到分）');
    expect(fen('-5')).toBe('金额不能为负数');
    expect(fen('')).toBe('请填写金额');
    expect(fen('12.')).toMatch(/格式有误/);
    expect(fen('.5')).toMatch(/格式有误/);
    expect(fen('1e3')).toMatch(/格式有误/);
    expect(fen('十元')).toMatch(/格式有误/);
    expect(fen('10000000.01')).toBe('金额过大');
    expect(fen('99999999999999')).toBe('金额过大');
    expect(fen('10000000')).toBe(MAX_FEN);
  });

  it('takes a signed amount for a correction', () => {
    expect(fen('-12.3', true)).toBe(-1230);
    expect(fen('-0.01', true)).toBe(-1);
    expect(fen('-0.011', true)).toBe('金额最多两位小数（精确到分）');
  });
});

describe('fenToYuanText', () => {
  it('writes 分 as the 元 a clerk would type, and reads back the same', () => {
    expect(fenToYuanText(1230)).toBe('12.30');
    expect(fenToYuanText(1)).toBe('0.01');
    expect(fenToYuanText(120000)).toBe('1200');
    expect(fenToYuanText(-5)).toBe('-0.05');
    for (const n of [0, 1, 99, 100, 115, 435, 123456789]) expect(fen(fenToYuanText(n))).toBe(n);
  });
});
