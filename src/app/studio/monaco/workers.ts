/**
 * Monaco's web worker, built by Vite from the local package (`?worker` emits it as a file of
 * this app, served from our own origin, never a CDN). The specifier is the one monaco-editor
 * 0.56+ exports (its package "exports" map): the README's older `monaco-editor/esm/vs/...` path
 * no longer resolves (research/ux-anchors.md finding 5). The base editor worker is the only one
 * needed: it computes diffs and word suggestions. (Monaco's JSON language service, and with it
 * `monaco-editor/languages/features/json/json.worker?worker`, is not used: see json-language.ts.)
 */
import EditorWorker from "monaco-editor/editor/editor.worker?worker";

globalThis.MonacoEnvironment = {
  getWorker(): Worker {
    return new EditorWorker();
  },
};
