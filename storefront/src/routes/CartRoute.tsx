// Thin route: the page lives in its feature module.
export { CartPage as default } from '../modules/cart/CartPage';
