// The data generator lives in src/server/demo/generate.ts (demo mode and tests use it too). This
// re-export only keeps `import … from './generate'` working in bench files not yet pointed there.
export * from '../src/server/demo/generate';
