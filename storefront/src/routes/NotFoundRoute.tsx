// Thin route: the page lives in its feature module.
export { NotFound as default } from '../modules/ui/NotFound';
