import { z } from "zod";
import type { JudgeOutputSpec, Salvaged } from "../../ports";
import { arrayOf, object, type JsonSchema } from "./schema";

/**
 * A reply that answers n items by position: `{ [key]: [item for 1, item for 2, ...] }` with exactly
 * n entries. Coverage is structural: the schema sent says minItems = maxItems = n, so a server that
 * enforces it cannot skip, repeat or invent an item, and there is no number to get wrong. The value
 * is the items in order. Without n (a prompt's generic shape, for the studio) any count goes.
 */
export function positionalItems<T>(name: string, key: string, item: JsonSchema, itemSchema: z.ZodType<T>, n?: number): JudgeOutputSpec<T[]> {
  const list = n === undefined ? z.array(itemSchema) : z.array(itemSchema).length(n, `expected exactly ${n} items, one per numbered item in order`);
  const spec: JudgeOutputSpec<T[]> = {
    name,
    jsonSchema: object({ [key]: arrayOf(item, n === undefined ? {} : { exactly: n }) }, name),
    schema: z.object({ [key]: list }).transform((value) => value[key] as T[]),
  };
  if (n !== undefined) spec.salvage = (json) => salvageItems(json, key, itemSchema, n);
  return spec;
}

/**
 * JSON mode and plain-text replies are not held to the schema: one that answers only some items
 * keeps the valid ones (by position) and names the rest, so one follow-up asks for those alone.
 * Nothing is kept from a reply with more items than asked: their positions mean nothing.
 */
export function salvageItems<T>(json: unknown, key: string, itemSchema: z.ZodType<T>, n: number): Salvaged<T[]> | undefined {
  const list = Array.isArray(json) ? json : typeof json === "object" && json !== null ? (json as Record<string, unknown>)[key] : undefined;
  if (!Array.isArray(list) || list.length > n) return undefined;
  const kept: T[] = new Array<T>(n);
  const missing: number[] = [];
  for (let i = 0; i < n; i++) {
    const parsed = i < list.length ? itemSchema.safeParse(list[i]) : undefined;
    if (parsed?.success) kept[i] = parsed.data;
    else missing.push(i);
  }
  if (missing.length === 0 || missing.length === n) return undefined;
  return { value: kept, missing };
}

export function range(n: number): number[] {
  return Array.from({ length: n }, (_, i) => i);
}

/**
 * Per-call specs depend only on their count, so each is built once per count: zod compiles a
 * parser the first time a schema is used, and a fresh schema per call would pay that every call.
 */
export function perCount<S>(build: (n?: number) => S): (n?: number) => S {
  const built = new Map<number | undefined, S>();
  return (n) => {
    let spec = built.get(n);
    if (spec === undefined) {
      spec = build(n);
      built.set(n, spec);
    }
    return spec;
  };
}
