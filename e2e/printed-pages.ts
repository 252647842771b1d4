import type { Page } from 'playwright-core';

/** A PDF's pages, counted by their page objects (Chromium writes them uncompressed), each with its size in points. */
const pagesOf = (pdf: Buffer) => {
  const text = pdf.toString('latin1');
  const pages = text.match(/\/Type\s*\/Page(?![a-z])/g) ?? [];
  const boxes = [...text.matchAll(/\/MediaBox\s*\[\s*0\s+0\s+([\d.]+)\s+([\d.]+)\s*\]/g)].map((m) => [Math.round(Number(m[1])), Math.round(Number(m[2]))]);
  return { count: pages.length, sizes: boxes };
};

/** What a print puts on paper: the page printed to PDF at the sheet's own @page size. */
export const printed = async (page: Page) => pagesOf(await page.pdf({ preferCSSPageSize: true }));
