import { randomBytes } from "node:crypto";
import { readFile, rename, rm, writeFile } from "node:fs/promises";
import type { Sample } from "../engine/sample";
import { type FileIssue, readSamples, requireSamples, SamplesFileError } from "../storage/format/samples-file";
import { RunError } from "./errors";

/** Reads UTF-8 text; a missing or unreadable file is a RunError naming the flag and the path. */
export async function readTextFile(path: string, flag: string): Promise<string> {
  try {
    return await readFile(path, "utf8");
  } catch (error) {
    throw new RunError(`${flag} ${path}: cannot read (${whyUnreadable(error)})`);
  }
}

/**
 * Writes through a temporary file and a rename, so an interrupted write never leaves half a
 * report where a script expects a whole one.
 */
export async function writeTextFileAtomic(path: string, text: string | Uint8Array): Promise<void> {
  const temp = `${path}.${randomBytes(4).toString("hex")}.tmp`;
  try {
    await writeFile(temp, text);
    await rename(temp, path);
  } catch (error) {
    await rm(temp, { force: true }).catch(() => undefined);
    throw new RunError(`--out ${path}: cannot write (${(error as Error).message})`);
  }
}

/**
 * --input: any dataset file the browser imports (CSV, JSON, JSON Lines, parquet), read as bytes
 * through the same read -> map -> validate pipeline (storage/format/samples-file.ts). A file with
 * any problem is a RunError whose message names the file, row and field of the first one and
 * counts the rest.
 */
export async function readDatasetFile(
  path: string,
  flag = "--input",
  options: { answerOptional?: boolean } = {},
): Promise<{ samples: Sample[]; warnings: FileIssue[] }> {
  let bytes: Uint8Array;
  try {
    bytes = await readFile(path);
  } catch (error) {
    throw new RunError(`${flag} ${path}: cannot read (${whyUnreadable(error)})`);
  }
  try {
    return requireSamples(await readSamples({ name: path, bytes }, options));
  } catch (error) {
    if (error instanceof SamplesFileError) throw new RunError(error.message);
    throw error;
  }
}

function whyUnreadable(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  return code === "ENOENT" ? "no such file" : code === "EISDIR" ? "is a directory" : code === "EACCES" ? "permission denied" : (error as Error).message;
}
