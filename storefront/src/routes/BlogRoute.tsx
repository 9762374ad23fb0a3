// Thin route: the page lives in its feature module.
export { BlogPage as default } from '../modules/blog/BlogPage';
