import { useApp } from "../shared/store";

/**
 * A share link (…#report=r1.…) opens the Reports tab, on load and when the fragment changes in
 * an open tab. Deliberately tiny: it is imported by boot.ts into the main bundle; the decoding
 * lives in the Reports chunk.
 */
const SHARE_FRAGMENT = "#report=";

function isShareLinkHash(hash: string): boolean {
  return hash.startsWith(SHARE_FRAGMENT);
}

export function routeShareLinks(): void {
  const route = () => {
    if (isShareLinkHash(location.hash)) useApp.getState().setView("reports");
  };
  route();
  window.addEventListener("hashchange", route);
}
