import fs from 'node:fs';
import { chromium } from 'playwright-core';
import { chromiumFlags, chromiumPath } from '../e2e/harness';
import { startTestShop } from '../server/testing/test-shop';

/**
 * `npx tsx bench/profile-first-view.ts [path…]` after `npx vite build --minify false`: where a first visit's
 * main-thread time goes on a CPU slowed four times (Lighthouse's mobile preset), as self time by source module (an
 * unminified build keeps rolldown's `// path` line before each module), mean of 3 fresh loads of each path, with the
 * page's long tasks. `START_ONLY=1` counts only the start-up script's evaluation, up to main.tsx's `start`.
 * A tool for finding what to cut, not a figure: the figures are Lighthouse's (`npm run bench -- lighthouse`).
 */
interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
  children?: number[];
  positionTicks?: { line: number; ticks: number }[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const runs = 3;
const modulesOf = new Map<string, string[]>();
/** The source module a line of a built chunk belongs to ('' for anything else). */
const moduleAt = (url: string, line: number): string => {
  const file = url.replace(/^.*\/assets\//, 'dist/assets/');
  if (!file.startsWith('dist/assets/') || !fs.existsSync(file)) return '';
  if (!modulesOf.has(file)) {
    let current = file;
    const header = /^\/\/ [.\w@\\/-]+\.[cm]?[jt]sx?$/;
    modulesOf.set(file, fs.readFileSync(file, 'utf8').split('\n').map((l) => (current = header.test(l) ? l.slice(3).replace(/^.*node_modules\//, '~').replace(/^(\.\.\/)+/, '') : current)));
  }
  return modulesOf.get(file)![line - 1] ?? '';
};

const paths = process.argv.slice(2).length ? process.argv.slice(2) : ['/'];
const shop = await startTestShop();
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
for (const path of paths) {
  const byModule = new Map<string, number>();
  for (let run = 0; run < runs; run++) {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
    const page = await context.newPage();
    await page.addInitScript(() => {
      const tasks: string[] = [];
      Object.assign(window, { longTasks: tasks });
      new PerformanceObserver((list) => list.getEntries().forEach((e) => tasks.push(`${Math.round(e.startTime)}+${Math.round(e.duration)}`))).observe({ type: 'longtask', buffered: true });
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
    await page.goto(shop.url + path, { waitUntil: 'load' });
    await page.waitForTimeout(1500);
    const { profile } = (await cdp.send('Profiler.stop')) as { profile: Profile };
    console.log(`${path} run ${run + 1}: long tasks (start+duration, ms) ${await page.evaluate(() => (window as unknown as { longTasks: string[] }).longTasks.join(' '))}`);
    const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
    const parent = new Map<number, number>();
    for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
    const inStart = (id: number): boolean => {
      for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
        const frame = nodes.get(at)!.callFrame;
        if (frame.functionName === 'start' && frame.url.includes('/assets/')) return true;
      }
      return false;
    };
    const first = profile.samples.findIndex((id) => nodes.get(id)!.callFrame.url.includes('/assets/'));
    const started = profile.samples.findIndex(inStart);
    profile.samples.forEach((id, i) => {
      if (process.env.START_ONLY === '1' && (i < first || i >= started)) return;
      const node = nodes.get(id)!;
      const ms = (profile.timeDeltas[i] ?? 0) / 1000 / runs;
      const ticks = node.positionTicks ?? [];
      const total = ticks.reduce((sum, t) => sum + t.ticks, 0);
      const fallback = node.callFrame.url.replace(/^.*\//, '') || `(${node.callFrame.functionName || 'native'})`;
      if (!total) byModule.set(fallback, (byModule.get(fallback) ?? 0) + ms);
      for (const t of ticks) {
        const name = moduleAt(node.callFrame.url, t.line) || fallback;
        byModule.set(name, (byModule.get(name) ?? 0) + (ms * t.ticks) / total);
      }
    });
    await context.close();
  }
  const top = [...byModule].sort((a, b) => b[1] - a[1]).slice(0, 50);
  console.log(`${path}: self time by module, mean of ${runs}\n${top.map(([name, ms]) => `  ${ms.toFixed(0).padStart(6)} ms  ${name}`).join('\n')}`);
}
await browser.close();
await shop.close();
process.exit(0);
