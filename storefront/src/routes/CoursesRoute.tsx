// Thin route: the page lives in its feature module.
export { CoursesPage as default } from '../modules/courses/CoursesPage';
