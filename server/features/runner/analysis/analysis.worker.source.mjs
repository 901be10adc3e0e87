// Starts the code analysis worker from its TypeScript source (dev server, tests) through tsx; the
// built server runs the bundled dist/server/analysis-worker.js instead.
import { tsImport } from 'tsx/esm/api';

await tsImport('./analysis.worker.ts', import.meta.url);
