// Thin route: the page lives in its feature module.
export { ServicesPage as default } from '../modules/services/ServicesPage';
