/**
 * Monaco's web workers, built by Vite from the local package (`?worker` emits them as files of
 * this app, so they come from our own origin, never a CDN). Paths are those of monaco-editor
 * 0.56+ (its package "exports" map): the README's older `monaco-editor/esm/vs/...` specifiers no
 * longer resolve (research/ux-anchors.md finding 5). Only two are needed: the base editor worker
 * (diff computation, word suggestions) and the JSON worker for the examples editor.
 */
import EditorWorker from "monaco-editor/editor/editor.worker?worker";
import JsonWorker from "monaco-editor/languages/features/json/json.worker?worker";

globalThis.MonacoEnvironment = {
  getWorker(_workerId: string, label: string): Worker {
    return label === "json" ? new JsonWorker() : new EditorWorker();
  },
};
