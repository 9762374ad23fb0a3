// Thin route: the page lives in its feature module.
export { AboutPage as default } from '../modules/contact/AboutPage';
