import { describe, expect, test } from "vitest";
import { en } from "../../../../src/app/shared/i18n/en";
import { defaultLang } from "../../../../src/app/shared/i18n/lang";
import { zh } from "../../../../src/app/shared/i18n/zh";

/** Every leaf of a catalogue as "path: kind(arity)". */
function shape(value: unknown, path = ""): string[] {
  if (typeof value === "function") return [`${path}: function(${value.length})`];
  if (typeof value === "string") return [`${path}: string`];
  return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) => shape(v, path ? `${path}.${k}` : k));
}

function strings(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (typeof value === "function") return [];
  return Object.values(value as Record<string, unknown>).flatMap(strings);
}

describe("the UI catalogue", () => {
  test("English and Chinese have the same keys and function signatures", () => {
    expect(shape(zh)).toEqual(shape(en));
  });

  test("no empty strings", () => {
    expect(strings(en).filter((s) => s.trim() === "")).toEqual([]);
    expect(strings(zh).filter((s) => s.trim() === "")).toEqual([]);
  });

  test("the Chinese catalogue is Chinese where it is prose", () => {
    expect(zh.sample.question).toBe("问题");
    expect(zh.status.cancelled).toMatch(/\p{Script=Han}/u);
  });
});

describe("defaultLang", () => {
  test("follows the browser's first known language", () => {
    expect(defaultLang(["zh-CN", "en-US"])).toBe("zh");
    expect(defaultLang(["zh-TW"])).toBe("zh");
    expect(defaultLang(["fr-FR", "en-GB"])).toBe("en");
    expect(defaultLang(["de-DE"])).toBe("en");
    expect(defaultLang([])).toBe("en");
  });
});
