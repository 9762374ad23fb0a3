// Thin route: the page lives in its feature module.
export { BlogPostPage as default } from '../modules/blog/BlogPostPage';
