/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// Heavy libraries get their own chunks. deck.gl (with luma.gl/loaders.gl/math.gl) is only reached
// through dynamic import() from the 3D widgets, so it never lands in the initial bundle; uPlot and
// the grid are shared by the workspace screens, which are themselves loaded lazily.
function manualChunks(id: string): string | undefined {
  // Rollup helpers must sit in the always-loaded vendor chunk, or the first chunk that needs them
  // (possibly deck.gl's) would be pulled into the initial load.
  if (id.includes('vite/preload-helper') || id.includes('commonjsHelpers') || id.includes('vite/modulepreload-polyfill')) return 'vendor';
  if (!id.includes('node_modules')) return undefined;
  if (/[\\/]node_modules[\\/](@deck\.gl|@luma\.gl|@loaders\.gl|@math\.gl|@probe\.gl|math\.gl|gl-matrix|earcut|mjolnir\.js)[\\/]/.test(id)) {
    return 'deckgl';
  }
  if (/[\\/]node_modules[\\/]uplot[\\/]/.test(id)) return 'uplot';
  if (/[\\/]node_modules[\\/](react-grid-layout|react-draggable|react-resizable)[\\/]/.test(id)) return 'grid';
  if (/[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack)[\\/]/.test(id)) return 'vendor';
  return undefined;
}

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: 'http://127.0.0.1:8000', changeOrigin: false },
      '/docs': { target: 'http://127.0.0.1:8000', changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      '/api': { target: 'http://127.0.0.1:8000', changeOrigin: false },
      '/docs': { target: 'http://127.0.0.1:8000', changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
    rollupOptions: {
      output: { manualChunks },
    },
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    css: false,
    restoreMocks: true,
    pool: 'threads',
    maxWorkers: 2,
  },
});
