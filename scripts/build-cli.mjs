// Builds the CLI ahead of time into dist-cli/ (the package's `ragas-playground` bin), so it starts
// without a TypeScript loader: `npm run cli` goes through tsx (about 1 s before --help prints), the
// built bin in well under 0.3 s. One ESM bundle of src/cli/main.ts and everything it imports
// (engine, llm, storage formats, the openai SDK, zod, papaparse, hyparquet); the parquet modules
// stay separate chunks, loaded only when a parquet file is read or written.
// Run by `npm run build:cli`, by `prepare` (so `npm ci` and `npm pack` build it) and by `npm run build`;
// the Node tests build their own copy from the working tree with `--outdir DIR` (test/cli/global-setup.ts).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build } from "esbuild";

const root = fileURLToPath(new URL("..", import.meta.url));
const { values } = parseArgs({ options: { outdir: { type: "string" } } });
const outdir = values.outdir ?? `${root}dist-cli`;
rmSync(outdir, { recursive: true, force: true });

// The help text lists every metric, so building it loads the metric registry and zod (about 1 MB
// to parse at start-up). It is built here once and written into the bin as __CLI_HELP__, so
// `score --help` prints without loading either (src/cli/run.ts).
const helpDir = mkdtempSync(join(tmpdir(), "cli-help-"));
const HELP = await builtHelp().finally(() => rmSync(helpDir, { recursive: true, force: true }));

async function builtHelp() {
  const outfile = join(helpDir, "help.mjs");
  await build({ entryPoints: [`${root}src/cli/help.ts`], outfile, bundle: true, format: "esm", platform: "node", logLevel: "warning" });
  return (await import(pathToFileURL(outfile).href)).HELP;
}

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
  define: { __CLI_HELP__: JSON.stringify(HELP) },
  // papaparse is CommonJS and calls require(): give the ESM bundle one.
  banner: { js: '#!/usr/bin/env node\nimport { createRequire as __cliRequire } from "node:module";\nconst require = __cliRequire(import.meta.url);' },
});
