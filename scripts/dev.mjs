// `npm run dev`: the API with reload (tsx watch) on API_PORT and Vite with hot reload on PORT,
// proxying /api to it. Ctrl+C stops both.
import { spawn } from 'node:child_process';

const port = process.env.PORT ?? '3000';
const apiPort = process.env.API_PORT ?? '3001';
const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'src/server/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: apiPort, HOST: '127.0.0.1', NODE_ENV: 'development', WEB_DIR: './.no-web' },
  }),
  spawn('npx', ['vite', '--port', port], { stdio: 'inherit', env: { ...process.env, API_PORT: apiPort } }),
];
const stop = (code = 0) => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  process.exitCode = code;
};
for (const child of children) child.on('exit', (code) => stop(code ?? 0));
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
