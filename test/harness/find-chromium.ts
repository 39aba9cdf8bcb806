/**
 * Where the browser tests and the screenshot and measurement scripts find Chrome or Chromium:
 * CHROME_PATH, then the usual names on PATH, then the usual install locations of Linux, macOS and
 * Windows. A pure function of a described machine (platform, environment, which files are
 * executables), so every case is tested without that machine; `hostOfThisMachine` describes this one.
 * playwright-core drives any of them (it never downloads a browser of its own here).
 *
 * A headless shell comes first where one is installed (Debian's chromium-headless-shell, built from
 * the same source and version as its chromium; Google's chrome-headless-shell): it is the browser
 * playwright itself runs headless, without the full browser's window and UI layers. On the browser
 * tests it cost 22% less CPU than the full chromium (four alternating runs of the four heaviest
 * files: 124 and 128 CPU-s against 159 and 165), and the suite is CPU-bound on two cores.
 */

export interface BrowserHost {
  platform: NodeJS.Platform;
  env: Readonly<Record<string, string | undefined>>;
  homedir: string;
  /** Whether the path is a file that may be run. */
  isExecutable(path: string): boolean;
  /** /etc/os-release on Linux: which package manager to name when nothing is found. */
  osRelease?: string | undefined;
}

export type ChromiumLookup = { found: true; path: string; via: "CHROME_PATH" | "PATH" | "known location" } | { found: false; message: string };

const HEADLESS_SHELLS = ["chromium-headless-shell", "chrome-headless-shell"];
const PATH_NAMES = [...HEADLESS_SHELLS, "chromium", "chromium-browser", "google-chrome", "google-chrome-stable"];

function knownLocations(host: BrowserHost): string[] {
  if (host.platform === "darwin") {
    const apps = [
      "Google Chrome.app/Contents/MacOS/Google Chrome",
      "Chromium.app/Contents/MacOS/Chromium",
      "Google Chrome for Testing.app/Contents/MacOS/Google Chrome for Testing",
    ];
    return [...apps.map((a) => `/Applications/${a}`), ...apps.map((a) => `${host.homedir}/Applications/${a}`)];
  }
  if (host.platform === "win32") {
    const roots = [host.env.PROGRAMFILES, host.env["PROGRAMFILES(X86)"], host.env.LOCALAPPDATA].filter((r): r is string => Boolean(r));
    return roots.map((root) => `${root}\\Google\\Chrome\\Application\\chrome.exe`);
  }
  return [...PATH_NAMES.map((name) => `/usr/bin/${name}`), "/snap/bin/chromium", "/opt/google/chrome/chrome", "/usr/lib/chromium/chromium"];
}

/** The os-release fields that say which distribution (and which it is like). */
function distributions(osRelease: string | undefined): string[] {
  const field = (name: string) => osRelease?.match(new RegExp(`^${name}="?([^"\\n]*)"?$`, "m"))?.[1] ?? "";
  return `${field("ID")} ${field("ID_LIKE")}`.split(/\s+/).filter(Boolean);
}

function installCommand(host: BrowserHost): string {
  if (host.platform === "darwin")
    return "brew install --cask google-chrome, or brew install --cask chromium, or the Chrome app from https://www.google.com/chrome/";
  if (host.platform === "win32") return "winget install Google.Chrome";
  const ids = distributions(host.osRelease);
  // Ubuntu's "chromium" package is called chromium-browser (a snap behind it); Debian's is chromium.
  if (ids[0] === "ubuntu") return "sudo apt-get install chromium-browser";
  if (ids.some((id) => id === "debian" || id === "ubuntu")) return "sudo apt-get install chromium-headless-shell, or chromium";
  if (ids.some((id) => id === "fedora" || id === "rhel" || id === "centos")) return "sudo dnf install chromium";
  if (ids.some((id) => id === "arch")) return "sudo pacman -S chromium";
  if (ids.some((id) => id === "suse" || id.startsWith("opensuse"))) return "sudo zypper install chromium";
  if (ids.some((id) => id === "alpine")) return "sudo apk add chromium";
  return "install Chromium or Google Chrome with your package manager";
}

export function findChromium(host: BrowserHost): ChromiumLookup {
  const chromePath = host.env.CHROME_PATH?.trim();
  if (chromePath) {
    // Asked for by name: a wrong path is the user's to fix, never replaced by some other browser.
    if (host.isExecutable(chromePath)) return { found: true, path: chromePath, via: "CHROME_PATH" };
    return { found: false, message: `CHROME_PATH is set to ${chromePath}, which is not an executable file: fix it or unset it.` };
  }
  const windows = host.platform === "win32";
  const separator = windows ? ";" : ":";
  const slash = windows ? "\\" : "/";
  const names = windows ? ["chrome.exe", "chromium.exe"] : PATH_NAMES;
  const dirs = (host.env.PATH ?? host.env.Path ?? "").split(separator).filter(Boolean);
  for (const name of names) {
    for (const dir of dirs) {
      const path = `${dir.replace(/[\\/]+$/, "")}${slash}${name}`;
      if (host.isExecutable(path)) return { found: true, path, via: "PATH" };
    }
  }
  const locations = knownLocations(host);
  const known = locations.find((path) => host.isExecutable(path));
  if (known) return { found: true, path: known, via: "known location" };
  return {
    found: false,
    message:
      `Browser tests need Chrome or Chromium and found neither (looked at CHROME_PATH; ${names.join(", ")} on PATH; ${locations.join(", ")}). ` +
      `They are required and never skipped: install one (${installCommand(host)}) or set CHROME_PATH to a Chrome or Chromium executable, and run again.`,
  };
}
