import { describe, expect, it } from 'vitest';
import * as shared from '../index.ts';
import * as agentProtocol from '../agent-protocol.ts';
import { distributionLogQuery } from './clerk.ts';
import { iosListQuery, iosLockRequest, updateRemarkRequest } from './ios-device.ts';
import { operationLogListQuery } from './logs.ts';
import { CheckinRequest } from '../agent-protocol.ts';
import { calendarDate8, isCalendarDate8, isSafeText, isoDateTime, safeTextMessage, text, uuid } from './safe-input.ts';

const id = '2fdc7385-7612-47fc-a586-475cbf6a00c8';

describe('text', () => {
  it('refuses NUL and lone surrogates with a Chinese message, and keeps pairs, emoji and Chinese', () => {
    for (const bad of ['\u0000', 'a\u0000b', '\ud800', 'x\udfffy', '\udc00\ud800']) {
      expect(isSafeText(bad)).toBe(false);
      expect(text().safeParse(bad).error?.issues[0].message).toBe(safeTextMessage);
    }
    for (const good of ['', '租机宝', '😀👨‍👩‍👧', '𠀀', '\t\n', "' OR 1=1 --"]) expect(text().safeParse(good).success).toBe(true);
  });

  it('chains like z.string(): the safety check comes first and the later checks still apply', () => {
    const name = text().trim().min(1, '请输入').max(3, '太长');
    expect(name.parse('  ab ')).toBe('ab');
    expect(name.safeParse('a\u0000b').error?.issues.map((i) => i.message)).toEqual([safeTextMessage]);
    expect(name.safeParse('abcd').error?.issues[0].message).toBe('太长');
  });

  it('guards the request schemas: NUL in a remark, a surrogate in a lock message', () => {
    expect(updateRemarkRequest.safeParse({ device_id: id, remark: 'a\u0000' }).success).toBe(false);
    expect(iosLockRequest.safeParse({ device_id: id, message: '\ud800' }).success).toBe(false);
    expect(updateRemarkRequest.safeParse({ device_id: id, remark: '备注' }).success).toBe(true);
  });
});

describe('uuid', () => {
  it('takes uuids only', () => {
    expect(uuid.safeParse(id).success).toBe(true);
    expect(uuid.safeParse(id.toUpperCase()).success).toBe(true);
    for (const bad of ['-'.repeat(36), "' OR 1=1 --", `${id}\u0000`, '00000000-0000-0000-0000-00000000000g', ''])
      expect(uuid.safeParse(bad).success).toBe(false);
  });
});

describe('calendar dates', () => {
  it('takes days that exist and refuses the rest', () => {
    for (const good of ['20260101', '20240229', '20261231', '19000101']) expect(isCalendarDate8(good)).toBe(true);
    for (const bad of ['20261345', '00000000', '20260230', '20250229', '20260132', '20260001', '99999999', '18991231', '2026011', 'abcdefgh'])
      expect(isCalendarDate8(bad)).toBe(false);
    expect(calendarDate8.safeParse('20261345').error?.issues[0].message).toMatch(/日期无效/);
  });

  it('is what the date filters use', () => {
    expect(distributionLogQuery.safeParse({ start_date: '20261345' }).success).toBe(false);
    expect(operationLogListQuery.safeParse({ end_date: '00000000' }).success).toBe(false);
    expect(iosListQuery.safeParse({ registration_time: ['20260101', '20260230'] }).success).toBe(false);
    expect(iosListQuery.safeParse({ registration_time: ['20260101', '20260228'] }).success).toBe(true);
  });
});

describe('date-times', () => {
  it('refuses instants PostgreSQL or JavaScript cannot hold, in the lock schedule and the agent reports', () => {
    for (const bad of ['+275760-09-13T00:00:00.000Z', '-271821-04-20T00:00:00.000Z', '0000-01-01T00:00:00Z']) {
      expect(iosLockRequest.safeParse({ device_id: id, message: '锁', when: bad }).success).toBe(false);
    }
    expect(iosLockRequest.safeParse({ device_id: id, message: '锁', when: '2026-12-01T08:00:00+08:00' }).success).toBe(true);
    expect(isoDateTime.safeParse('0000-01-01T00:00:00Z').success).toBe(false);
    expect(isoDateTime.safeParse('2026-01-01T00:00:00+08:00').success).toBe(true);
    expect(CheckinRequest.safeParse({ lock_state: { locked: false, epoch: 0, since: '0000-01-01T00:00:00Z' }, policy_version: 1 }).success).toBe(false);
  });
});

