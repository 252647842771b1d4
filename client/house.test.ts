import fs from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The house's walls (eslint.config.js): the two wings, the shared parts, the studio's kit and the areas, tried with
 * the real lint on imports written as a newcomer might; and no folder circles among the areas, which lint cannot see.
 */
const lint = new ESLint();
const refusals = async (file: string, code: string) =>
  (await lint.lintText(code, { filePath: path.resolve(file) }))[0].messages.filter((m) => m.ruleId === 'import-x/no-restricted-paths').map((m) => m.message);

describe('the walls between wings and areas', () => {
  it('refuse the storefront importing the studio', async () => {
    expect(await refusals('client/shop/cart/new-widget.tsx', "export { useOrder } from '../../studio/orders/order-page/use-order';\n")).toEqual([
      expect.stringContaining('The storefront never imports the studio'),
    ]);
  });

  it('refuse an area reaching into another area’s own files, and let it use the public ones', async () => {
    expect(await refusals('client/studio/money/charges/new-screen.tsx', "export { ReasonForm } from '../../orders/order-page/reason-form';\n")).toEqual([expect.stringContaining('Another area')]);
    expect(await refusals('client/studio/money/charges/new-screen.tsx', "export { useOrder } from '../../orders/order-page/use-order';\n")).toEqual([]);
    // inside one area its folders share freely
    expect(await refusals('client/studio/orders/board/new-screen.tsx', "export { ReasonForm } from '../order-page/reason-form';\n")).toEqual([]);
  });

  it('refuse the kit importing an area, and the shared parts importing either wing', async () => {
    expect(await refusals('client/studio/kit/new-field.tsx', "export { useOrder } from '../orders/order-page/use-order';\n")).toEqual([expect.stringContaining('kit')]);
    expect(await refusals('client/shared/auth/new-part.tsx', "export { useCart } from '../../shop/cart/use-cart';\n")).toEqual([expect.stringContaining('client/shared')]);
  });
});

const importPattern = /(?:from\s+|import\s*\(\s*|import\s+)['"](\.[^'"]+)['"]/g;
const sourceFiles = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });

/** Which area imports which: an area is a folder of a wing or of the shared parts (the kit is one too). */
const areaOf = (file: string) => /^client\/(shop|studio|shared)\/[^/]+/.exec(file)?.[0];
/** Which folder imports which, at any depth inside the wings (a screen's folder inside a studio area). */
const folderOf = (file: string) => (/^client\/(shop|studio|shared)\//.test(file) ? path.dirname(file) : undefined);
const areaGraph = (files: string[], read: (f: string) => string, placeOf = areaOf) => {
  const graph = new Map<string, Set<string>>();
  for (const file of files) {
    const from = placeOf(file);
    if (!from) continue;
    for (const [, spec] of read(file).matchAll(importPattern)) {
      const to = placeOf(path.normalize(path.join(path.dirname(file), spec)));
      if (to && to !== from) graph.set(from, (graph.get(from) ?? new Set()).add(to));
    }
  }
  return graph;
};

/** Every circle of the graph, each as the areas it passes. */
const circles = (graph: Map<string, Set<string>>): string[][] => {
  const found: string[][] = [];
  const walk = (node: string, trail: string[]) => {
    for (const next of graph.get(node) ?? []) {
      const at = trail.indexOf(next);
      if (at >= 0) found.push([...trail.slice(at), next]);
      else if (next > trail[0]) walk(next, [...trail, next]);
    }
  };
  for (const start of [...graph.keys()].sort()) walk(start, [start]);
  return [...new Map(found.filter((c) => c.every((n) => n >= c[0])).map((c) => [c.join(), c])).values()];
};

describe('the areas', () => {
  it('import one another in one direction only: no folder circle', () => {
    const graph = areaGraph(sourceFiles('client'), (f) => fs.readFileSync(f, 'utf8'));
    expect(graph.size).toBeGreaterThan(10);
    expect(circles(graph)).toEqual([]);
  });

  it('and the folders inside an area neither', () => {
    const graph = areaGraph(sourceFiles('client'), (f) => fs.readFileSync(f, 'utf8'), folderOf);
    expect([...graph.keys()]).toContain('client/studio/orders/board');
    expect(circles(graph)).toEqual([]);
  });

  it('a circle through three areas is found', () => {
    const files: Record<string, string> = {
      'client/studio/a/x.ts': "import { y } from '../b/y';",
      'client/studio/b/y.ts': "import { z } from '../c/z';",
      'client/studio/c/z.ts': "import { x } from '../a/x';",
    };
    expect(circles(areaGraph(Object.keys(files), (f) => files[f]))).toEqual([['client/studio/a', 'client/studio/b', 'client/studio/c', 'client/studio/a']]);
  });
});
