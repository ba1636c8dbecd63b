import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * The import graph of the monorepo's source files, read with the TypeScript parser (the method of the architecture
 * review, §7): static imports, `import type`, re-exports and `import()` all count as edges. architecture.test.ts
 * holds the rules; this file only reads and searches the graph, so its cycle finder can be tested on its own.
 */

/** ImportEdge is one import of one file: `from` and `to` are paths relative to the repository root, with `/`. */
export type ImportEdge = { from: string; to: string; line: number; typeOnly: boolean; dynamic: boolean };

/** isTestFile says whether a file sets tests up rather than ships: tests, test kits and any `test/` folder. */
export const isTestFile = (file: string): boolean => /\.test\.tsx?$|\.e2e\.ts$|\.crash\.ts$|test-kit\.ts$|(^|\/)test\//.test(file);

/** sourceFiles lists the `.ts`/`.tsx`/`.mjs` files under `dir` (relative to `repoRoot`), tests included. */
export function sourceFiles(repoRoot: string, dir: string): string[] {
  const out: string[] = [];
  const walk = (rel: string) => {
    for (const e of fs.readdirSync(path.join(repoRoot, rel), { withFileTypes: true })) {
      const child = `${rel}/${e.name}`;
      if (e.isDirectory()) {
        if (e.name !== 'node_modules' && e.name !== 'dist') walk(child);
      } else if (/\.(ts|tsx|mjs)$/.test(e.name) && !e.name.endsWith('.d.ts')) out.push(child);
    }
  };
  walk(dir);
  return out.sort();
}

/** ImportSite is one import specifier as written, before resolution. */
export type ImportSite = { spec: string; line: number; typeOnly: boolean; dynamic: boolean };

