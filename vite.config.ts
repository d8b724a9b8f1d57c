import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The SPA: src/app/index.html -> dist/public. In development `npm run dev:web` proxies /api to the server
 * (`npm run dev:server`, port 8080).
 */
export default defineConfig({
  root: 'src/app',
  publicDir: 'public',
  plugins: [react()],
  build: {
    outDir: '../../dist/public',
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 900,
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:8080' },
  },
});
