// Thin route: the page lives in its feature module.
export { VerifyPage as default } from '../modules/verify/VerifyPage';