/** importSites reads every import, re-export and `import()` with a literal specifier from one file's text. */
export function importSites(file: string, text: string): ImportSite[] {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const sites: ImportSite[] = [];
  const lineOf = (n: ts.Node) => sf.getLineAndCharacterOfPosition(n.getStart(sf)).line + 1;
  const visit = (n: ts.Node) => {
    if ((ts.isImportDeclaration(n) || ts.isExportDeclaration(n)) && n.moduleSpecifier && ts.isStringLiteral(n.moduleSpecifier)) {
      let typeOnly: boolean;
      if (ts.isExportDeclaration(n)) typeOnly = n.isTypeOnly;
      else {
        const c = n.importClause;
        const nb = c?.namedBindings;
        typeOnly = !!c && (c.isTypeOnly || (!c.name && !!nb && ts.isNamedImports(nb) && nb.elements.length > 0 && nb.elements.every((e) => e.isTypeOnly)));
      }
      sites.push({ spec: n.moduleSpecifier.text, line: lineOf(n), typeOnly, dynamic: false });
    } else if (ts.isCallExpression(n) && n.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const arg = n.arguments[0];
      if (arg && (ts.isStringLiteral(arg) || ts.isNoSubstitutionTemplateLiteral(arg)))
        sites.push({ spec: arg.text, line: lineOf(n), typeOnly: false, dynamic: true });
    } else if (ts.isImportTypeNode(n) && ts.isLiteralTypeNode(n.argument) && ts.isStringLiteral(n.argument.literal)) {
      // `typeof import('./x.ts')` in a type position: a type-only edge.
      sites.push({ spec: n.argument.literal.text, line: lineOf(n), typeOnly: true, dynamic: false });
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return sites;
}

/**
 * resolveImport maps a specifier to a known file: relative paths, and `@lease/<pkg>[/<sub>]` to
 * `packages/<pkg>/src/<sub>.ts` (or its index), as the packages' `exports` say. Bare packages give undefined.
 */
export function resolveImport(from: string, spec: string, known: ReadonlySet<string>): string | undefined {
  let base: string;
  if (spec.startsWith('.')) base = path.posix.join(path.posix.dirname(from), spec);
  else if (spec.startsWith('@lease/')) {
    const [pkg, ...sub] = spec.slice('@lease/'.length).split('/');
    base = `packages/${pkg}/src/${sub.length ? sub.join('/') : 'index'}`;
  } else return undefined;
  const noJs = base.replace(/\.(m?js|jsx)$/, '');
  return [base, `${base}.ts`, `${base}.tsx`, `${noJs}.ts`, `${noJs}.tsx`, `${base}/index.ts`, `${base}/index.tsx`].find((c) => known.has(c));
}

/** importGraph reads the edges between the non-test source files of `dirs` (each relative to `repoRoot`). */
export function importGraph(repoRoot: string, dirs: string[], knownDirs: string[] = ['packages']): ImportEdge[] {
  const files = dirs.flatMap((d) => sourceFiles(repoRoot, d)).filter((f) => !isTestFile(f));
  const known = new Set([...files, ...knownDirs.flatMap((d) => sourceFiles(repoRoot, d))]);
  const edges: ImportEdge[] = [];
  for (const from of files) {
    for (const site of importSites(from, fs.readFileSync(path.join(repoRoot, from), 'utf8'))) {
      const to = resolveImport(from, site.spec, known);
      if (to && !isTestFile(to)) edges.push({ from, to, line: site.line, typeOnly: site.typeOnly, dynamic: site.dynamic });
    }
  }
  return edges;
}

/**
 * findCycles returns the import circles of a graph: its strongly connected components of two or more files, and
 * any file that imports itself (Tarjan's algorithm, iterative so a deep graph cannot overflow the stack). Each
 * circle is sorted, and the list is sorted by its first file.
 */
export function findCycles(edges: ReadonlyArray<Pick<ImportEdge, 'from' | 'to'>>): string[][] {
  const adj = new Map<string, string[]>();
  for (const e of edges) {
    if (!adj.has(e.from)) adj.set(e.from, []);
    if (!adj.has(e.to)) adj.set(e.to, []);
    adj.get(e.from)?.push(e.to);
  }
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  let next = 0;
  for (const root of adj.keys()) {
    if (index.has(root)) continue;
    const work: Array<{ v: string; i: number }> = [{ v: root, i: 0 }];
    index.set(root, next);
    low.set(root, next++);
    stack.push(root);
    onStack.add(root);
    while (work.length > 0) {
      const top = work[work.length - 1];
      const succ = adj.get(top.v) ?? [];
      if (top.i < succ.length) {
        const w = succ[top.i++];
        if (!index.has(w)) {
          index.set(w, next);
          low.set(w, next++);
          stack.push(w);
          onStack.add(w);
          work.push({ v: w, i: 0 });
        } else if (onStack.has(w)) low.set(top.v, Math.min(low.get(top.v) ?? 0, index.get(w) ?? 0));
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1].v;
        low.set(parent, Math.min(low.get(parent) ?? 0, low.get(top.v) ?? 0));
      }
      if (low.get(top.v) === index.get(top.v)) {
        const scc: string[] = [];
        let w: string | undefined;
        do {
          w = stack.pop();
          if (w === undefined) break;
          onStack.delete(w);
          scc.push(w);
        } while (w !== top.v);
        if (scc.length > 1 || succ.includes(top.v)) out.push(scc.sort());
      }
    }
  }
  return out.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
}

/** describeCycle lists the edges that stay inside one circle, one line each, so a developer sees which import to cut. */
export function describeCycle(cycle: string[], edges: readonly ImportEdge[], strip = ''): string {
  const inside = new Set(cycle);
  const rel = (f: string) => (f.startsWith(strip) ? f.slice(strip.length) : f);
  const lines = edges
    .filter((e) => inside.has(e.from) && inside.has(e.to))
    .map((e) => `    ${rel(e.from)}:${e.line} → ${rel(e.to)}${e.typeOnly ? ' (type)' : ''}${e.dynamic ? ' (import())' : ''}`);
  return [`  circle of ${cycle.length} files:`, ...[...new Set(lines)].sort()].join('\n');
}

/** describeEdge prints one edge as `from:line → to`, with its kind. */
export const describeEdge = (e: ImportEdge, strip = ''): string => {
  const rel = (f: string) => (f.startsWith(strip) ? f.slice(strip.length) : f);
  return `${rel(e.from)}:${e.line} → ${rel(e.to)}${e.typeOnly ? ' (type)' : ''}${e.dynamic ? ' (import())' : ''}`;
};
