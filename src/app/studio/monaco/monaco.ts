/**
 * The one place Monaco is imported from. Only the prompt studio imports this module, and the
 * studio is loaded with React.lazy, so Monaco (about 1 MB gzip) is a separate chunk that is
 * fetched when the studio opens and never on the paste-and-score path.
 *
 * The lean entry `monaco-editor/editor` has the editor core and no languages or contributions;
 * we add only what the studio uses, which keeps the chunk smaller than the full build. Every
 * contribution must be imported here, before the first editor is created: one registered later
 * finds the editor services already built and fails.
 */
import "./workers";
import * as monaco from "monaco-editor/editor";
import "monaco-editor/features/bracketMatching/register";
import "monaco-editor/features/clipboard/register";
import "monaco-editor/features/codicon/register";
import "monaco-editor/features/contextmenu/register";
import "monaco-editor/features/cursorUndo/register";
import "monaco-editor/features/diffEditor/register";
import "monaco-editor/features/find/register";
import "monaco-editor/features/folding/register";
import "monaco-editor/features/format/register";
import "monaco-editor/features/gotoError/register";
import "monaco-editor/features/hover/register";
import "monaco-editor/features/linesOperations/register";
import "monaco-editor/features/multicursor/register";
import "monaco-editor/features/smartSelect/register";
import "monaco-editor/features/snippet/register";
import "monaco-editor/features/suggest/register";
import "monaco-editor/features/wordHighlighter/register";
import "monaco-editor/features/wordOperations/register";
// Not covered by a features/*/register entry in 0.57 (features/suggest registers only inline
// completions): the suggest widget itself, which the {{variable}} completion needs.
import "monaco-editor/editor/contrib/suggest/browser/suggestController";
import { registerJsonLanguage } from "./json-language";
import { registerTemplateLanguage } from "./template-language";

registerTemplateLanguage(monaco);
registerJsonLanguage(monaco);

/** Light theme matching the app's tokens; {{variables}} in the accent colour. */
monaco.editor.defineTheme("studio", {
  base: "vs",
  inherit: true,
  rules: [{ token: "variable.template", foreground: "2d4fb8", fontStyle: "bold" }],
  colors: { "editor.background": "#ffffff", "editorLineNumber.foreground": "#9aa3b2" },
});
monaco.editor.setTheme("studio");

export { monaco };
