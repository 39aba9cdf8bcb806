import { getNodeValue, type Node, type ParseError, parseTree, printParseErrorCode } from "jsonc-parser";

/**
 * Parses strict JSON and remembers where every value sits in the text, so a problem found by a
 * schema check ("example 2: output.verdicts.0.verdict") can be underlined exactly where it is in
 * the editor. JSON.parse gives values without positions; jsonc-parser (the parser VS Code and
 * Monaco use) gives a syntax tree with offsets, which we flatten into path -> span.
 */

export type JsonPath = readonly (string | number)[];

export interface Span {
  start: number;
  end: number;
}

export type LocatedJson = { ok: true; value: unknown; spans: Map<string, Span> } | { ok: false; message: string; offset: number };

/** The map key of a path: ["a", 0] -> "a/0". */
export function pathKey(path: JsonPath): string {
  return path.map(String).join("/");
}

/** Plain words for jsonc-parser's error codes (the editor shows them after "not valid JSON: "). */
const ERROR_TEXT: Record<ReturnType<typeof printParseErrorCode>, string> = {
  InvalidSymbol: "unexpected character",
  InvalidNumberFormat: "an invalid number",
  PropertyNameExpected: "expected a key in double quotes",
  ValueExpected: "expected a value",
  ColonExpected: 'expected ":" after the key',
  CommaExpected: 'expected "," between items',
  CloseBraceExpected: 'expected "}"',
  CloseBracketExpected: 'expected "]"',
  EndOfFileExpected: "unexpected text after the end of the JSON value",
  InvalidCommentToken: "comments are not allowed in JSON",
  UnexpectedEndOfComment: "a comment is not closed",
  UnexpectedEndOfString: "a string is not closed",
  UnexpectedEndOfNumber: "a number is cut off",
  InvalidUnicode: "an invalid \\u escape",
  InvalidEscapeCharacter: "a string has an invalid escape",
  InvalidCharacter: "a line break or control character inside a string (write \\n)",
  "<unknown ParseErrorCode>": "invalid JSON",
};

export function locateJson(text: string): LocatedJson {
  const errors: ParseError[] = [];
  const root = parseTree(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  const first = errors[0];
  if (first) return syntaxError(text, first);
  if (!root) return { ok: false, message: "the text ends where a value should be", offset: text.length };
  const spans = new Map<string, Span>();
  collectSpans(root, [], spans);
  return { ok: true, value: getNodeValue(root), spans };
}

/**
 * The first error, placed where a reader looks for it. jsonc-parser reports a bad string at the
 * string's start (and a line break simply ends the string), so a control character inside the
 * string's range is pointed at directly.
 */
function syntaxError(text: string, error: ParseError): LocatedJson {
  const code = printParseErrorCode(error.error);
  if (code === "UnexpectedEndOfString" || code === "InvalidCharacter") {
    for (let at = error.offset; at <= Math.min(error.offset + error.length, text.length - 1); at++)
      if (text.charCodeAt(at) < 0x20) return { ok: false, message: ERROR_TEXT.InvalidCharacter, offset: at };
  }
  return { ok: false, message: ERROR_TEXT[code], offset: Math.min(error.offset, text.length) };
}

/** Records each value's span under its path, and each object key's span under "<path>#key" (for "unknown key" markers). */
function collectSpans(node: Node, path: (string | number)[], spans: Map<string, Span>): void {
  spans.set(pathKey(path), { start: node.offset, end: node.offset + node.length });
  const children = node.children ?? [];
  if (node.type === "array") for (const [index, child] of children.entries()) collectSpans(child, [...path, index], spans);
  if (node.type !== "object") return;
  for (const property of children) {
    const [key, value] = property.children ?? [];
    if (!key || !value) continue;
    const keyPath = [...path, String(key.value)];
    spans.set(`${pathKey(keyPath)}#key`, { start: key.offset, end: key.offset + key.length });
    collectSpans(value, keyPath, spans);
  }
}

/** The span of the deepest part of `path` that exists in the text (a missing key points at its parent). */
export function spanOf(spans: Map<string, Span>, path: JsonPath): Span | undefined {
  for (let n = path.length; n >= 0; n--) {
    const span = spans.get(pathKey(path.slice(0, n)));
    if (span) return span;
  }
  return undefined;
}
