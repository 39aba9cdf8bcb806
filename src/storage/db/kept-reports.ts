import { z } from "zod";
import { parseReport, type ParseReportResult } from "../format/report-parse";
import type { AppDb } from "./db";
import { checkedDoc, docType, readDoc } from "./doc";
import { newId } from "./ids";

/**
 * Reports the user kept from the Reports view. The report is stored as its file text and read
 * back through parseReport, the same boundary a file passes (migrations included), so a stored
 * report is never trusted more than the file it came from.
 */

const keptSchema = z.object({
  id: z.string(),
  name: z.string(),
  keptAt: z.number(),
  samples: z.number().int().min(0),
  text: z.string(),
});

const KEPT = docType("kept report", 1, keptSchema);

export interface KeptReportInfo {
  id: string;
  name: string;
  keptAt: number;
  samples: number;
}

export async function keepReport(db: AppDb, input: { name: string; text: string; samples: number }, now = Date.now()): Promise<string> {
  const id = newId();
  await db.put("reports", checkedDoc(KEPT, { id, name: input.name, keptAt: now, samples: input.samples, text: input.text }));
  return id;
}

/** Newest first; unreadable rows are left out (and reported through onIssue). */
export async function listKeptReports(db: AppDb, onIssue?: (message: string) => void): Promise<KeptReportInfo[]> {
  const rows = await db.getAllFromIndex("reports", "keptAt");
  const out: KeptReportInfo[] = [];
  for (const raw of rows) {
    const read = readDoc(KEPT, raw);
    if (!read.ok) {
      onIssue?.(read.message);
      continue;
    }
    const { text: _text, ...info } = read.value;
    out.push(info);
  }
  return out.reverse();
}

export async function openKeptReport(db: AppDb, id: string): Promise<ParseReportResult | undefined> {
  const read = readDoc(KEPT, await db.get("reports", id));
  if (!read.ok) return undefined;
  return parseReport(read.value.text, read.value.name);
}

export async function deleteKeptReport(db: AppDb, id: string): Promise<void> {
  await db.delete("reports", id);
}
