import { describe, expect, it } from 'vitest';
import { describeCycle, findCycles, type ImportEdge, importSites, isTestFile, resolveImport } from './import-graph.ts';

const edge = (from: string, to: string): ImportEdge => ({ from, to, line: 1, typeOnly: false, dynamic: false });

describe('findCycles (the circle finder behind architecture.test.ts)', () => {
  it('finds no circle in a tree or a diamond', () => {
    expect(findCycles([edge('a', 'b'), edge('a', 'c'), edge('b', 'd'), edge('c', 'd')])).toEqual([]);
    expect(findCycles([])).toEqual([]);
  });

  it('finds a two-file circle and a longer one, each once, and leaves the files outside them out', () => {
    const edges = [edge('a', 'b'), edge('b', 'a'), edge('x', 'y'), edge('y', 'z'), edge('z', 'x'), edge('z', 'out'), edge('in', 'x')];
    expect(findCycles(edges)).toEqual([
      ['a', 'b'],
      ['x', 'y', 'z'],
    ]);
  });

  it('merges circles that share a file into one component, and sees a file that imports itself', () => {
    expect(findCycles([edge('a', 'b'), edge('b', 'a'), edge('b', 'c'), edge('c', 'b')])).toEqual([['a', 'b', 'c']]);
    expect(findCycles([edge('self', 'self')])).toEqual([['self']]);
  });

  it('follows a long chain back to its start (no recursion limit)', () => {
    const n = 20_000;
    const edges = Array.from({ length: n }, (_, i) => edge(`f${i}`, `f${(i + 1) % n}`));
    expect(findCycles(edges)[0]).toHaveLength(n);
  });

  it('describes a circle by the edges inside it', () => {
    const edges: ImportEdge[] = [
      { ...edge('p/a.ts', 'p/b.ts'), line: 8, typeOnly: true },
      { ...edge('p/b.ts', 'p/a.ts'), dynamic: true },
      edge('p/b.ts', 'p/c.ts'),
    ];
    expect(describeCycle(['p/a.ts', 'p/b.ts'], edges, 'p/')).toBe('  circle of 2 files:\n    a.ts:8 → b.ts (type)\n    b.ts:1 → a.ts (import())');
  });
});

describe('importSites and resolveImport (the parser)', () => {
  it('reads static, type-only, re-export, side-effect and dynamic imports with their lines', () => {
    const text = [
      "import { a } from './a.ts';",
      "import type { B } from './b.ts';",
      "import { type C } from './c.ts';",
      "export * from './d.ts';",
      "export type { E } from './e.ts';",
      "import './f.css';",
      "const g = () => import('./g.tsx');",
      "type H = typeof import('./h.ts');",
      "import fs from 'node:fs';",
    ].join('\n');
    expect(importSites('x.tsx', text)).toEqual([
      { spec: './a.ts', line: 1, typeOnly: false, dynamic: false },
      { spec: './b.ts', line: 2, typeOnly: true, dynamic: false },
      { spec: './c.ts', line: 3, typeOnly: true, dynamic: false },
      { spec: './d.ts', line: 4, typeOnly: false, dynamic: false },
      { spec: './e.ts', line: 5, typeOnly: true, dynamic: false },
      { spec: './f.css', line: 6, typeOnly: false, dynamic: false },
      { spec: './g.tsx', line: 7, typeOnly: false, dynamic: true },
      { spec: './h.ts', line: 8, typeOnly: true, dynamic: false },
      { spec: 'node:fs', line: 9, typeOnly: false, dynamic: false },
    ]);
  });

  it('resolves relative paths with or without extension, folder indexes and @lease/* packages', () => {
    const known = new Set([
      'apps/s/src/a.ts',
      'apps/s/src/dir/index.ts',
      'apps/w/src/P.tsx',
      'packages/shared/src/index.ts',
      'packages/shared/src/patterns.ts',
    ]);
    expect(resolveImport('apps/s/src/x/y.ts', '../a.ts', known)).toBe('apps/s/src/a.ts');
    expect(resolveImport('apps/s/src/y.ts', './a', known)).toBe('apps/s/src/a.ts');
    expect(resolveImport('apps/s/src/y.ts', './a.js', known)).toBe('apps/s/src/a.ts');
    expect(resolveImport('apps/s/src/y.ts', './dir', known)).toBe('apps/s/src/dir/index.ts');
    expect(resolveImport('apps/w/src/y.ts', './P', known)).toBe('apps/w/src/P.tsx');
    expect(resolveImport('apps/s/src/y.ts', '@lease/shared', known)).toBe('packages/shared/src/index.ts');
    expect(resolveImport('apps/s/src/y.ts', '@lease/shared/patterns', known)).toBe('packages/shared/src/patterns.ts');
    expect(resolveImport('apps/s/src/y.ts', 'fastify', known)).toBeUndefined();
  });

  it('counts tests, test kits and test/ folders as tests', () => {
    for (const f of [
      'a.test.ts',
      'b.test.tsx',
      'c.e2e.ts',
      'd.e2e.test.ts',
      'e.crash.ts',
      'abm-test-kit.ts',
      'ops.test-kit.ts',
      'apps/server/src/test/x.ts',
      'mdm/android/test/h.ts',
    ]) {
      expect(isTestFile(f), f).toBe(true);
    }
    for (const f of ['apps/server/src/app.ts', 'modules/latest/x.ts', 'contest.ts']) expect(isTestFile(f), f).toBe(false);
  });
});
