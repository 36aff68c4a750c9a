import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  server: {
    // `npm run dev -w @facet/web` talks to the API started separately (`npm run dev`, port 3000).
    proxy: Object.fromEntries(['/api', '/media', '/sitemap.xml'].map((path) => [path, process.env.API_URL ?? 'http://localhost:3000'])),
  },
  build: {
    // scripts/report-bundle.mjs reads the manifest to measure what /login loads.
    manifest: true,
    chunkSizeWarningLimit: 1500,
  },
});
