import { describe, expect, it } from "vitest";
import { definedCatalogues } from "../../../../src/app/shared/i18n/define-messages";

// Every catalogue registers itself when its module loads: load them all (the app's and each view's).
const modules = import.meta.glob(["../../../../src/app/shared/i18n/index.ts", "../../../../src/app/**/messages.ts"], { eager: true });

const HAN = "\\p{Script=Han}";
/** ASCII punctuation touching a Chinese character: Chinese text uses the full-width forms (，：；？！（）). */
const MIXED = new RegExp(`${HAN} ?[,:;?!()]|[,:;?!()] ?(?=${HAN})`, "u");

/** Every string of a catalogue, functions called with sample arguments (texts "X", numbers 2). */
function texts(value: unknown, path: string, out: [string, string][]): [string, string][] {
  if (typeof value === "string") out.push([path, value]);
  else if (typeof value === "function") {
    const fn = value as (...args: unknown[]) => unknown;
    for (const sample of ["X", 2]) {
      try {
        const text = fn(...Array.from({ length: fn.length }, () => sample));
        if (typeof text === "string") out.push([`${path}()`, text]);
      } catch {
        // A function that needs other arguments (a list, an object) is checked through its callers' output.
      }
    }
  } else if (value && typeof value === "object") for (const [k, v] of Object.entries(value)) texts(v, `${path}.${k}`, out);
  return out;
}

describe("the Chinese catalogues", () => {
  it("are all loaded (the app's and every view's)", () => {
    expect(Object.keys(modules).length).toBeGreaterThanOrEqual(7);
    expect(definedCatalogues().length).toBeGreaterThanOrEqual(7);
  });

  it("use full-width punctuation next to Chinese characters", () => {
    const mixed = definedCatalogues().flatMap((c, i) => texts(c.zh, `#${i}`, []).filter(([, text]) => MIXED.test(text)));
    expect(mixed.map(([path, text]) => `${path}: ${text}`)).toEqual([]);
  });

  it("call the embedding model 嵌入模型 and the API key API 密钥 everywhere", () => {
    const all = definedCatalogues().flatMap((c) => texts(c.zh, "", []).map(([, t]) => t));
    expect(all.filter((t) => t.includes("向量模型") || /API key/i.test(t))).toEqual([]);
    expect(all.some((t) => t.includes("嵌入模型"))).toBe(true);
  });
});
