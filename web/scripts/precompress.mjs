// A Vite build step: writes a brotli (`.br`, quality 11) and a gzip (`.gz`, level 9) variant
// beside every text or wasm file of the build, so `switchboard serve` hands browsers the smaller
// bytes without compressing on each request (tower-http's ServeDir picks the variant the
// browser accepts). Files under 1 KB, and variants that would not be smaller, are skipped.
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|wasm|txt|map|webmanifest)$/;
const MIN_BYTES = 1024;

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else yield path;
  }
}

/** Writes the variants for every file under `dir`; answers how many files got them. */
export function precompressDir(dir) {
  let count = 0;
  for (const path of files(dir)) {
    if (!COMPRESSIBLE.test(path)) continue;
    const plain = readFileSync(path);
    if (plain.length < MIN_BYTES) continue;
    const br = brotliCompressSync(plain, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_SIZE_HINT]: plain.length,
      },
    });
    const gz = gzipSync(plain, { level: 9 });
    if (br.length < plain.length) writeFileSync(`${path}.br`, br);
    if (gz.length < plain.length) writeFileSync(`${path}.gz`, gz);
    count += 1;
  }
  return count;
}

/** The Vite plugin: runs after the bundle is written. */
export function precompress() {
  let outDir = 'dist';
  return {
    name: 'switchboard-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = join(config.root, config.build.outDir);
    },
    // After the prerendered pages are written (scripts/prerender.mjs), so they are compressed too.
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        if (!existsSync(outDir)) return; // the build failed: its own error is the one to see
        const n = precompressDir(outDir);
        console.log(`precompressed ${n} files (br, gz) in ${outDir}`);
      },
    },
  };
}
