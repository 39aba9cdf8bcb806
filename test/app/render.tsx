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

/** The control whose accessible name is given by aria-label (how contract-7 names are set). */
export function byName<T extends Element = HTMLElement>(root: ParentNode, name: string): T {
  const found = root.querySelector(`[aria-label="${CSS.escape(name)}"]`);
  if (!found) throw new Error(`no element named "${name}"`);
  return found as T;
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
