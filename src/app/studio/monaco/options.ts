import type { monaco } from "./monaco";

type EditorOptions = Parameters<typeof monaco.editor.create>[1];

/** Prose-friendly editor settings shared by the code and diff editors. */
export const BASE_OPTIONS: EditorOptions = {
  automaticLayout: true,
  minimap: { enabled: false },
  wordWrap: "on",
  wrappingIndent: "same",
  scrollBeyondLastLine: false,
  fontSize: 13,
  lineNumbersMinChars: 3,
  renderLineHighlight: "none",
  // Hovers and suggestions may reach outside the editor's box (it is short).
  fixedOverflowWidgets: true,
  tabSize: 2,
  unicodeHighlight: { ambiguousCharacters: false },
  quickSuggestions: false,
  padding: { top: 8, bottom: 8 },
};
