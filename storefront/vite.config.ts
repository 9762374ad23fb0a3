import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false },
  // The server build (entry-server.tsx, for server rendering) carries its dependencies: the
  // server loads one folder, whatever node_modules layout the install made.
  ssr: { noExternal: true },
  server: { proxy: { '/trpc': 'http://localhost:3000', '/media': 'http://localhost:3000' } },
});
