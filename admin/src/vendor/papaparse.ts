// Refine's useImport and useExport parse and write CSV with papaparse (18 KB before compression),
// imported by every admin page although the admin uses neither: its exports are the server's
// (server/src/orders/export.ts), its imports do not exist. Pointed here by admin/vite.config.ts;
// calling either says so instead of failing quietly.
const unused = (): never => {
  throw new Error('CSV de Refine non disponible : les exports passent par le serveur.');
};

export default { parse: unused, unparse: unused };
