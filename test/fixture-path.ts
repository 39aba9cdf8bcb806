import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

/** test/fixtures: every file a test reads lives here (with its credit), so a clone of this repository alone passes `npm test`. */
const FIXTURES_DIR = resolve(dirname(fileURLToPath(import.meta.url)), "fixtures");

export const fixturePath = (...parts: string[]) => resolve(FIXTURES_DIR, ...parts);
