import type { PromptDef, PromptExample } from "../../../engine";
import { locateJson, spanOf, pathKey, type JsonPath, type Span } from "./json-locate";

/**
 * Checks the few-shot examples as the user types them (JSON text in the editor): the shape
 * [{ input, output }], every input variable of the prompt present as text, and each output
 * accepted by the prompt's own reply schema (the zod schema the judge's replies must pass; an
 * example that teaches a shape the validator rejects would train the judge to fail).
 * Every problem carries a character range, so the editor can underline it.
 */

export interface TextIssue extends Span {
  message: string;
  /** Errors block saving and scoring; warnings are shown only. */
  severity: "error" | "warning";
}

export type ExamplesCheck = { examples: PromptExample[] | undefined; issues: TextIssue[] };

const describePath = (path: JsonPath) =>
  path
    .map((p) => (typeof p === "number" ? `[${p}]` : `.${p}`))
    .join("")
    .replace(/^\./, "");

export function checkExamplesText(text: string, prompt: Pick<PromptDef, "variables" | "output" | "outputForInput">): ExamplesCheck {
  const located = locateJson(text);
  if (!located.ok) {
    const at = located.offset;
    return {
      examples: undefined,
      issues: [{ message: `not valid JSON: ${located.message}`, start: at, end: Math.min(at + 1, text.length), severity: "error" }],
    };
  }
  const { value, spans } = located;
  const issues: TextIssue[] = [];
  const at = (path: JsonPath, message: string, severity: TextIssue["severity"] = "error") => {
    const span = spanOf(spans, path) ?? { start: 0, end: text.length };
    issues.push({ ...span, message, severity });
  };
  const keyAt = (path: JsonPath, message: string) => {
    const span = spans.get(`${pathKey(path)}#key`) ?? spanOf(spans, path) ?? { start: 0, end: 0 };
    issues.push({ ...span, message, severity: "warning" });
  };

  if (!Array.isArray(value)) {
    at([], 'the examples must be a JSON array: [{ "input": {...}, "output": {...} }, ...]');
    return { examples: undefined, issues };
  }
  value.forEach((example, n) => {
    const label = `example ${n + 1}`;
    if (typeof example !== "object" || example === null || Array.isArray(example)) {
      at([n], `${label} must be an object with "input" and "output"`);
      return;
    }
    const record = example as Record<string, unknown>;
    for (const key of Object.keys(record))
      if (key !== "input" && key !== "output") keyAt([n, key], `${label}: "${key}" is ignored (an example has only "input" and "output")`);
    checkInput(record, n, label, prompt.variables, at, keyAt);
    if (!("output" in record)) {
      at([n], `${label}: "output" is missing`);
      return;
    }
    // The schema a call with this example's input would send (contract 8: e.g. one verdict per statement).
    const input = record.input && typeof record.input === "object" ? (record.input as Record<string, string>) : {};
    const parsed = (prompt.outputForInput?.(input) ?? prompt.output).schema.safeParse(record.output);
    if (!parsed.success) {
      for (const issue of parsed.error.issues.slice(0, 5)) {
        const path = issue.path.filter((p): p is string | number => typeof p !== "symbol");
        at([n, "output", ...path], `${label}: ${describePath(["output", ...path])}: ${issue.message}`);
      }
    }
  });
  if (issues.some((i) => i.severity === "error")) return { examples: undefined, issues };
  // Only input and output, exactly as the prompt set file keeps them: the hash covers the
  // examples, so the browser must hash what the CLI will read back from an exported file.
  const examples = (value as { input: Record<string, string>; output: unknown }[]).map((e) => ({ input: e.input, output: e.output }));
  return { examples, issues };
}

function checkInput(
  record: Record<string, unknown>,
  n: number,
  label: string,
  variables: readonly string[],
  at: (path: JsonPath, message: string) => void,
  keyAt: (path: JsonPath, message: string) => void,
): void {
  const input = record.input;
  if (typeof input !== "object" || input === null || Array.isArray(input)) {
    at([n, "input"], `${label}: "input" must be an object with ${variables.map((v) => `"${v}"`).join(", ")}`);
    return;
  }
  const values = input as Record<string, unknown>;
  for (const name of variables) {
    if (!(name in values)) at([n, "input"], `${label}: input.${name} is missing (the template uses {{${name}}})`);
    else if (typeof values[name] !== "string") at([n, "input", name], `${label}: input.${name} must be text`);
  }
  for (const key of Object.keys(values)) {
    if (variables.includes(key)) continue;
    // Kept in the file (the set's schema allows any text input), so it must at least be text.
    if (typeof values[key] !== "string") at([n, "input", key], `${label}: input.${key} must be text`);
    else keyAt([n, "input", key], `${label}: input.${key} is not a variable of this prompt (known: ${variables.join(", ")}), so the judge never sees it`);
  }
}
