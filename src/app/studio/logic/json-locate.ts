/**
 * A strict JSON parser that also remembers where every value sits in the text, so a problem found
 * by a schema check ("example 2: output.verdicts.0.verdict") can be underlined exactly where it
 * is in the editor. JSON.parse gives values without positions; this gives both. Strings are
 * decoded with JSON.parse itself, so escapes behave exactly as in the rest of the app.
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

class JsonSyntaxError extends Error {
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(message);
  }
}

export function locateJson(text: string): LocatedJson {
  const spans = new Map<string, Span>();
  let i = 0;

  const fail = (message: string, at = i): never => {
    throw new JsonSyntaxError(message, at);
  };
  const ws = () => {
    while (i < text.length && " \t\n\r".includes(text[i]!)) i++;
  };
  const expect = (ch: string) => {
    if (text[i] !== ch) fail(text[i] === undefined ? `expected "${ch}" but the text ends` : `expected "${ch}" but found "${text[i]}"`);
    i++;
  };

  const string = (): string => {
    const start = i;
    expect('"');
    while (i < text.length && text[i] !== '"') {
      if (text[i] === "\\") i++;
      else if (text.charCodeAt(i) < 0x20) fail("a line break or control character inside a string (write \\n)");
      i++;
    }
    if (i >= text.length) fail("a string is not closed", start);
    i++;
    try {
      return JSON.parse(text.slice(start, i)) as string;
    } catch {
      return fail("a string has an invalid escape", start);
    }
  };

  const value = (path: (string | number)[]): unknown => {
    ws();
    const start = i;
    const ch = text[i];
    let out: unknown;
    if (ch === "{") out = object(path);
    else if (ch === "[") out = array(path);
    else if (ch === '"') out = string();
    else if (ch === "-" || (ch !== undefined && ch >= "0" && ch <= "9")) {
      const m = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i));
      if (!m) fail("an invalid number");
      i += m![0].length;
      out = Number(m![0]);
    } else if (text.startsWith("true", i)) {
      i += 4;
      out = true;
    } else if (text.startsWith("false", i)) {
      i += 5;
      out = false;
    } else if (text.startsWith("null", i)) {
      i += 4;
      out = null;
    } else {
      fail(ch === undefined ? "the text ends where a value should be" : `unexpected "${ch}"`);
    }
    spans.set(pathKey(path), { start, end: i });
    return out;
  };

  const object = (path: (string | number)[]): Record<string, unknown> => {
    expect("{");
    const out: Record<string, unknown> = {};
    ws();
    if (text[i] === "}") {
      i++;
      return out;
    }
    for (;;) {
      ws();
      const keyStart = i;
      const key = string();
      // The key's own span, for "unknown key" markers.
      spans.set(`${pathKey([...path, key])}#key`, { start: keyStart, end: i });
      ws();
      expect(":");
      out[key] = value([...path, key]);
      ws();
      if (text[i] === ",") {
        i++;
        continue;
      }
      expect("}");
      return out;
    }
  };

  const array = (path: (string | number)[]): unknown[] => {
    expect("[");
    const out: unknown[] = [];
    ws();
    if (text[i] === "]") {
      i++;
      return out;
    }
    for (;;) {
      out.push(value([...path, out.length]));
      ws();
      if (text[i] === ",") {
        i++;
        continue;
      }
      expect("]");
      return out;
    }
  };

  try {
    const result = value([]);
    ws();
    if (i < text.length) fail(`unexpected "${text[i]}" after the end of the JSON value`);
    return { ok: true, value: result, spans };
  } catch (error) {
    if (error instanceof JsonSyntaxError) return { ok: false, message: error.message, offset: Math.min(error.offset, text.length) };
    throw error;
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
