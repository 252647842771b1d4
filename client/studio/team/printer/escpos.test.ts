import { describe, expect, it } from 'vitest';
import { escposBytes } from './escpos';

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex').match(/../g)!.join(' ');

/** ESC/POS as Epson publishes it (ESC/POS Command Reference), byte by byte. */
const ESC_INIT = '1b 40'; // ESC @: initialise the printer
const FS_CANCEL_KANJI = '1c 2e'; // FS .: leave Kanji mode, so bytes above 0x7F are the code page's
const ESC_FONT_A = '1b 4d 00'; // ESC M 0: font A
const ESC_PC866 = '1b 74 11'; // ESC t 17: code page PC866 (Cyrillic #2)
const BOLD_ON = '1b 45 01'; // ESC E 1
const BOLD_OFF = '1b 45 00'; // ESC E 0
const DOUBLE = '1d 21 11'; // GS ! 0x11: double width and height
const SINGLE = '1d 21 00'; // GS ! 0
const LF = '0a';
const CUT_PARTIAL = '1d 56 01'; // GS V 1: partial cut
/** «Заказ» in PC866: З 0x87, а 0xA0, к 0xAA, а 0xA0, з 0xA7. */
const ZAKAZ = '87 a0 aa a0 a7';

describe('ESC/POS bytes of a paper', () => {
  it('starts the printer, switches to PC866 and prints Cyrillic as PC866 bytes', () => {
    const bytes = hex(escposBytes({ name: 't', lines: [{ style: 'normal', text: 'Заказ Ёё' }] }, { width: 80, mapping: 'epson' }));
    expect(bytes.startsWith(`${ESC_INIT} ${FS_CANCEL_KANJI} ${ESC_FONT_A} ${ESC_PC866}`)).toBe(true);
    // Ё 0xF0, ё 0xF1 in PC866.
    expect(bytes).toContain(`${ZAKAZ} 20 f0 f1 ${LF}`);
  });

  it('prints a title bold and double size, the number sign as PC866’s 0xFC', () => {
    const bytes = hex(escposBytes({ name: 't', lines: [{ style: 'title', text: '№ 7' }] }, { width: 80, mapping: 'epson' }));
    expect(bytes).toContain(`${BOLD_ON} ${DOUBLE} ${ESC_PC866} fc 20 37 ${BOLD_OFF} ${SINGLE} ${LF}`);
  });

  it('feeds four lines and cuts partially at the end', () => {
    const bytes = hex(escposBytes({ name: 't', lines: [{ style: 'bold', text: 'x' }] }, { width: 58, mapping: 'epson' }));
    expect(bytes.endsWith(`${LF} ${LF} ${LF} ${LF} ${CUT_PARTIAL} ${LF}`)).toBe(true);
  });

  it('writes roubles out, since PC866 has no ₽', () => {
    const text = hex(escposBytes({ name: 't', lines: [{ style: 'normal', text: 'Итого: 7\u00a0990 ₽' }] }, { width: 80, mapping: 'epson' }));
    // «7 990 руб.»: р 0xE0, у 0xE3, б 0xA1, «.» 0x2E; the no-break space a plain one.
    expect(text).toContain('37 20 39 39 30 20 e0 e3 a1 2e');
    expect(text).not.toContain('3f'); // nothing became «?»
  });

  it('wraps to the paper’s width: 32 characters a line on 58 mm, 48 on 80 mm', () => {
    const a = (n: number) => Array(n).fill('a0').join(' ');
    const long = { name: 't', lines: [{ style: 'normal' as const, text: 'а'.repeat(40) }] };
    expect(hex(escposBytes(long, { width: 58, mapping: 'epson' }))).toContain(`${ESC_PC866} ${a(32)} ${LF} ${a(8)} ${LF}`);
    expect(hex(escposBytes(long, { width: 80, mapping: 'epson' }))).toContain(`${ESC_PC866} ${a(40)} ${LF}`);
  });

  it('uses the printer family’s own number for PC866', () => {
    const epson = hex(escposBytes({ name: 't', lines: [{ style: 'normal', text: 'Я' }] }, { width: 80, mapping: 'epson' }));
    const xprinter = hex(escposBytes({ name: 't', lines: [{ style: 'normal', text: 'Я' }] }, { width: 80, mapping: 'xprinter' }));
    expect(epson).toContain(`${ESC_PC866} 9f`);
    expect(xprinter).toMatch(/1b 74 [0-9a-f]{2} 9f/);
  });
});
