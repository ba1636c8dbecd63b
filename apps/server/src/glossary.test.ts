import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The glossary (docs/glossary.md) checked on the shipped source of the console, the server and the shared package:
 * 租机人 not 租客, Apple/Android not 苹果/安卓. Tests, test kits and test/ folders are left out (their fixtures may
 * name anything). A genuine need goes into ALLOWED with its reason.
 */

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const ROOTS = ['apps/web/src', 'apps/server/src', 'packages/shared/src'];
const BANNED = ['租客', '苹果', '安卓'];

/** ALLOWED: `file:word` pairs that must keep a banned word (none today). */
const ALLOWED = new Set<string>([]);

const isShipped = (rel: string) =>
  /\.(ts|tsx)$/.test(rel) && !/\.(test|e2e|crash)\.tsx?$/.test(rel) && !/\.test-kit\.ts$/.test(rel) && !/(^|\/)test\//.test(rel);

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(path.join(repoRoot, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = `${dir}/${e.name}`;
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : sourceFiles(rel);
    return isShipped(rel) ? [rel] : [];
  });
}

/** bannedWords lists `file:line: word` for each banned word in a file's text. */
export function bannedWords(file: string, text: string): string[] {
  return text.split('\n').flatMap((line, i) => BANNED.filter((w) => line.includes(w) && !ALLOWED.has(`${file}:${w}`)).map((w) => `${file}:${i + 1}: ${w}`));
}

describe('glossary', () => {
  it('finds a banned word in a line', () => {
    expect(bannedWords('a.ts', "const a = '租客';\nconst b = '租机人';")).toEqual(['a.ts:1: 租客']);
    expect(bannedWords('b.ts', '安卓设备与苹果设备')).toEqual(['b.ts:1: 苹果', 'b.ts:1: 安卓']);
  });

  it('keeps 租客, 苹果 and 安卓 out of the shipped source (say 租机人, Apple, Android: docs/glossary.md)', () => {
    const found = ROOTS.flatMap(sourceFiles).flatMap((f) => bannedWords(f, fs.readFileSync(path.join(repoRoot, f), 'utf8')));
    expect(found).toEqual([]);
  });
});
