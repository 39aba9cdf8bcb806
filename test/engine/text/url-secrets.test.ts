import { describe, expect, it } from "vitest";
import { sanitizeUrl, urlSecrets } from "../../../src/engine/text/url-secrets";

describe("a base URL's credentials", () => {
  it("are removed from the URL shown: user:password and key-like query parameters, other parameters kept", () => {
    expect(sanitizeUrl("https://carol:pw-123@proxy.example/v1?api-key=K1&api-version=2024-10-21&key=K2&token=K3")).toBe(
      "https://proxy.example/v1?api-version=2024-10-21",
    );
    expect(sanitizeUrl("http://127.0.0.1:8000/v1")).toBe("http://127.0.0.1:8000/v1");
    expect(sanitizeUrl("not a url")).toBe("not a url");
  });

  it("are listed as secrets in every spelling they may appear in (as typed and decoded), short values left out", () => {
    expect(urlSecrets("https://carol:p%40ss-123@proxy.example/v1?api-key=abc%2Fdef&api-version=2024-10-21&key=xy&Access_Token=tok-9999")).toEqual([
      "carol",
      "p%40ss-123",
      "p@ss-123",
      "abc%2Fdef",
      "abc/def",
      "tok-9999",
    ]);
    expect(urlSecrets("http://127.0.0.1:8000/v1")).toEqual([]);
    expect(urlSecrets("")).toEqual([]);
  });
});
