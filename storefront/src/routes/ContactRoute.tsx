// Thin route: the page lives in its feature module.
export { ContactPage as default } from '../modules/contact/ContactPage';
