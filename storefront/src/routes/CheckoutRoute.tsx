// Thin route: the page lives in its feature module.
export { CheckoutPage as default } from '../modules/checkout/CheckoutPage';
