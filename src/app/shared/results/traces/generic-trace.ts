/**
 * The view model of a trace whose metric has no view of its own: each field of the trace (the
 * calls have their own log) as a list of items with their flags marked, a list of values, or one
 * value. Flags are the 0/1 numbers of an item (DESIGN.md contract 4); a field that numbers or
 * places an item (index, context, position, rank) is a number, not a flag.
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

function itemOf(row: Record<string, unknown>): GenericItem {
  const entries = Object.entries(row);
  const textEntry = entries.find(([k, v]) => k === "text" && typeof v === "string") ?? entries.find(([k, v]) => k !== "reason" && typeof v === "string");
  const item: GenericItem = { text: textEntry ? String(textEntry[1]) : "", flags: [], numbers: [] };
  for (const [name, value] of entries) {
    if (typeof value !== "number") continue;
    if ((value === 0 || value === 1) && !PLACES.has(name)) item.flags.push({ name, on: value === 1 });
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
      if (Array.isArray(value) && value.every(isRecord)) return { kind: "items", field, items: value.map(itemOf) };
      if (Array.isArray(value)) return { kind: "values", field, values: value.map(shown) };
      return { kind: "value", field, value: shown(value) };
    });
}
