/// <reference types="w3c-web-usb" />
import type { PrinterFormat } from './escpos';

/** The printer this device printed on, remembered so a ticket prints with one tap next time. */
export interface ChosenPrinter extends PrinterFormat {
  vendorId: number;
  productId: number;
  serialNumber: string;
  name: string;
}

/** A print job that did not reach the paper whole, with the reason in Russian. */
export class PrinterError extends Error {}

/** Whether this browser can talk to a USB printer at all (Chrome and Edge on a computer or Android; not Safari or Firefox). */
export const usbAvailable = (): boolean => typeof navigator !== 'undefined' && 'usb' in navigator && !!navigator.usb;

const key = 'studio:printer';

export const storedPrinter = (): ChosenPrinter | null => {
  try {
    const raw = localStorage.getItem(key);
    if (!raw) return null;
    const p: unknown = JSON.parse(raw);
    if (!p || typeof p !== 'object') return null;
    const o = p as Record<string, unknown>;
    if (typeof o.vendorId !== 'number' || typeof o.productId !== 'number' || typeof o.name !== 'string') return null;
    return {
      vendorId: o.vendorId,
      productId: o.productId,
      serialNumber: typeof o.serialNumber === 'string' ? o.serialNumber : '',
      name: o.name,
      width: o.width === 58 ? 58 : 80,
      mapping: ['epson', 'xprinter', 'pos-5890', 'citizen', 'bixolon'].includes(String(o.mapping)) ? (o.mapping as PrinterFormat['mapping']) : 'epson',
    };
  } catch {
    return null;
  }
};

export const storePrinter = (printer: ChosenPrinter | null): void => {
  try {
    if (printer) localStorage.setItem(key, JSON.stringify(printer));
    else localStorage.removeItem(key);
  } catch {
    // A private window: the printer is chosen again next time.
  }
};

const describe = (d: USBDevice): Omit<ChosenPrinter, keyof PrinterFormat> => ({
  vendorId: d.vendorId,
  productId: d.productId,
  serialNumber: d.serialNumber ?? '',
  name: [d.manufacturerName, d.productName].filter(Boolean).join(' ') || `USB ${d.vendorId.toString(16)}:${d.productId.toString(16)}`,
});

/**
 * Asks the person to pick the printer (the browser's own device chooser; it needs a tap, so this runs from a
 * button). Every USB device is offered: many receipt printers call themselves «vendor-specific» rather than
 * «printer», so a class filter would hide them.
 */
export const choosePrinter = async (format: PrinterFormat): Promise<ChosenPrinter | null> => {
  if (!usbAvailable()) throw new PrinterError('Этот браузер не печатает по USB: откройте кабинет в Chrome или Edge, или печатайте через окно печати');
  try {
    const device = await navigator.usb.requestDevice({ filters: [] });
    return { ...describe(device), ...format };
  } catch (e) {
    if (e instanceof DOMException && e.name === 'NotFoundError') return null; // the chooser was closed
    throw new PrinterError('Не удалось выбрать принтер: проверьте, что он включён и подключён кабелем');
  }
};

/** The device of a remembered printer, if it is plugged in and this site may still use it. */
const deviceOf = async (printer: ChosenPrinter): Promise<USBDevice | null> => {
  const devices = await navigator.usb.getDevices();
  return (
    devices.find((d) => d.vendorId === printer.vendorId && d.productId === printer.productId && (d.serialNumber ?? '') === printer.serialNumber) ??
    devices.find((d) => d.vendorId === printer.vendorId && d.productId === printer.productId) ??
    null
  );
};

/** The interface and bulk OUT endpoint a printer takes data on: a printer-class interface first, else any with one. */
const outEndpoint = (device: USBDevice): { iface: number; endpoint: number } | null => {
  const interfaces = device.configuration?.interfaces ?? [];
  const withOut = interfaces
    .map((i) => ({ i, out: i.alternate.endpoints.find((e) => e.direction === 'out' && e.type === 'bulk') }))
    .filter((x) => x.out);
  const pick = withOut.find((x) => x.i.alternate.interfaceClass === 7) ?? withOut[0];
  return pick?.out ? { iface: pick.i.interfaceNumber, endpoint: pick.out.endpointNumber } : null;
};

/** Bytes sent per transfer: small enough that a printer's buffer keeps up, and a failure says how far it got. */
const chunk = 4096;

/**
 * Sends the bytes to the remembered printer. Throws PrinterError with what went wrong, in Russian: not plugged in,
 * busy with another program, or gone in the middle of the job (then the paper holds a part: print it again whole).
 */
export const sendToPrinter = async (printer: ChosenPrinter, bytes: Uint8Array): Promise<void> => {
  if (!usbAvailable()) throw new PrinterError('Этот браузер не печатает по USB: печатайте через окно печати');
  const device = await deviceOf(printer);
  if (!device) throw new PrinterError(`Принтер «${printer.name}» не найден: подключите его кабелем и включите, или выберите заново в разделе «Оборудование»`);
  try {
    if (!device.opened) await device.open();
    if (!device.configuration) await device.selectConfiguration(1);
  } catch {
    throw new PrinterError(`Принтер «${printer.name}» занят другой программой или вкладкой: закройте её и повторите`);
  }
  const out = outEndpoint(device);
  if (!out) throw new PrinterError(`«${printer.name}» не принимает данные для печати: выберите принтер заново`);
  try {
    await device.claimInterface(out.iface);
  } catch {
    throw new PrinterError(`Принтер «${printer.name}» занят другой программой или вкладкой: закройте её и повторите`);
  }
  let sent = 0;
  try {
    while (sent < bytes.length) {
      const part = bytes.slice(sent, sent + chunk);
      const result = await device.transferOut(out.endpoint, part);
      if (result.status !== 'ok') throw new Error(result.status);
      sent += part.length;
    }
  } catch {
    throw new PrinterError(
      sent
        ? `Принтер отключился во время печати: напечатана только часть. Подключите его и нажмите «Повторить» — всё напечатается заново`
        : `Принтер не принял задание: проверьте бумагу и кабель и нажмите «Повторить»`,
    );
  } finally {
    await device.releaseInterface(out.iface).catch(() => undefined);
  }
};
