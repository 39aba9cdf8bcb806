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
 */
export type JsonSchema = Record<string, unknown>;

export const STRING: JsonSchema = { type: "string" };
/** A string with at least one non-space character. */
export const TEXT: JsonSchema = { type: "string", pattern: "\\S" };
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

/** An integer in [min, max]. */
export function integerIn(min: number, max: number): JsonSchema {
  return { type: "integer", minimum: min, maximum: max };
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
