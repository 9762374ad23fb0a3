// Thin route: the page lives in its feature module.
export { ServicePage as default } from '../modules/services/ServicePage';
