import { randomBytes } from "node:crypto";
import { readFile, rename, rm, writeFile } from "node:fs/promises";
import { RunError } from "./errors";

/** Reads UTF-8 text; a missing or unreadable file is a RunError naming the flag and the path. */
export async function readTextFile(path: string, flag: string): Promise<string> {
  try {
    return await readFile(path, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why = code === "ENOENT" ? "no such file" : code === "EISDIR" ? "is a directory" : code === "EACCES" ? "permission denied" : (error as Error).message;
    throw new RunError(`${flag} ${path}: cannot read (${why})`);
  }
}

/**
 * Writes through a temporary file and a rename, so an interrupted write never leaves half a
 * report where a script expects a whole one.
 */
export async function writeTextFileAtomic(path: string, text: string): Promise<void> {
  const temp = `${path}.${randomBytes(4).toString("hex")}.tmp`;
  try {
    await writeFile(temp, text, "utf8");
    await rename(temp, path);
  } catch (error) {
    await rm(temp, { force: true }).catch(() => undefined);
    throw new RunError(`--out ${path}: cannot write (${(error as Error).message})`);
  }
}
