// Written by admin/vite.config.ts from the registry (crud/places.ts says why).
declare module 'virtual:admin-places' {
  const places: readonly import('../crud/registry').AdminPlace[];
  export default places;
}
