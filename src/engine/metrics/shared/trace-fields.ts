import { z } from "zod";
import type { CallRecord } from "../../result";

/**
 * The fields a metric's score is computed from (DESIGN.md contract 4), as a schema each metric keeps
 * in its folder (trace.ts). A report from a file or a stored result is untrusted: these are checked
 * before a score is recomputed from the trace, so a hand-edited verdict of "yes" or 2 is named by its
 * path instead of quietly changing a score. Other fields a trace keeps pass through (loose).
 */

export const flag = z.union([z.literal(0), z.literal(1)]);
export const count = z.number().int().min(0);
/** 0-based position (a context's rank, a sentence's context). */
export const position = z.number().int().min(0);
/** A raw cosine: in [-1, 1] up to rounding. */
export const cosine = z
  .number()
  .min(-1 - 1e-9)
  .max(1 + 1e-9);
export const textItems = z.array(z.string());

type Mutual<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Fields<S extends z.ZodRawShape> = z.infer<z.ZodObject<S>>;
/** unknown when every field the schema names exists in the trace type with the type the schema gives it. */
type TiedTo<S extends z.ZodRawShape, T> = [Exclude<keyof S, keyof T>] extends [never]
  ? Mutual<Fields<S>, Pick<T, keyof S & keyof T>> extends true
    ? unknown
    : { "the schema and the trace type give a field different types": Fields<S> }
  : { "the schema names fields the trace type lacks": Exclude<keyof S, keyof T> };

/**
 * The schema of a trace's scored fields, tied to the metric's trace type at compile time: a field
 * whose type changes in one and not the other fails the type check, so the report checker can never
 * accept what the score function cannot read, nor refuse what it writes.
 */
export function traceFields<TTrace extends { calls: CallRecord[] }>() {
  return <S extends z.ZodRawShape>(shape: S & TiedTo<S, TTrace>) => z.looseObject(shape as S);
}