// Every request schema is built from the helpers.

// zod's definitions are walked structurally: their fields differ by type.
// biome-ignore lint/suspicious/noExplicitAny: zod's internal definitions have no public type
type Node = { _zod: { def: Record<string, any> } };
const isZod = (v: unknown): v is Node => typeof v === 'object' && v !== null && '_zod' in v;

/** An anchored pattern without `.`, negated classes or \S \W \D matches neither NUL nor a lone surrogate. */
const takesPatternOnly = (format: string, pattern?: RegExp) =>
  format === 'uuid' || (format === 'regex' && /^\^.*\$$/.test(String(pattern?.source)) && !/\.|\[\^|\\[SWD]/.test(String(pattern?.source)));

/** unsafeStrings lists the string fields of a schema that neither refuse NUL and lone surrogates nor take only an anchored pattern. */
function unsafeStrings(node: Node, path: string, out: string[], seen: Set<unknown>): void {
  if (seen.has(node)) return;
  seen.add(node);
  const def = node._zod.def;
  const walk = (child: unknown, p: string): void => {
    if (isZod(child)) unsafeStrings(child, p, out, seen);
  };
  switch (def.type) {
    case 'string': {
      const checks: Node['_zod']['def'][] = (def.checks ?? []).map((c: Node) => c._zod.def);
      if (!checks.some((c) => (c.check === 'custom' && c.fn === isSafeText) || (c.check === 'string_format' && takesPatternOnly(c.format, c.pattern))))
        out.push(path || '(root)');
      return;
    }
    case 'object':
      for (const [k, v] of Object.entries(def.shape)) walk(v, `${path}.${k}`);
      walk(def.catchall, `${path}.*`);
      return;
    case 'array':
      walk(def.element, `${path}[]`);
      return;
    case 'union':
      def.options.forEach((o: unknown, i: number) => walk(o, `${path}|${i}`));
      return;
    case 'intersection':
      walk(def.left, path);
      walk(def.right, path);
      return;
    case 'record':
      walk(def.keyType, `${path}{key}`);
      walk(def.valueType, `${path}{}`);
      return;
    case 'tuple':
      def.items.forEach((o: unknown, i: number) => walk(o, `${path}[${i}]`));
      return;
    case 'pipe':
      walk(def.in, path);
      return;
    case 'lazy':
      walk(def.getter(), path);
      return;
    default:
      if (def.innerType) walk(def.innerType, path);
  }
}

/** What the server sends, never what it takes: these may carry any string it stored. stringbool takes its few words only. */
const RESPONSES = new Set([
  'tokenPair',
  'smsSentResponse',
  'EnrollResponse',
  'AgentPolicy',
  'AndroidLeaseOffline',
  'CheckinResponse',
  'CommandsResponse',
  'androidEnrollTokenResponse',
  'androidAppDownloadLink',
  'smsChallengeResponse',
]);
const ALLOWED_FIELDS = new Set(['androidListQuery.archived']);

describe('request schemas', () => {
  it('take every string through text(), uuid or an anchored pattern: none lets NUL or a lone surrogate through', () => {
    const unsafe: string[] = [];
    let walked = 0;
    for (const [name, value] of Object.entries({ ...shared, ...agentProtocol })) {
      if (!isZod(value) || RESPONSES.has(name)) continue;
      walked++;
      const out: string[] = [];
      unsafeStrings(value, '', out, new Set());
      unsafe.push(...out.map((field) => `${name}${field}`).filter((f) => !ALLOWED_FIELDS.has(f)));
    }
    expect(unsafe).toEqual([]);
    expect(walked).toBeGreaterThan(80);
  });

  it('the walk finds a plain z.string() wherever it hides', async () => {
    const { z } = await import('zod');
    const out: string[] = [];
    unsafeStrings(z.object({ a: z.array(z.object({ b: z.string().trim().optional() })), c: uuid, d: text() }) as unknown as Node, '', out, new Set());
    expect(out).toEqual(['.a[].b']);
  });
});
