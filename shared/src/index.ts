export * from './resources/index';
export * from './format/index';
export * from './cart/index';
export * from './auth/password';
export * from './orders/lifecycle';
export * from './alerts';
export * from './orders/sales';
