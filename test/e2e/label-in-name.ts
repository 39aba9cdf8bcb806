/**
 * WCAG 2.5.3 (Label in Name), checked on the page as it is: every visible control (button, link,
 * input, select, textarea, tab, checkbox, switch, radio, summary) that shows a text label (its own
 * text, or the text of its <label>) must have an accessible name that contains that label, so a
 * voice-control user who says what they see reaches it and a screen reader announces what is
 * shown. The name is the one Chromium computes (its accessibility tree, through the DevTools
 * protocol), not a re-implementation of the naming rules.
 */
import type { Page } from "playwright-core";

/** Marks each visible control that shows a text label and returns that label, by mark. */
const MARK_CONTROLS = `(() => {
  const normal = (s) => (s || "").replace(/\\s+/g, " ").trim();
  // The text a label shows, without the text of controls inside it (a select's options, a nested input's value).
  const labelText = (label) => {
    const copy = label.cloneNode(true);
    for (const c of copy.querySelectorAll("input, select, textarea, button, .visually-hidden, [aria-hidden=true]")) c.remove();
    return normal(copy.innerText ?? copy.textContent);
  };
  const shown = (el) => el.checkVisibility({ visibilityProperty: true, opacityProperty: false });
  const selector = "button, a[href], input:not([type=hidden]), select, textarea, summary, [role=tab], [role=checkbox], [role=switch], [role=radio], [role=button], [role=link]";
  const out = [];
  let n = 0;
  for (const el of document.querySelectorAll("[data-label-in-name]")) el.removeAttribute("data-label-in-name");
  for (const el of document.querySelectorAll(selector)) {
    if (el.closest(".monaco-editor")) continue;
    let label = "";
    const labels = el.labels ? [...el.labels].filter(shown) : [];
    if (labels.length > 0) label = normal(labels.map(labelText).join(" "));
    else if (!["INPUT", "SELECT", "TEXTAREA"].includes(el.tagName) && shown(el)) label = normal(el.innerText);
    // A label made of symbols only (×, ↑, ▸) or numbers is not words anyone would speak.
    if (!/\\p{L}/u.test(label)) continue;
    if (labels.length === 0 && !shown(el)) continue;
    const mark = String(n++);
    el.setAttribute("data-label-in-name", mark);
    out.push({ mark, label, tag: el.tagName.toLowerCase() + (el.type && el.tagName === "INPUT" ? "[" + el.type + "]" : "") });
  }
  return out;
})()`;

interface AXNode {
  ignored?: boolean;
  name?: { value?: string };
  backendDOMNodeId?: number;
}

/** The first words of a label, enough to name it in a failure message. */
const short = (s: string) => (s.length > 60 ? `${s.slice(0, 57)}…` : s);

/**
 * How many controls showing a label were checked, and those whose accessible name does not contain
 * their visible label, as `tag "label" is named "name"`. Only letters and digits count, case aside.
 */
export async function labelNotInName(page: Page): Promise<{ checked: number; problems: string[] }> {
  const marked = (await page.evaluate(MARK_CONTROLS)) as { mark: string; label: string; tag: string }[];
  const cdp = await page.context().newCDPSession(page);
  try {
    const { root } = (await cdp.send("DOM.getDocument", { depth: 0 })) as { root: { nodeId: number } };
    const { nodeIds } = (await cdp.send("DOM.querySelectorAll", { nodeId: root.nodeId, selector: "[data-label-in-name]" })) as { nodeIds: number[] };
    const byMark = new Map(marked.map((m) => [m.mark, m]));
    const problems: string[] = [];
    let checked = 0;
    for (const nodeId of nodeIds) {
      const { node } = (await cdp.send("DOM.describeNode", { nodeId })) as { node: { attributes?: string[] } };
      const attributes = node.attributes ?? [];
      const mark = attributes[attributes.indexOf("data-label-in-name") + 1]!;
      const { nodes } = (await cdp.send("Accessibility.getPartialAXTree", { nodeId, fetchRelatives: false })) as { nodes: AXNode[] };
      // Behind a modal dialog (inert) a control is out of the accessibility tree: nobody can name or reach it.
      if (nodes[0]?.ignored) continue;
      checked++;
      const name = nodes[0]?.name?.value ?? "";
      const control = byMark.get(mark)!;
      if (!contains(name, control.label)) problems.push(`${control.tag} "${short(control.label)}" is named "${short(name)}"`);
    }
    return { checked, problems };
  } finally {
    await cdp.detach();
  }
}

/** Letters and digits only, lower-cased: what a person speaks of a label ("+ Add row" is "add row"; "½", "✓" and spacing are not spoken). */
const fold = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{Nd}]+/gu, "");

/** Whether an accessible name holds the visible label (WCAG's "contains", as speech input matches it). */
function contains(name: string, label: string): boolean {
  return fold(name).includes(fold(label));
}
