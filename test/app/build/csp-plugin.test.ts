import { readFileSync } from "node:fs";
import type { HtmlTagDescriptor, IndexHtmlTransformHook } from "vite";
import { describe, expect, it } from "vitest";
import { cspPlugin } from "../../../src/app/build/csp-plugin";

/**
 * The Content-Security-Policy the production build writes into index.html (vite.config.ts uses
 * this plugin): a <meta http-equiv> tag first in <head>, in builds only (the dev server's inline
 * React refresh preamble would be blocked).
 */
const plugin = cspPlugin();
const transform = plugin.transformIndexHtml as { order: string; handler: IndexHtmlTransformHook };
// The hook uses no plugin context: called with none, as vite would call it for index.html.
const tags = transform.handler.call({} as never, "<html></html>", { path: "/index.html", filename: "index.html" }) as HtmlTagDescriptor[];
const policy = new Map(
  String(tags[0]?.attrs?.content)
    .split(";")
    .map((d) => d.trim().split(/\s+/))
    .map(([name, ...sources]) => [name!, sources] as const),
);

describe("the built app's CSP", () => {
  it("is one meta tag, prepended to <head> after the other HTML transforms, in builds only", () => {
    expect(plugin.name).toBe("ragas-playground:csp");
    expect(plugin.apply).toBe("build");
    expect(transform.order).toBe("post");
    expect(tags).toHaveLength(1);
    expect(tags[0]).toMatchObject({ tag: "meta", injectTo: "head-prepend", attrs: { "http-equiv": "Content-Security-Policy" } });
  });

  it("allows requests to any host, everything else from this origin only; forbids inline or eval'd script, plugins, <base>, form posts", () => {
    // Exactly these directives: no other source (no 'unsafe-eval', no blob:, no CDN) and no other
    // directive (font-src, frame-src, worker-src fall back to default-src / script-src: 'self').
    expect(Object.fromEntries(policy)).toEqual({
      "default-src": ["'self'"],
      "script-src": ["'self'"],
      // React's style attributes.
      "style-src": ["'self'", "'unsafe-inline'"],
      "img-src": ["'self'", "data:"],
      // The user's own endpoints: any host, http://localhost included.
      "connect-src": ["*"],
      "object-src": ["'none'"],
      "base-uri": ["'none'"],
      "form-action": ["'none'"],
    });
  });

  it("the page it guards has nothing the policy would block: no inline script or handler, no other origin", () => {
    const html = readFileSync(new URL("../../../index.html", import.meta.url), "utf8");
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.map(([, attrs, body]) => [attrs!.trim(), body!.trim()])).toEqual([['type="module" src="/src/main.tsx"', ""]]);
    expect(html).not.toMatch(/\son[a-z]+=/i);
    expect(html).not.toMatch(/(src|href)="(https?:)?\/\//);
  });
});
