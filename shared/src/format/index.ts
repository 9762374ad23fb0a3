export * from './date';
export * from './money';
export * from './slugify';
export * from './whatsapp';
export * from './csv';
export * from './media';
export * from './email';
export * from './order-number';
