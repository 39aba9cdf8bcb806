import { MissingVariableError } from "../engine/target/target-headers";
import type { Target } from "../engine/target/target-schema";
import { createTargetClient, type TargetClient } from "../llm/target/ask-target";
import { parseTarget } from "../llm/target/parse-target";
import { RunError } from "./errors";
import { readTextFile } from "./files";
import type { CliIO } from "./io";

/**
 * --target FILE: the target file read, checked as a whole (schema and JSONPath grammar) and turned
 * into a client over Node's fetch, with `${NAME}` header values read from the environment. Every
 * problem is a RunError naming the file and the field (or the variable that is not set).
 */
export async function openTargetFile(path: string, io: CliIO): Promise<{ target: Target; client: TargetClient }> {
  const text = await readTextFile(path, "--target");
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new RunError(`--target ${path}: not JSON (${(error as Error).message})`);
  }
  const parsed = parseTarget(json);
  if ("problem" in parsed) throw new RunError(`--target ${path}: ${parsed.problem}`);
  try {
    const client = createTargetClient(parsed.target, { fetch: globalThis.fetch, env: io.env, ...(io.sleep ? { sleep: io.sleep } : {}) });
    return { target: parsed.target, client };
  } catch (error) {
    if (error instanceof MissingVariableError) throw new RunError(`--target ${path}: ${error.message} (set it in the environment)`);
    throw error;
  }
}
