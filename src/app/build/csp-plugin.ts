import type { Plugin } from "vite";

/**
 * The Content-Security-Policy of the built app. connect-src is open because users call their own
 * endpoints (any host, including http://localhost); everything else is this origin only, and no
 * inline script may run. Styles allow 'unsafe-inline' for React's style attributes only.
 */
const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src *",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join("; ");

/**
 * Adds the policy as a <meta http-equiv> tag in production builds only: Vite's dev server injects
 * inline scripts (the React refresh preamble) that this policy would block. frame-ancestors
 * cannot be set from a meta tag; a host that wants it must send the header.
 */
export function cspPlugin(): Plugin {
  return {
    name: "ragas-playground:csp",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler: () => [{ tag: "meta", attrs: { "http-equiv": "Content-Security-Policy", content: CSP }, injectTo: "head-prepend" }],
    },
  };
}
