import { type AgreementFile, parseAgreementFile } from "../format/agreement-file";
import type { AppDb } from "./db";

/**
 * Agreement runs in IndexedDB: each is the contract-10 file itself plus an id, so what is stored
 * is exactly what is exported. Every read goes through the file's parser (contract: IndexedDB
 * reads are untrusted); a record that fails is reported, not shown half-read.
 */
export interface StoredAgreementRun {
  id: string;
  createdAt: string;
  file: AgreementFile;
}

export async function saveAgreementRun(db: AppDb, id: string, file: AgreementFile): Promise<StoredAgreementRun> {
  const run = { id, createdAt: file.createdAt, file };
  await db.put("agreementRuns", run);
  return run;
}

/** Newest first; unreadable records are counted, not thrown. */
export async function listAgreementRuns(db: AppDb): Promise<{ runs: StoredAgreementRun[]; unreadable: number }> {
  const raw = await db.getAllFromIndex("agreementRuns", "createdAt");
  const runs: StoredAgreementRun[] = [];
  let unreadable = 0;
  for (const value of raw.reverse()) {
    const record = value as { id?: unknown; createdAt?: unknown; file?: unknown };
    try {
      if (typeof record.id !== "string") throw new Error("no id");
      const file = parseAgreementFile(record.file, `stored agreement run ${record.id}`);
      runs.push({ id: record.id, createdAt: file.createdAt, file });
    } catch {
      unreadable++;
    }
  }
  return { runs, unreadable };
}

export async function deleteAgreementRun(db: AppDb, id: string): Promise<void> {
  await db.delete("agreementRuns", id);
}
