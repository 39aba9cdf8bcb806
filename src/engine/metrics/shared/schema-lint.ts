/**
 * Reply schemas may use only what every constrained decoder enforces as JSON Schema means it
 * (README, "Judge replies"; research on OpenAI strict, xgrammar, llguidance, outlines, llama.cpp).
 * This names every departure, with the keyword, so a test can fail on it and a custom judge's
 * schema can be checked before it is sent.
 */

/** Keywords every engine reads alike (plus annotations, which none enforces). */
const PORTABLE = new Set(["type", "properties", "required", "additionalProperties", "items", "minItems", "maxItems", "enum", "minLength"]);
const ANNOTATIONS = new Set(["title", "description"]);

/** Why a keyword is not portable, for the ones a reply schema is most tempted to use. */
const WHY: Record<string, string> = {
  pattern:
    "xgrammar and outlines match it against the whole string and do no JSON escaping (\\S admits exactly one character); old llama.cpp converters refuse it without ^...$",
  minimum: "outlines ignores it; use an enum of the allowed integers",
  maximum: "outlines ignores it; use an enum of the allowed integers",
  exclusiveMinimum: "outlines ignores it; use an enum of the allowed integers",
  exclusiveMaximum: "outlines ignores it; use an enum of the allowed integers",
  format: "each engine knows a different set of formats and some refuse unknown ones",
  maxLength: "xgrammar drops it next to pattern/format and outlines lets it override them; cap the reply with max_tokens",
  multipleOf: "outlines and llama.cpp ignore it; vLLM moves the request off xgrammar",
  uniqueItems: "no engine enforces it (OpenAI and llguidance refuse it)",
  anyOf: "OpenAI refuses it at the root and engines differ on it inside",
  oneOf: "engines read it as anyOf or refuse it",
  allOf: "OpenAI refuses it",
  $ref: "nested references are broken in llama.cpp",
  const: "use a one-member enum",
};

export interface SchemaProblem {
  /** Where, as a JSON-pointer-like path ("" is the root). */
  path: string;
  /** The keyword at fault. */
  keyword: string;
  message: string;
}

/** Every place the schema departs from the portable subset; empty when it keeps to it. */
export function schemaProblems(schema: unknown, path = ""): SchemaProblem[] {
  const problems: SchemaProblem[] = [];
  if (typeof schema !== "object" || schema === null || Array.isArray(schema)) {
    return [{ path, keyword: "type", message: `at ${path || "the root"}: a schema must be an object` }];
  }
  const node = schema as Record<string, unknown>;
  const at = path || "the root";
  for (const key of Object.keys(node)) {
    if (PORTABLE.has(key) || ANNOTATIONS.has(key)) continue;
    const why = WHY[key] ?? "not a keyword every engine enforces";
    problems.push({ path, keyword: key, message: `at ${at}: "${key}" is not portable: ${why}` });
  }
  if (node.type === "object") {
    const properties = (node.properties ?? {}) as Record<string, unknown>;
    if (node.additionalProperties !== false) {
      problems.push({ path, keyword: "additionalProperties", message: `at ${at}: every object needs additionalProperties: false (OpenAI strict)` });
    }
    const required = Array.isArray(node.required) ? (node.required as string[]) : [];
    const names = Object.keys(properties);
    if (required.length !== names.length || names.some((n) => !required.includes(n))) {
      problems.push({ path, keyword: "required", message: `at ${at}: every property must be required (OpenAI strict)` });
    }
    for (const [name, sub] of Object.entries(properties)) problems.push(...schemaProblems(sub, `${path}/properties/${name}`));
  }
  if (node.type === "array" && node.items !== undefined) problems.push(...schemaProblems(node.items, `${path}/items`));
  if (node.enum !== undefined && (!Array.isArray(node.enum) || node.enum.length === 0)) {
    problems.push({ path, keyword: "enum", message: `at ${at}: an enum needs at least one member` });
  }
  if (node.minLength !== undefined && node.minLength !== 1) {
    problems.push({ path, keyword: "minLength", message: `at ${at}: minLength is only used as 1 (non-empty text)` });
  }
  return problems;
}
