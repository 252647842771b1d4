import ReceiptPrinterEncoder from '@point-of-sale/receipt-printer-encoder';
import type { PaperDoc } from './paper-doc';

/** The receipt printer's paper: characters per line in its standard font A. */
export const paperWidths = [
  { id: 80, label: '80 мм', columns: 48 },
  { id: 58, label: '58 мм', columns: 32 },
] as const;
export type PaperWidth = (typeof paperWidths)[number]['id'];

/**
 * Which number each printer family gives the code pages in ESC t n: Epson's table (PC866 is 17) is what most
 * printers sold in Moscow follow; Xprinter and the cheap 58 mm «POS-5890» clones number them their own way.
 */
export const codepageMappings = [
  { id: 'epson', label: 'Epson и совместимые (PC866 = 17)' },
  { id: 'xprinter', label: 'Xprinter' },
  { id: 'pos-5890', label: 'POS-5890 и подобные 58 мм' },
  { id: 'citizen', label: 'Citizen' },
  { id: 'bixolon', label: 'Bixolon' },
] as const;
export type CodepageMapping = (typeof codepageMappings)[number]['id'];

export interface PrinterFormat {
  width: PaperWidth;
  mapping: CodepageMapping;
}

/** Characters the printer's Cyrillic code page (PC866) has no place for, as it prints them. */
const plain = (text: string): string =>
  text
    .replace(/[\u00a0\u202f\u2009]/g, ' ')
    .replace(/₽/g, 'руб.')
    .replace(/[«»„“”]/g, '"')
    .replace(/[–—]/g, '-');

/**
 * A paper as ESC/POS bytes: initialise (ESC @), Cyrillic in PC866 (ESC t), the lines wrapped to the paper's width
 * with their style (titles bold and double size: ESC E, GS !), then feed and a partial cut (GS V). Encoded by
 * ReceiptPrinterEncoder (docs/DECISIONS.md «The receipt printer»), which knows each family's code page numbers.
 */
export const escposBytes = (doc: PaperDoc, format: PrinterFormat): Uint8Array => {
  const columns = paperWidths.find((w) => w.id === format.width)?.columns ?? 48;
  const e = new ReceiptPrinterEncoder({ language: 'esc-pos', columns, codepageMapping: format.mapping, feedBeforeCut: 4, newline: '\n', errors: 'relaxed' });
  e.initialize().codepage('cp866');
  for (const line of doc.lines) {
    if (line.style === 'rule') {
      e.rule({ style: 'single' });
      continue;
    }
    e.align(line.align ?? 'left');
    if (line.style === 'title') e.bold(true).size(2, 2).line(plain(line.text)).size(1, 1).bold(false);
    else if (line.style === 'bold') e.bold(true).line(plain(line.text)).bold(false);
    else e.line(plain(line.text));
  }
  return e.align('left').cut('partial').encode();
};
