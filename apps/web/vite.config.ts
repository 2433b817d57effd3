import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  base: '/front/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    sourcemap: false,
    target: 'es2022',
    chunkSizeWarningLimit: 400,
    // bench/bundle.ts reads the manifest to tell the shell from route chunks.
    manifest: true,
  },
  server: {
    proxy: {
      '/bff': 'http://localhost:8080',
      '/idp': 'http://localhost:8080',
      '/wechat': 'http://localhost:8080',
    },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/testing/setup.ts'],
    css: false,
  },
});
