/**
 * Main-bundle budget: the gzip size of the JavaScript that index.html loads before the page can
 * run (the entry script and everything it imports statically, i.e. its modulepreloads), without
 * the chunks loaded lazily through import(). Budget: 250 KB gzip (issue 3, "Loads fast").
 *
 *   npx tsx scripts/measure-bundle.ts            build (with a Vite manifest) into a temporary folder, then measure
 *   npx tsx scripts/measure-bundle.ts --no-build measure the existing dist/
 *
 * Exits 1 when the initial JavaScript is over budget.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative, resolve } from "node:path";
import { gzipSync } from "node:zlib";
import { fileURLToPath } from "node:url";

const ROOT = resolve(fileURLToPath(new URL(".", import.meta.url)), "..");
/** dist/ with --no-build; otherwise a private folder, so a build here never disturbs one in dist/. */
let DIST = resolve(ROOT, "dist");
const BUDGET_BYTES = 250 * 1024;

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const gz = (file: string) => gzipSync(readFileSync(join(DIST, file))).length;
const raw = (file: string) => statSync(join(DIST, file)).size;

async function build(outDir: string): Promise<void> {
  const { build } = await import("vite");
  // A NODE_ENV other than production in the environment would be baked into the bundle.
  process.env.NODE_ENV = "production";
  await build({
    root: ROOT,
    configFile: resolve(ROOT, "vite.config.ts"),
    mode: "production",
    logLevel: "warn",
    build: { outDir, emptyOutDir: true, manifest: true },
  });
}

/** Scripts and modulepreloads named by index.html (paths relative to dist/). */
function htmlScripts(): { entries: string[]; preloads: string[]; css: string[] } {
  const html = readFileSync(join(DIST, "index.html"), "utf8");
  const local = (url: string) => url.replace(/^\.?\//, "").replace(/[?#].*$/, "");
  const entries = [...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"[^>]*>/g)].map((m) => local(m[1]!)).filter((f) => f.endsWith(".js"));
  const preloads = [...html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"[^>]*>/g)].map((m) => local(m[1]!));
  const css = [...html.matchAll(/<link\b[^>]*\brel="stylesheet"[^>]*\bhref="([^"]+)"[^>]*>/g)].map((m) => local(m[1]!));
  const inline = [...html.matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]!).filter((s) => s.trim() !== "");
  if (inline.length > 0) console.log(`note: index.html has ${inline.length} inline script(s), ${kb(gzipSync(inline.join("")).length)} gzip (counted)`);
  return { entries, preloads, css };
}

/** The entry chunks and the closure of their static imports, from Vite's manifest. */
function manifestInitial(): { initial: Set<string>; lazy: Set<string> } | undefined {
  const path = join(DIST, ".vite", "manifest.json");
  if (!existsSync(path)) return undefined;
  const manifest = JSON.parse(readFileSync(path, "utf8")) as Record<string, ManifestChunk>;
  const initial = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || initial.has(chunk.file)) return;
    initial.add(chunk.file);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key);
  const lazy = new Set(
    Object.values(manifest)
      .map((c) => c.file)
      .filter((f) => f.endsWith(".js") && !initial.has(f)),
  );
  return { initial, lazy };
}

function allJs(dir = DIST): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...allJs(path));
    else if (name.endsWith(".js") || name.endsWith(".mjs")) out.push(relative(DIST, path));
  }
  return out;
}

async function main(): Promise<void> {
  const noBuild = process.argv.includes("--no-build");
  if (!noBuild) {
    DIST = mkdtempSync(join(tmpdir(), "ragas-bundle-"));
    await build(DIST);
  }
  console.log(`measuring ${DIST}`);
  if (!existsSync(join(DIST, "index.html"))) throw new Error(`${DIST}/index.html is missing: run without --no-build`);

  const html = htmlScripts();
  const fromManifest = manifestInitial();
  const initial = new Set([...html.entries, ...html.preloads, ...(fromManifest?.initial ?? [])].filter((f) => f.endsWith(".js")));
  if (initial.size === 0) throw new Error("index.html loads no JavaScript file: cannot measure");
  if (fromManifest) {
    const missing = [...fromManifest.initial].filter((f) => !html.entries.includes(f) && !html.preloads.includes(f));
    if (missing.length > 0) console.log(`note: statically imported but not preloaded by index.html: ${missing.join(", ")}`);
  } else {
    console.log("note: no dist/.vite/manifest.json; the initial set is index.html's scripts and modulepreloads");
  }
  const lazy = allJs()
    .filter((f) => !initial.has(f))
    .sort((a, b) => gz(b) - gz(a));

  let total = 0;
  let totalRaw = 0;
  console.log("Initial JavaScript (loaded by index.html):");
  for (const file of [...initial].sort()) {
    const size = gz(file);
    total += size;
    totalRaw += raw(file);
    console.log(`  ${file.padEnd(48)} ${kb(raw(file)).padStart(10)} raw ${kb(size).padStart(10)} gzip`);
  }
  for (const file of html.css) console.log(`  (css) ${file.padEnd(42)} ${kb(raw(file)).padStart(10)} raw ${kb(gz(file)).padStart(10)} gzip (not counted)`);
  console.log(`Loaded later (import() chunks and workers, not in the budget): ${lazy.length}`);
  for (const file of lazy) console.log(`  ${file.padEnd(48)} ${kb(raw(file)).padStart(10)} raw ${kb(gz(file)).padStart(10)} gzip`);
  const entryText = [...initial].map((f) => readFileSync(join(DIST, f), "utf8")).join("");
  if (/react\.dev\/link\/|Check the render method of/.test(entryText)) {
    console.log("warning: the initial JavaScript holds React's development build (was NODE_ENV set when dist/ was built?)");
  }
  const pass = total <= BUDGET_BYTES;
  console.log("");
  console.log(`main JavaScript: ${kb(total)} gzip (${kb(totalRaw)} raw), budget ${kb(BUDGET_BYTES)} gzip: ${pass ? "PASS" : "FAIL"}`);
  process.exitCode = pass ? 0 : 1;
  if (!noBuild) rmSync(DIST, { recursive: true, force: true });
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 2;
});
