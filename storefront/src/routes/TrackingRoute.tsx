// Thin route: the page lives in its feature module.
export { TrackingPage as default } from '../modules/tracking/TrackingPage';
