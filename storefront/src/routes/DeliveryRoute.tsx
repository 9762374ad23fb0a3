// Thin route: the page lives in its feature module.
export { DeliveryPage as default } from '../modules/delivery/DeliveryPage';
