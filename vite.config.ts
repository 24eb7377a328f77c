import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

const apiPort = process.env.API_PORT ?? '3001';

export default defineConfig(({ command }) => {
  // A build is always React's production build, whatever NODE_ENV the caller runs under (the e2e
  // set-up runs inside Vitest, where it is "test"): JSX transform and runtime both production, so
  // dist/web never serves development code.
  if (command === 'build') process.env.NODE_ENV = 'production';
  return {
    plugins: [
      react(),
      tailwindcss(),
      // Every text asset also as .br and .gz beside it, made once at build time; the server sends
      // the one the browser accepts (serveStatic's precompressed), never compressing per request.
      compression({
        include: /\.(js|css|svg|html|json|txt|webmanifest)$/,
        threshold: 1024,
        algorithms: [defineAlgorithm('brotliCompress'), defineAlgorithm('gzip', { level: 9 })],
      }),
    ],
    resolve: {
      alias: {
        '@domain': fileURLToPath(new URL('./src/domain', import.meta.url)),
        '@': fileURLToPath(new URL('./src/web', import.meta.url)),
      },
    },
    publicDir: 'src/web/public',
    build: {
      outDir: 'dist/web',
      emptyOutDir: true,
      rolldownOptions: {
        // The entry's exports are nobody's API (a page, not a library): required by the inlining below.
        preserveEntrySignatures: false,
        output: {
          // Framework code changes rarely: its own chunks stay cached across app releases.
          codeSplitting: {
            groups: [
              {
                name: 'react',
                test: /node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/,
              },
            ],
            // Without it the build is ~230 chunks, most a few hundred bytes shared by two or three
            // pages: /clientes asked for 98 scripts before it was interactive, and over HTTP/1.1's six
            // connections each costs a round trip (Lighthouse's largest paint ~6 s). A shared chunk
            // under 8 KB of source is copied into the chunks that use it instead: 96 chunks, 33
            // scripts on /clientes, fewer bytes on every page (docs/performance.md, issue #14). It
            // turns on strictExecutionOrder: modules run when first imported, as in the source.
            experimentalInlineCommonChunks: { maxSize: 8000 },
          },
        },
      },
    },
    server: {
      host: '127.0.0.1',
      port: Number(process.env.PORT ?? 3000),
      strictPort: true,
      proxy: {
        '/api': { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false },
      },
    },
    preview: {
      host: '127.0.0.1',
      port: Number(process.env.PORT ?? 3000),
    },
  };
});
