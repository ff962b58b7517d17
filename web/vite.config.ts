/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import wasm from 'vite-plugin-wasm';
import { precompress } from './scripts/precompress.mjs';
import { markdownContent } from './scripts/content.mjs';
import { prerenderPages } from './scripts/prerender.mjs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  plugins: [markdownContent(), react(), wasm(), prerenderPages(), precompress()],
  resolve: { alias: { '@': `${root}src` } },
  // The catalogues live in ../locales (shared with the server's tests).
  server: {
    fs: { allow: ['..'] },
    proxy: { '/api': 'http://127.0.0.1:8080' },
  },
  build: {
    target: 'es2022',
    chunkSizeWarningLimit: 800,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Small shared chunks folded into the chunks that use them: fewer responses on the
          // first load (docs/BENCHMARKS.md, bytes over the wire).
          experimentalInlineCommonChunks: { maxSize: 6 * 1024 },
        },
      },
    },
  },
  test: {
    globals: true,
    environment: 'jsdom',
    setupFiles: ['./vitest.setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
  },
});
