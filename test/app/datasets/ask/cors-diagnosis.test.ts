import { describe, expect, it } from "vitest";
import { diagnoseNoAnswer } from "../../../../src/app/datasets/ask/cors-diagnosis";
import { askT } from "../../../../src/app/datasets/ask/messages";
import { useApp } from "../../../../src/app/shared/store";

/** Issue 29: a call with no HTTP answer, said in words: CORS (with what to allow), down, or mixed content. */

const input = {
  url: "http://localhost:8000/invoke?token=abcd1234",
  method: "POST",
  headerNames: ["Authorization", "X-Tenant"],
  origin: "http://localhost:5173",
};
const probes: RequestInit[] = [];
const answering: typeof fetch = async (_url, init) => {
  probes.push(init ?? {});
  return new Response(null, { status: 200 });
};
const refusing: typeof fetch = async () => {
  throw new TypeError("Failed to fetch");
};

describe("the target's no-answer diagnosis", () => {
  it("says CORS when an opaque probe gets through, naming the origin, method and headers to allow", async () => {
    const text = await diagnoseNoAnswer(input, askT(), answering);
    expect(probes.at(-1)).toMatchObject({ mode: "no-cors", method: "GET" });
    expect(text).toContain("The server at http://localhost:8000/invoke is up, but the browser refused its reply (CORS)");
    expect(text).toContain("Access-Control-Allow-Origin: http://localhost:5173");
    expect(text).toContain("Access-Control-Allow-Methods: POST");
    expect(text).toContain("Access-Control-Allow-Headers: content-type, authorization, x-tenant");
    expect(text).not.toContain("abcd1234");
  });

  it("says the server is down when the probe fails too, and mixed content without asking", async () => {
    expect(await diagnoseNoAnswer(input, askT(), refusing)).toBe("Could not reach http://localhost:8000/invoke: the server is down or the URL is wrong.");
    const before = probes.length;
    const mixed = await diagnoseNoAnswer({ ...input, url: "http://rag.example.com/invoke", origin: "https://app.example.com" }, askT(), answering);
    expect(mixed).toMatch(/plain HTTP, which browsers block \(mixed content\)/);
    expect(probes.length).toBe(before);
  });

  it("is written in Chinese in the Chinese UI", async () => {
    useApp.setState({ lang: "zh" });
    try {
      expect(await diagnoseNoAnswer(input, askT(), answering)).toMatch(/^http:\/\/localhost:8000\/invoke 上的服务器在运行，但浏览器拒绝了它的回复（CORS）/);
    } finally {
      useApp.setState({ lang: "en" });
    }
  });
});
