// The camera's barcode reader: the browser's own BarcodeDetector where it reads EAN-13 (Chrome on
// Android), else the ZXing polyfill (barcode-detector) with its WebAssembly served by the shop
// itself: never fetched from a CDN, and kept by the admin's service worker once used.

/** What a shop's shelf carries: EAN/UPC on goods, Code 128 on the shop's own reference labels. */
const FORMATS = ['ean_13', 'ean_8', 'upc_a', 'upc_e', 'code_128'];

export interface Detector {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string; format: string }[]>;
}

interface NativeDetector {
  new (options: { formats: string[] }): Detector;
  getSupportedFormats(): Promise<string[]>;
}

export async function barcodeDetector(): Promise<Detector> {
  const native = (globalThis as { BarcodeDetector?: NativeDetector }).BarcodeDetector;
  if (native && (await native.getSupportedFormats().catch((): string[] => [])).includes('ean_13')) return new native({ formats: FORMATS });
  const [{ BarcodeDetector, prepareZXingModule }, { default: wasm }] = await Promise.all([
    import('barcode-detector/ponyfill'),
    import('zxing-wasm/reader/zxing_reader.wasm?url'),
  ]);
  prepareZXingModule({ overrides: { locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasm : prefix + path) } });
  return new BarcodeDetector({ formats: FORMATS as never }) as unknown as Detector;
}
