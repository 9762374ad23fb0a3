// Written by admin/vite.config.ts from the registry (crud/places.ts says why).
declare module 'virtual:admin-places' {
  const places: readonly import('../crud/registry').AdminPlace[];
  export default places;
}
declare module 'virtual:admin-labels' {
  const labels: Record<string, Record<string, string>>;
  export default labels;
}
