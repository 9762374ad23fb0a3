// Refine reads and writes its query strings with `qs`, whose current versions bring a polyfill
// chain (side-channel, object-inspect, get-intrinsic: about 40 KB before compression) to every
// admin page. `qs-esm` is the same parser and serializer without it; Refine imports the default
// export, which the fork does not have (admin/vite.config.ts points `qs` here).
import * as qs from 'qs-esm';

export * from 'qs-esm';
export default qs;
