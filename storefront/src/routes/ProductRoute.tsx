// Thin route: the page lives in its feature module.
export { ProductPage as default } from '../modules/products/ProductPage';
