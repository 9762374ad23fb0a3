// Thin route: the page lives in its feature module.
export { HomePage as default } from '../modules/home/HomePage';
