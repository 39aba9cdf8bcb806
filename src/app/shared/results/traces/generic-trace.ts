/**
 * The view model of a trace whose metric has no view of its own: each field of the trace (the
 * calls have their own log) as a list of items with their flags marked, a list of values, or one
 * value. A flag is a field that is 0 or 1 in every item of its list (DESIGN.md contract 4); a
 * field that numbers or places an item (index, context, position, rank) is a number, not a flag.
 */

interface GenericItem {
  text: string;
  flags: { name: string; on: boolean }[];
  numbers: { name: string; value: number }[];
  reason?: string;
}

export type GenericSection =
  | { kind: "items"; field: string; items: GenericItem[] }
  | { kind: "values"; field: string; values: string[] }
  | { kind: "value"; field: string; value: string };

const PLACES = new Set(["index", "context", "position", "rank"]);
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const shown = (v: unknown) => (typeof v === "string" ? v : (JSON.stringify(v) ?? String(v)));

/** The fields that are 0 or 1 in every row of a list. */
function flagFields(rows: readonly Record<string, unknown>[]): Set<string> {
  const names = new Set(rows.flatMap((row) => Object.keys(row)).filter((name) => !PLACES.has(name)));
  return new Set([...names].filter((name) => rows.every((row) => row[name] === 0 || row[name] === 1)));
}

function itemOf(row: Record<string, unknown>, flags: Set<string>): GenericItem {
  const entries = Object.entries(row);
  const textEntry = entries.find(([k, v]) => k === "text" && typeof v === "string") ?? entries.find(([k, v]) => k !== "reason" && typeof v === "string");
  const item: GenericItem = { text: textEntry ? String(textEntry[1]) : "", flags: [], numbers: [] };
  for (const [name, value] of entries) {
    if (typeof value !== "number") continue;
    if (flags.has(name)) item.flags.push({ name, on: value === 1 });
    else item.numbers.push({ name, value });
  }
  if (typeof row.reason === "string" && row.reason) item.reason = row.reason;
  return item;
}

export function genericTraceSections(trace: unknown): GenericSection[] {
  if (!isRecord(trace)) return [];
  return Object.entries(trace)
    .filter(([field]) => field !== "calls")
    .map(([field, value]): GenericSection => {
      if (Array.isArray(value) && value.every(isRecord)) {
        const flags = flagFields(value);
        return { kind: "items", field, items: value.map((row) => itemOf(row, flags)) };
      }
      if (Array.isArray(value)) return { kind: "values", field, values: value.map(shown) };
      return { kind: "value", field, value: shown(value) };
    });
}
