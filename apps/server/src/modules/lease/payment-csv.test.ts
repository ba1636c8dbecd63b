import { describe, expect, it } from 'vitest';
import { parseCsv, readPayments, yuanToFen } from './payment-csv.ts';

describe('payments CSV', () => {
  it('reads quoted fields, doubled quotes, CRLF and a BOM', () => {
    expect(parseCsv('\uFEFFa,"b,c","d""e"\r\n1,2,3\n\n')).toEqual([
      ['a', 'b,c', 'd"e'],
      ['1', '2', '3'],
    ]);
    expect(parseCsv('x,"line\nbreak"')).toEqual([['x', 'line\nbreak']]);
    expect(parseCsv('a,b')).toEqual([['a', 'b']]);
  });

  it('turns 元 into 分 exactly, and refuses what is not a positive amount with at most two decimals', () => {
    expect(yuanToFen('12.3')).toBe(1230);
    expect(yuanToFen('0.01')).toBe(1);
    expect(yuanToFen('1,299.00')).toBe(129900);
    expect(yuanToFen('¥8')).toBe(800);
    expect(yuanToFen(' 19.99 ')).toBe(1999);
    for (const bad of ['0', '0.00', '-1', '1.234', 'abc', '', '1e3', '.5']) expect(yuanToFen(bad), bad).toBeNull();
  });

  it('names each bad row with its line and keeps reading the others', () => {
    const { rows, headerError } = readPayments(
      ['序列号,金额,支付方式,流水号,还款时间', 'S1,100,微信,W1,2026-12-01 10:30', 'S2,1.001,现金,,', 'S3,5,刷卡,,', ',5,现金,,', 'S4,5,,R,2026-13-40'].join(
        '\n',
      ),
    );
    expect(headerError).toBeNull();
    expect(rows[0]).toMatchObject({ line: 2, serial: 'S1', amountFen: 10000, method: 'wechat', reference: 'W1', paidAt: new Date('2026-12-01T02:30:00Z') });
    expect(rows[1]).toEqual({ line: 3, error: '金额应为大于 0 的数字，最多两位小数' });
    expect(rows[2]).toMatchObject({ line: 4, error: expect.stringContaining('支付方式') });
    expect(rows[3]).toMatchObject({ line: 5, error: expect.stringContaining('序列号') });
    expect(rows[4]).toMatchObject({ line: 6, error: expect.stringContaining('还款时间') });
  });

  it('takes English headers and codes, an explicit time zone, and defaults the method to 其他', () => {
    const { rows } = readPayments('plan_id,amount_yuan,method,paid_at\nP,3,alipay,2026-12-01T00:00:00Z\nP,4,,');
    expect(rows[0]).toMatchObject({ planId: 'P', amountFen: 300, method: 'alipay', paidAt: new Date('2026-12-01T00:00:00Z') });
    expect(rows[1]).toMatchObject({ method: 'other', paidAt: null });
  });

  it('refuses a file without an amount or a plan column, or with nothing but a header', () => {
    expect(readPayments('序列号,流水号\nS,1').headerError).toContain('金额');
    expect(readPayments('金额,流水号\n1,1').headerError).toContain('计划列');
    expect(readPayments('序列号,金额').headerError).toContain('至少');
    expect(readPayments(`序列号,金额\n${'S,1\n'.repeat(1001)}`).headerError).toContain('1000');
  });

  it('reads a lone CR as a line end, drops blank lines, and keeps a last field without a line end', () => {
    expect(parseCsv('a,b\rc,d')).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
    expect(parseCsv('a\r\n  \r\n,\nb,')).toEqual([['a'], ['b', '']]);
    expect(parseCsv('a,')).toEqual([['a', '']]);
    expect(parseCsv('"a"b')).toEqual([['ab']]);
  });

  it('takes the other header spellings and method names, and refuses a reference over 64 characters', () => {
    const { rows } = readPayments(
      ['计划ID,Amount_Yuan,METHOD,Reference', 'P1,1,银行,', 'P2,1,微信支付,', `P3,1,other,${'x'.repeat(65)}`, 'P4,1,bank,R'].join('\n'),
    );
    expect(rows[0]).toMatchObject({ planId: 'P1', method: 'bank' });
    expect(rows[1]).toMatchObject({ planId: 'P2', method: 'wechat' });
    expect(rows[2]).toEqual({ line: 4, error: '流水号最多 64 个字符' });
    expect(rows[3]).toMatchObject({ planId: 'P4', method: 'bank', reference: 'R', serial: '', imei: '' });
    expect(readPayments('imei,金额\n8612,1').rows[0]).toMatchObject({ imei: '8612', planId: '', serial: '' });
    expect(readPayments('serial_number,金额\nS,1').rows[0]).toMatchObject({ serial: 'S' });
  });

  it('reads times with an offset as given and times without one as China time', () => {
    const { rows } = readPayments(['序列号,金额,还款时间', 'S,1,2026-12-01T10:00:00+09:00', 'S,1,2026-12-01T10:00:00+0800', 'S,1,2026-12-01 10:00'].join('\n'));
    expect(rows.map((r) => ('paidAt' in r ? r.paidAt?.toISOString() : r.error))).toEqual([
      '2026-12-01T01:00:00.000Z',
      '2026-12-01T02:00:00.000Z',
      '2026-12-01T02:00:00.000Z',
    ]);
  });

  it('takes up to 1000 rows', () => {
    expect(readPayments(`序列号,金额\n${'S,1\n'.repeat(1000)}`).rows).toHaveLength(1000);
    expect(readPayments('序列号,金额\n').headerError).toBe('CSV 至少需要表头和一行还款');
    expect(readPayments('序列号,流水号\nS,1').headerError).toBe('表头缺少金额列（amount_yuan 或 金额）');
    expect(readPayments('金额,流水号\n1,1').headerError).toBe('表头缺少计划列（plan_id、serial_number 或 imei）');
  });
});
