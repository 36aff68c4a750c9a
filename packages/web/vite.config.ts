import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  server: {
    // `npm run dev -w @facet/web` talks to a server started separately on port 3100.
    proxy: { '/api': 'http://localhost:3100' },
  },
  build: {
    // scripts/report-bundle.mjs reads the manifest to measure what /login loads.
    manifest: true,
    chunkSizeWarningLimit: 1500,
  },
});
