import { act, type ReactElement } from "react";
import { createRoot, type Root } from "react-dom/client";

/** Minimal stand-in for @testing-library/react: render into a fresh container inside act(). */
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

export interface Rendered {
  container: HTMLElement;
  unmount(): void;
}

export function render(element: ReactElement): Rendered {
  const container = document.createElement("div");
  document.body.append(container);
  let root: Root;
  act(() => {
    root = createRoot(container);
    root.render(element);
  });
  return {
    container,
    unmount: () => {
      act(() => root.unmount());
      container.remove();
    },
  };
}

/**
 * Waits until `check` passes, however long the machine takes (up to `timeoutMs`): never a fixed
 * sleep. Between tries the event loop turns once inside act, so what lands meanwhile (an IndexedDB
 * answer, a store write) is a React update act renders before the next try, not one outside act.
 */
export async function until<T>(check: () => T, timeoutMs = 10_000): Promise<T> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    // setTimeout 0: exactly one turn of the event loop, no wall-clock wait.
    await act(async () => {
      await new Promise((turned) => setTimeout(turned, 0));
    });
    try {
      return check();
    } catch (failure) {
      if (performance.now() > deadline) throw failure;
    }
  }
}

/** The control whose accessible name is given by aria-label (how contract-7 names are set). */
export function byName<T extends Element = HTMLElement>(root: ParentNode, name: string): T {
  const found = root.querySelector(`[aria-label="${CSS.escape(name)}"]`);
  if (!found) throw new Error(`no element named "${name}"`);
  return found as T;
}

/**
 * A control's accessible name by the accname steps the app's controls use (happy-dom computes
 * none): aria-label, else the text of its <label>s (for= or wrapping, without the text of controls
 * inside), else its own text. Whitespace is collapsed.
 */
export function accessibleName(element: Element): string {
  const clean = (s: string | null | undefined) => (s ?? "").replace(/\s+/g, " ").trim();
  const aria = element.getAttribute("aria-label");
  if (aria !== null) return clean(aria);
  const id = element.getAttribute("id");
  const labels = [...(id ? element.ownerDocument.querySelectorAll(`label[for="${CSS.escape(id)}"]`) : []), element.closest("label")].filter((l) => l !== null);
  if (labels.length > 0)
    return clean(
      labels
        .map((label) => {
          const copy = label.cloneNode(true) as Element;
          for (const inner of copy.querySelectorAll("input, select, textarea, button")) inner.remove();
          return copy.textContent;
        })
        .join(" "),
    );
  return clean(element.textContent);
}

/** The control (button, input, select, textarea) whose accessible name is exactly the one given. */
export function byAccessibleName<T extends Element = HTMLElement>(root: ParentNode, name: string): T {
  const found = [...root.querySelectorAll("button, input, select, textarea, [role]")].filter((el) => accessibleName(el) === name);
  if (found.length !== 1) throw new Error(`${found.length} controls named "${name}"`);
  return found[0] as T;
}

export function buttonByText(root: ParentNode, text: string): HTMLButtonElement {
  const found = [...root.querySelectorAll("button")].find((b) => b.textContent?.trim() === text || b.getAttribute("aria-label") === text);
  if (!found) throw new Error(`no button "${text}"`);
  return found;
}

export async function click(element: Element): Promise<void> {
  await act(async () => {
    (element as HTMLElement).click();
  });
}

/** Types into a React-controlled textarea or input (sets the value through the native setter). */
export async function type(element: HTMLTextAreaElement | HTMLInputElement, value: string): Promise<void> {
  await act(async () => {
    const proto = element instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
    Object.getOwnPropertyDescriptor(proto, "value")!.set!.call(element, value);
    element.dispatchEvent(new Event("input", { bubbles: true }));
  });
}
