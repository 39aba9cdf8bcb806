import type { z } from "zod";
import type { StoreName } from "./schema";

/**
 * Stored documents carry their own format version `v` (independent of the database version):
 * reading one goes envelope -> version check -> migrate -> validate, and any failure becomes a
 * StorageIssue instead of an exception, so one bad row never takes the app down.
 */

/** Something that was in storage but could not be used; the caller shows or logs it. */
export interface StorageIssue {
  store: StoreName;
  key: string;
  message: string;
}

export type IssueSink = (issue: StorageIssue) => void;

/** One step: turns a document of version N (the record key) into version N + 1. */
type DocMigration = (doc: Record<string, unknown>) => Record<string, unknown>;

export interface DocType<T> {
  /** Human name for messages: "history entry". */
  what: string;
  /** The format version written today. */
  version: number;
  /** Validates the current version's body (without `v`). */
  schema: z.ZodType<T>;
  /** migrations[n] upgrades v = n to v = n + 1. Version 1 needs none. */
  migrations?: Readonly<Record<number, DocMigration>>;
}

export type DocRead<T> = { ok: true; value: T } | { ok: false; message: string };

/**
 * A stored document type whose TypeScript type is what its schema outputs (`z.infer`): the schema
 * is the one definition, so the type cannot drift from what a read accepts.
 */
export function docType<T extends object>(
  what: string,
  version: number,
  schema: z.ZodType<T>,
  migrations?: Readonly<Record<number, DocMigration>>,
): DocType<T> {
  return { what, version, schema, ...(migrations ? { migrations } : {}) };
}

/** The stored form: the body plus its format version. */
export function writeDoc<T extends object>(type: DocType<T>, value: T): T & { v: number } {
  return { ...value, v: type.version };
}

/**
 * Validate what you write: `value` as the next read will return it, once the schema that read
 * applies has accepted it, so nothing is written that would read back as an issue. Throws
 * "not stored: ..." naming what is wrong.
 */
export function checkDoc<T extends object>(type: DocType<T>, value: T): T {
  const read = readDoc(type, writeDoc(type, value));
  if (!read.ok) throw new Error(`not stored: ${read.message}`);
  return read.value;
}

/** checkDoc's value in its stored form, ready for a put. */
export function checkedDoc<T extends object>(type: DocType<T>, value: T): T & { v: number } {
  return writeDoc(type, checkDoc(type, value));
}

export function readDoc<T>(type: DocType<T>, raw: unknown): DocRead<T> {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return { ok: false, message: `the ${type.what} is not an object` };
  let doc = raw as Record<string, unknown>;
  const v = doc.v;
  if (typeof v !== "number" || !Number.isInteger(v) || v < 1) return { ok: false, message: `the ${type.what} has no valid format version` };
  if (v > type.version) {
    return { ok: false, message: `the ${type.what} was written by a newer version of the app (format ${v}; this one reads up to ${type.version})` };
  }
  for (let from = v; from < type.version; from++) {
    const step = type.migrations?.[from];
    if (!step) return { ok: false, message: `no migration for the ${type.what} from format ${from} to ${from + 1}` };
    try {
      doc = step(doc);
    } catch (error) {
      return { ok: false, message: `the ${type.what} could not be migrated from format ${from}: ${error instanceof Error ? error.message : String(error)}` };
    }
  }
  const { v: _v, ...body } = doc;
  const parsed = type.schema.safeParse(body);
  if (parsed.success) return { ok: true, value: parsed.data };
  const first = parsed.error.issues[0];
  const where = first?.path.length ? `${first.path.join(".")}: ` : "";
  return { ok: false, message: `the ${type.what} is invalid (${where}${first?.message ?? "does not match its schema"})` };
}

/** readDoc for one stored row; a failure is turned into an issue naming store and key. */
export function readRow<T>(type: DocType<T>, raw: unknown, store: StoreName, key: string, issues: StorageIssue[]): T | undefined {
  const read = readDoc(type, raw);
  if (read.ok) return read.value;
  issues.push({ store, key, message: `${read.message}; it was skipped` });
  return undefined;
}
