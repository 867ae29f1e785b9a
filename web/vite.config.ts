import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type ProxyOptions } from 'vite';

// The browser only talks to the gateway: REST under /api, socket.io under /socket.io and media files
// under /media. In development (and `vite preview`) those are proxied to the local gateway.
const gateway = process.env.AURA_GATEWAY_URL ?? 'http://127.0.0.1:8080';

const proxy: Record<string, ProxyOptions> = {
  '/api': { target: gateway },
  '/media': { target: gateway },
  '/socket.io': { target: gateway, ws: true },
};

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map)$/;
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Writes `<file>.br` and `<file>.gz` beside every compressible file of the build (fonts are already
 * compressed), once, at the highest levels: the gateway sends them as the browser accepts
 * (@fastify/static preCompressed) instead of compressing on every request or not at all.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'aura-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    async closeBundle() {
      const files = await readdir(outDir, { recursive: true });
      await Promise.all(
        files
          .map(String)
          .filter((file) => COMPRESSIBLE.test(file))
          .map(async (file) => {
            const path = join(outDir, file);
            const bytes = await readFile(path);
            const [br, gz] = await Promise.all([
              brotli(bytes, {
                params: {
                  [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                  [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
                },
              }),
              gzipAsync(bytes, { level: 9 }),
            ]);
            await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gz)]);
          }),
      );
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress()],
  server: { proxy },
  preview: { proxy },
  // No source maps in the build: the production app does not publish its sources (issue 18).
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false },
});
