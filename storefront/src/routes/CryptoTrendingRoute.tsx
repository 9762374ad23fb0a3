// Thin route: the page lives in its feature module.
export { CryptoTrendingPage as default } from '../modules/crypto/CryptoTrendingPage';
