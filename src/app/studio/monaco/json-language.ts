import type * as MonacoApi from "monaco-editor/editor";

/**
 * A small "json" language for the examples editor: colours, brackets and Format Document.
 * Monaco's own JSON language service is left out on purpose: loading it pulls in every editor
 * contribution after the first editor exists (monaco-editor 0.57's internal/common/workers.js),
 * which both doubles the chunk and breaks those contributions ("depends on UNKNOWN service").
 * The checks that matter (shape, variables, the reply schema) are ours anyway, with exact
 * positions (logic/examples-check.ts), and JSON syntax errors are among them.
 */
export function registerJsonLanguage(monaco: typeof MonacoApi): void {
  monaco.languages.register({ id: "json", extensions: [".json"], aliases: ["JSON"] });
  monaco.languages.setMonarchTokensProvider("json", {
    tokenizer: {
      root: [
        [/"(?:[^"\\]|\\.)*"(?=\s*:)/, "string.key.json"],
        [/"(?:[^"\\]|\\.)*"?/, "string.value.json"],
        [/-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?/, "number.json"],
        [/\b(?:true|false|null)\b/, "keyword.json"],
        [/[{}[\]]/, "delimiter.bracket.json"],
        [/[,:]/, "delimiter.json"],
      ],
    },
  });
  monaco.languages.setLanguageConfiguration("json", {
    brackets: [
      ["{", "}"],
      ["[", "]"],
    ],
    autoClosingPairs: [
      { open: "{", close: "}", notIn: ["string"] },
      { open: "[", close: "]", notIn: ["string"] },
      { open: '"', close: '"', notIn: ["string"] },
    ],
  });
  // Shift+Alt+F: two-space JSON, as the studio writes it. Unparseable text is left alone.
  monaco.languages.registerDocumentFormattingEditProvider("json", {
    provideDocumentFormattingEdits(model) {
      try {
        const text = JSON.stringify(JSON.parse(model.getValue()), null, 2);
        return [{ range: model.getFullModelRange(), text }];
      } catch {
        return [];
      }
    },
  });
}
