import { useT } from "../shared/i18n";
import { useEnglishName } from "../shared/i18n/accessible-name";
import { useApp } from "../shared/store";
import { TextField } from "../shared/ui/Field";

/** Contexts in rank order: each can be edited, moved up or down, or removed. */
export function ContextList() {
  const t = useT();
  const named = useEnglishName();
  const contexts = useApp((s) => s.draft.contexts);
  const { setContext, addContext, removeContext, moveContext } = useApp.getState();
  // After a move or removal the pressed button may vanish or be disabled: keep focus nearby.
  const refocus = (selector: string, fallback: string) =>
    requestAnimationFrame(() => {
      const target = document.querySelector<HTMLElement>(selector);
      (target && !(target as HTMLButtonElement).disabled ? target : document.querySelector<HTMLElement>(fallback))?.focus();
    });
  const move = (i: number, delta: -1 | 1) => {
    moveContext(i, delta);
    const n = i + delta + 1;
    refocus(`[aria-label="${t.sample[delta < 0 ? "moveUp" : "moveDown"](n)}"]`, `[aria-label="${t.sample[delta < 0 ? "moveDown" : "moveUp"](n)}"]`);
  };
  return (
    <fieldset className="contexts">
      <legend>{t.sample.contexts}</legend>
      {contexts.map((c, i) => {
        const n = i + 1;
        return (
          <TextField
            key={c.key}
            id={`context-${c.key}`}
            label={t.sample.context(n)}
            name={`Context ${n}`}
            value={c.text}
            rows={3}
            onChange={(text) => setContext(i, text)}
            actions={
              <>
                <button
                  type="button"
                  className="icon-btn"
                  aria-label={t.sample.moveUp(n)}
                  title={t.sample.moveUp(n)}
                  disabled={i === 0}
                  onClick={() => move(i, -1)}
                >
                  ↑
                </button>
                <button
                  type="button"
                  className="icon-btn"
                  aria-label={t.sample.moveDown(n)}
                  title={t.sample.moveDown(n)}
                  disabled={i === contexts.length - 1}
                  onClick={() => move(i, 1)}
                >
                  ↓
                </button>
                <button
                  type="button"
                  className="icon-btn danger"
                  aria-label={t.sample.removeContext(n)}
                  title={t.sample.removeContext(n)}
                  onClick={() => {
                    removeContext(i);
                    // By id, not by name: the names are the UI language's. The next context takes the removed one's place, else the one before.
                    const nearby = contexts[i + 1] ?? contexts[i - 1];
                    refocus(nearby ? `#context-${nearby.key}` : ".add-context", ".add-context");
                  }}
                >
                  ×
                </button>
              </>
            }
          />
        );
      })}
      <button type="button" className="btn btn-quiet add-context" aria-label={named("Add context")} onClick={addContext}>
        + {t.sample.addContext}
      </button>
    </fieldset>
  );
}
