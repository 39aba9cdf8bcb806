/**
 * Report format migrations, read side only (tldraw's pattern): MIGRATIONS[n] turns a version-n
 * document into a version n+1 one. Supporting version 2 is: bump REPORT_VERSION, write the v2
 * schema, and add `1: (doc) => ...` here. Documents are plain JSON at this point, unvalidated;
 * each step may assume only what version n guaranteed.
 */

export type JsonObject = Record<string, unknown>;
export type Migration = (doc: JsonObject) => JsonObject;

export const MIGRATIONS: Readonly<Record<number, Migration>> = {
  // Version 2 only adds optional fields (tracesOmitted for summary-only copies; repeat-n runs:
  // config.repeat, results[].repeats and .stats, summary std): a version-1 document is a valid version-2 one.
  1: (doc) => doc,
  // Version 3 adds optional fields too (contract 14: summary ci95 and ciMethod, thresholds, pass,
  // judge noise). The intervals of an older file are computed when it is opened (report-parse.ts),
  // from its results, so the step itself has nothing to move.
  2: (doc) => doc,
};

export type MigrationOutcome = { ok: true; doc: JsonObject; from: number } | { ok: false; missing: number };

/** Runs every step from `from` up to `to`; names the first version with no way forward. */
export function migrate(doc: JsonObject, from: number, to: number, migrations: Readonly<Record<number, Migration>> = MIGRATIONS): MigrationOutcome {
  let current = doc;
  for (let v = from; v < to; v++) {
    const step = migrations[v];
    if (!step) return { ok: false, missing: v };
    current = { ...step(current), version: v + 1 };
  }
  return { ok: true, doc: current, from };
}
