import { seededRandom } from "./faults";

/**
 * Random JSON valid under a reply schema, as a server that enforces the schema (constrained
 * decoding) but otherwise answers as it likes would send: random lengths within the bounds,
 * enum members, random text in the language of the input. It knows exactly the keywords reply
 * schemas may use (the subset every constrained decoder reads alike: no pattern, minimum, maximum
 * or format) and throws on any other, so it can never quietly ignore a constraint, and a schema
 * that brings one of those back fails every schema-random test. Seeded per request (seed + request text), so a failing case replays exactly
 * whatever order concurrent requests arrive in.
 */

type Json = Record<string, unknown>;
export type Lang = "en" | "zh";

const KNOWN = new Set(["type", "title", "description", "properties", "required", "additionalProperties", "items", "minItems", "maxItems", "enum", "minLength"]);
/** Longest list when the schema sets no maxItems. */
const OPEN_LIST = 6;

const EN_WORDS =
  "the river city court answer novel tower bridge north light paper metal was is built in by of and with opened century famous near old new green small large first second".split(
    " ",
  );
const ZH_CHARS = Array.from(
  "的一是在了有和人这中大为上个国我以要他时来用们生到作地于出就分对成会可主发年动同工也能下过子说产种面而方后多定行学法所民得经十三之进着等",
);

export function langOf(text: string): Lang {
  return /[\u4e00-\u9fff]/u.test(text) ? "zh" : "en";
}

function randomText(random: () => number, lang: Lang): string {
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  if (lang === "zh") return `${Array.from({ length: 2 + Math.floor(random() * 14) }, () => pick(ZH_CHARS)).join("")}。`;
  const words = Array.from({ length: 1 + Math.floor(random() * 10) }, () => pick(EN_WORDS));
  return `${words.join(" ").replace(/^./, (c) => c.toUpperCase())}.`;
}

function int(random: () => number, lo: number, hi: number): number {
  return lo + Math.floor(random() * (hi - lo + 1));
}

export function randomValue(schema: Json, random: () => number, lang: Lang): unknown {
  for (const key of Object.keys(schema)) if (!KNOWN.has(key)) throw new Error(`random-json: unsupported schema keyword "${key}"`);
  if (Array.isArray(schema.enum)) return schema.enum[Math.floor(random() * schema.enum.length)];
  switch (schema.type) {
    case "object": {
      const properties = (schema.properties ?? {}) as Record<string, Json>;
      const required = new Set((schema.required as string[] | undefined) ?? []);
      const out: Json = {};
      for (const [name, sub] of Object.entries(properties)) if (required.has(name) || random() < 0.5) out[name] = randomValue(sub, random, lang);
      return out;
    }
    case "array": {
      const lo = typeof schema.minItems === "number" ? schema.minItems : 0;
      const hi = typeof schema.maxItems === "number" ? schema.maxItems : lo + OPEN_LIST;
      // Lists of texts start at one item: an empty one is a legitimate reply, but tested elsewhere.
      const floor = (schema.items as Json | undefined)?.type === "integer" ? lo : Math.min(hi, Math.max(lo, 1));
      return Array.from({ length: int(random, floor, hi) }, () => randomValue(schema.items as Json, random, lang));
    }
    case "string":
      // Never empty, so minLength up to 1 holds; a larger minLength is not a reply-schema keyword.
      if (typeof schema.minLength === "number" && schema.minLength > 1) throw new Error(`random-json: unsupported minLength ${schema.minLength}`);
      return randomText(random, lang);
    case "integer":
      return int(random, -5, 5);
    case "number":
      return -5 + random() * 10;
    case "boolean":
      return random() < 0.5;
    default:
      throw new Error(`random-json: unsupported type ${JSON.stringify(schema.type)}`);
  }
}

/** FNV-1a over the request text, mixed with the seed: the per-request random stream. */
export function requestRandom(seed: number, text: string): () => number {
  let hash = 0x811c9dc5 ^ seed;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return seededRandom(hash >>> 0);
}
