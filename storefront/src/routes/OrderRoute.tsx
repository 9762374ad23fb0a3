// Thin route: the page lives in its feature module.
export { OrderPage as default } from '../modules/checkout/OrderPage';
