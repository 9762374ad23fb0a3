// Thin route: the page lives in its feature module.
export { ProductsPage as default } from '../modules/products/ProductsPage';
