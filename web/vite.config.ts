import react from '@vitejs/plugin-react';
import { defineConfig, type ProxyOptions } from 'vite';

// The browser only talks to the gateway: REST under /api, socket.io under /socket.io and media files
// under /media. In development (and `vite preview`) those are proxied to the local gateway.
const gateway = process.env.AURA_GATEWAY_URL ?? 'http://127.0.0.1:8080';

const proxy: Record<string, ProxyOptions> = {
  '/api': { target: gateway },
  '/media': { target: gateway },
  '/socket.io': { target: gateway, ws: true },
};

export default defineConfig({
  plugins: [react()],
  server: { proxy },
  preview: { proxy },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true },
});
