// The package ships no types: what the counter uses of it (its README's API).
declare module '@point-of-sale/webbluetooth-receipt-printer' {
  export interface ConnectedPrinter {
    type: 'bluetooth';
    name: string;
    id: string;
    language: 'esc-pos' | 'star-line' | 'star-prnt' | string;
    codepageMapping: string;
    columns?: number;
  }
  export default class WebBluetoothReceiptPrinter {
    connect(): Promise<void>;
    reconnect(device: { id: string }): Promise<void>;
    disconnect(): Promise<void>;
    print(data: Uint8Array | number[]): Promise<void>;
    addEventListener(event: 'connected', listener: (device: ConnectedPrinter) => void): void;
    addEventListener(event: 'disconnected', listener: () => void): void;
  }
}
