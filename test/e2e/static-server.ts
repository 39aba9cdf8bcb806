import { readdirSync, readFileSync, statSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { extname, join, relative, resolve, sep } from "node:path";

const MIME: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".webp": "image/webp",
  ".ico": "image/x-icon",
  ".txt": "text/plain; charset=utf-8",
  ".woff": "font/woff",
  ".woff2": "font/woff2",
  ".ttf": "font/ttf",
  ".wasm": "application/wasm",
  ".webmanifest": "application/manifest+json",
};

export interface StaticServer {
  url: string;
  /** Number of files served from the snapshot. */
  files: number;
  close(): Promise<void>;
}

/** Every file under root, read into memory, keyed by its URL path ("/assets/x.js"). */
function snapshotDir(root: string): Map<string, Buffer> {
  const base = resolve(root);
  const files = new Map<string, Buffer>();
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else files.set(`/${relative(base, path).split(sep).join("/")}`, readFileSync(path));
    }
  };
  walk(base);
  return files;
}

/**
 * Fails when index.html names a script, stylesheet or preload that is not in the snapshot, or
 * when a file the build just emitted is missing (another build emptied the folder meanwhile).
 */
function checkSnapshot(files: Map<string, Buffer>, root: string, emitted: readonly string[] = []): void {
  const lost = emitted.filter((path) => !files.has(path));
  if (lost.length > 0)
    throw new Error(`${root} changed while it was being read (another build in the same tree?): missing ${lost.slice(0, 5).join(", ")}; run again`);
  const html = files.get("/index.html")?.toString("utf8");
  if (html === undefined) throw new Error(`${root}/index.html is missing: the build did not finish (or another build emptied ${root} meanwhile)`);
  const missing = [...html.matchAll(/\b(?:src|href)="(\/[^"#?]+)"/g)].map((m) => m[1]!).filter((path) => !files.has(path));
  if (missing.length > 0)
    throw new Error(`${root} is incomplete (another build may have replaced it meanwhile): index.html names missing files ${missing.join(", ")}`);
}

/**
 * Serves a built dist/ folder on 127.0.0.1 (random port): real MIME types, SPA fallback to
 * index.html for paths without an extension, 404 for missing assets. The files are read into
 * memory first, so a build that rewrites dist/ while the tests run (another engineer's `vite
 * build` in the same tree) cannot pull files from under the page.
 */
export async function serveStatic(root: string, port = 0, emitted: readonly string[] = []): Promise<StaticServer> {
  const files = snapshotDir(root);
  checkSnapshot(files, root, emitted);
  const server: Server = createServer((req, res) => {
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.writeHead(405).end();
      return;
    }
    let pathname: string;
    try {
      pathname = decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname);
    } catch {
      res.writeHead(400).end();
      return;
    }
    let path = pathname.endsWith("/") ? `${pathname}index.html` : pathname;
    let body = files.get(path);
    if (!body) {
      if (extname(pathname) !== "") {
        res.writeHead(404, { "content-type": "text/plain" }).end("not found");
        return;
      }
      path = "/index.html";
      body = files.get(path)!;
    }
    res.writeHead(200, {
      "content-type": MIME[extname(path).toLowerCase()] ?? "application/octet-stream",
      "content-length": String(body.length),
      "cache-control": "no-store",
    });
    res.end(req.method === "HEAD" ? undefined : body);
  });
  await new Promise<void>((ok, fail) => {
    server.once("error", fail);
    server.listen(port, "127.0.0.1", () => ok());
  });
  const { port: actual } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${actual}`,
    files: files.size,
    close: () =>
      new Promise<void>((ok) => {
        server.closeAllConnections();
        server.close(() => ok());
      }),
  };
}
