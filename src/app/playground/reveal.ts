/**
 * On a wide window the results sit beside the form, but Score is at the form's end, often below
 * the results' top: bring the results' top into view so the first cards are seen as they land.
 * The score dock stays visible (it is sticky). On a narrow window nothing moves: the form and its
 * Cancel button stay where the user is.
 */
export function revealResults(): void {
  if (typeof window === "undefined" || !window.matchMedia?.("(min-width: 980px)").matches) return;
  const panel = document.getElementById("results");
  if (!panel) return;
  const top = panel.getBoundingClientRect().top;
  if (top >= 0) return;
  const smooth = !window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  window.scrollBy({ top: top - 12, behavior: smooth ? "smooth" : "auto" });
}
