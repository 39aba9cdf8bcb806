// Builds the CLI ahead of time into dist-cli/ (the package's `ragas-playground` bin), so it starts
// without a TypeScript loader: `npm run cli` goes through tsx (about 1 s before --help prints), the
// built bin in well under 0.3 s. One ESM bundle of src/cli/main.ts and everything it imports
// (engine, llm, storage formats, the openai SDK, zod, papaparse, hyparquet); the parquet modules
// stay separate chunks, loaded only when a parquet file is read or written.
// Run by `npm run build:cli`, by `prepare` (so `npm ci` and `npm pack` build it) and by `npm run build`.
import { rmSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = fileURLToPath(new URL("..", import.meta.url));
const outdir = `${root}dist-cli`;
rmSync(outdir, { recursive: true, force: true });
await build({
  entryPoints: { "ragas-playground": `${root}src/cli/main.ts` },
  outdir,
  outExtension: { ".js": ".mjs" },
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "node",
  target: "node20.19",
  chunkNames: "chunks/[name]-[hash]",
  legalComments: "linked",
  logLevel: "warning",
  // papaparse is CommonJS and calls require(): give the ESM bundle one.
  banner: { js: '#!/usr/bin/env node\nimport { createRequire as __cliRequire } from "node:module";\nconst require = __cliRequire(import.meta.url);' },
});
