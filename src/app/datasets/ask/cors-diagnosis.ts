import { sanitizeUrl } from "../../../engine/text/url-secrets";
import type { AskMessages } from "./messages";

/**
 * Why a call to the target got no HTTP answer, in words: the browser hides the reason (a CORS
 * refusal and a server that is down both look like "Failed to fetch"), so a second, opaque
 * `no-cors` request tells them apart. When it gets through, the server is up and its reply was
 * refused: the sentence says which origin, method and headers it must allow. When it does not, the
 * server is down or the URL wrong; an HTTPS page asking plain HTTP is said to be mixed content.
 */
export interface DiagnosisInput {
  url: string;
  method: string;
  /** Header names the call sends (the preflight asks for them), content-type included. */
  headerNames: readonly string[];
  origin: string;
}

export async function diagnoseNoAnswer(input: DiagnosisInput, t: AskMessages, fetchFn: typeof fetch = globalThis.fetch.bind(globalThis)): Promise<string> {
  const shown = sanitizeUrl(input.url);
  if (input.origin.startsWith("https:") && input.url.startsWith("http:") && !isLoopback(input.url)) return t.mixedContent(shown);
  const reachable = await fetchFn(input.url, { mode: "no-cors", method: "GET", cache: "no-store" }).then(
    () => true,
    () => false,
  );
  if (!reachable) return t.unreachable(shown);
  const headers = [...new Set(["content-type", ...input.headerNames.map((h) => h.toLowerCase())])].join(", ");
  return t.cors(shown, input.origin, input.method, headers);
}

function isLoopback(url: string): boolean {
  try {
    const host = new URL(url).hostname;
    return host === "localhost" || host === "127.0.0.1" || host === "[::1]";
  } catch {
    return false;
  }
}
