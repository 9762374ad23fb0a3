import WebBluetoothReceiptPrinter from '@point-of-sale/webbluetooth-receipt-printer';
import { encodeTicket, type TicketModel } from './escpos';

/** The Bluetooth printer of this phone, connected once (the browser asks which, the first time). */
let connected: Promise<{
  print: (data: Uint8Array) => Promise<void>;
  device: { language?: string; codepageMapping?: string; columns?: number };
}> | null = null;

/** Prints the ticket on the shop's Bluetooth printer; asks which printer the first time (call it from a tap). */
export async function printTicket(load: () => Promise<TicketModel>, options: { pulse: boolean }) {
  connected ??= (async () => {
    const printer = new WebBluetoothReceiptPrinter();
    const device = await new Promise<{ language?: string; codepageMapping?: string; columns?: number }>((resolve, reject) => {
      printer.addEventListener('connected', resolve);
      printer.connect().then(
        // connect() resolves without a printer when the owner closed the browser's list.
        () => setTimeout(() => reject(new Error('Aucune imprimante choisie.')), 30_000),
        reject,
      );
    });
    printer.addEventListener('disconnected', () => {
      connected = null;
    });
    return { print: (data: Uint8Array) => printer.print(data), device };
  })().catch((error: unknown) => {
    connected = null;
    throw error;
  });
  const printer = await connected;
  await printer.print(encodeTicket(await load(), printer.device, options));
}
