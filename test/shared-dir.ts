import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

/** The team's shared folder (DESIGN.md, WikiEval rows, Golden Rules): beside the project root, in every clone. */
const SHARED_DIR = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..", "shared");

export const sharedPath = (...parts: string[]) => resolve(SHARED_DIR, ...parts);
