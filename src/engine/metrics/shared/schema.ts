import { z } from "zod";

/**
 * Judges write 0/1 flags in many ways ("1", true, "yes"); structured output makes that rare but
 * JSON mode and small local models do it often, so flags are coerced before validation.
 */
export const binaryFlag = z.preprocess(
  (value) => {
    if (value === true || value === 1 || value === "1") return 1;
    if (value === false || value === 0 || value === "0") return 0;
    if (typeof value === "string") {
      const v = value.trim().toLowerCase();
      if (["yes", "true", "supported", "attributed", "useful", "是"].includes(v)) return 1;
      if (["no", "false", "unsupported", "not attributed", "not useful", "否"].includes(v)) return 0;
    }
    return value;
  },
  z.union([z.literal(0), z.literal(1)]),
);

/**
 * JSON Schema building blocks for reply schemas (DESIGN.md contract 8). Every schema is strict as
 * OpenAI's structured output demands (every property required, no extras), and states every
 * constraint the matching zod validator checks, so a reply valid under what was sent is used as is.
 *
 * Only keywords every constrained decoder reads as JSON Schema means them (README, "Judge replies"):
 * type, enum, properties / required / additionalProperties, items with minItems / maxItems, and
 * minLength. No `pattern` (xgrammar and outlines read it as a match of the WHOLE string, so "\\S"
 * admitted exactly one character), no `minimum` / `maximum` (outlines ignores them: small integer
 * sets are enums), no `format`. test/integration/engine-conformance.test.ts compiles every schema
 * we send with xgrammar and lints them for these keywords.
 */
export type JsonSchema = Record<string, unknown>;

export const STRING: JsonSchema = { type: "string" };
/**
 * Non-empty text. "Not blank" cannot be said without `pattern`, so the schema says "at least one
 * character" and the validators trim: text that is only spaces counts as a missing item (salvage
 * asks for it again) or is dropped where a metric allows that.
 */
export const TEXT: JsonSchema = { type: "string", minLength: 1 };
export const FLAG: JsonSchema = { type: "integer", enum: [0, 1] };

export function object(properties: Record<string, JsonSchema>, title?: string): JsonSchema {
  const schema: JsonSchema = { type: "object", properties, required: Object.keys(properties), additionalProperties: false };
  return title ? { title, ...schema } : schema;
}

export interface ItemBounds {
  /** Exactly this many items (minItems = maxItems). */
  exactly?: number;
  max?: number;
}

export function arrayOf(items: JsonSchema, bounds: ItemBounds = {}): JsonSchema {
  const schema: JsonSchema = { type: "array", items };
  if (bounds.exactly !== undefined) Object.assign(schema, { minItems: bounds.exactly, maxItems: bounds.exactly });
  else if (bounds.max !== undefined) schema.maxItems = bounds.max;
  return schema;
}

/**
 * Beyond this many values an enum is too big for OpenAI strict mode (its limit is 1000). A metric
 * whose numbers could exceed it asks in windows of at most this many items (context relevance).
 */
export const MAX_ENUM = 500;

/**
 * An integer in [min, max], as an enum of its members: outlines ignores minimum / maximum, and an
 * enum is read the same by every engine.
 */
export function integerIn(min: number, max: number): JsonSchema {
  if (!Number.isInteger(min) || !Number.isInteger(max) || max < min) throw new Error(`integerIn: no integers in [${min}, ${max}]`);
  if (max - min + 1 > MAX_ENUM) throw new Error(`integerIn: [${min}, ${max}] has more than ${MAX_ENUM} members`);
  return { type: "integer", enum: Array.from({ length: max - min + 1 }, (_, i) => min + i) };
}

type JsonType = "string" | "integer" | "flag" | { array: JsonProperties } | { arrayOf: "string" | "integer" };
interface JsonProperties {
  [name: string]: JsonType;
}

/** The older shorthand (the studio's translation call still uses it): a strict object of simple types. */
function strictObjectSchema(title: string | undefined, properties: JsonProperties): JsonSchema {
  const props: Record<string, JsonSchema> = {};
  for (const [name, type] of Object.entries(properties)) props[name] = jsonType(type);
  return object(props, title);
}

function jsonType(type: JsonType): JsonSchema {
  if (type === "string") return STRING;
  if (type === "integer") return { type: "integer" };
  if (type === "flag") return FLAG;
  if ("arrayOf" in type) return arrayOf({ type: type.arrayOf });
  return arrayOf(strictObjectSchema(undefined, type.array));
}
