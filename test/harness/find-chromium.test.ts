import { describe, expect, it } from "vitest";
import { type BrowserHost, findChromium } from "./find-chromium";

/**
 * Where the browser tests and the screenshot scripts find Chrome or Chromium (issue 26): not only
 * Debian's /usr/bin/chromium. Each case is a fake machine: its platform, environment, files.
 */

function host(platform: NodeJS.Platform, files: string[], env: Record<string, string> = {}, osRelease?: string): BrowserHost {
  const present = new Set(files);
  return { platform, env, homedir: platform === "darwin" ? "/Users/ada" : "/home/ada", isExecutable: (p) => present.has(p), osRelease };
}

const DEBIAN = 'PRETTY_NAME="Debian GNU/Linux 12 (bookworm)"\nID=debian\n';
const UBUNTU = 'NAME="Ubuntu"\nID=ubuntu\nID_LIKE=debian\n';
const FEDORA = 'NAME="Fedora Linux"\nID=fedora\n';
const ARCH = 'NAME="Arch Linux"\nID=arch\n';

describe("finding Chrome or Chromium", () => {
  it("CHROME_PATH comes first, even where another browser is on PATH", () => {
    const found = findChromium(host("linux", ["/opt/chrome-dev/chrome", "/usr/bin/chromium"], { CHROME_PATH: "/opt/chrome-dev/chrome", PATH: "/usr/bin" }));
    expect(found).toEqual({ found: true, path: "/opt/chrome-dev/chrome", via: "CHROME_PATH" });
  });

  it("a CHROME_PATH that names no executable is an error that says so, not a silent fallback", () => {
    const found = findChromium(host("linux", ["/usr/bin/chromium"], { CHROME_PATH: "/nope/chrome", PATH: "/usr/bin" }, DEBIAN));
    expect(found.found).toBe(false);
    if (!found.found) expect(found.message).toBe("CHROME_PATH is set to /nope/chrome, which is not an executable file: fix it or unset it.");
  });

  it("a headless shell first, on PATH or in /usr/bin: the browser playwright runs headless, with less CPU than the full browser", () => {
    const debian = ["/usr/bin/chromium", "/usr/bin/chromium-headless-shell"];
    expect(findChromium(host("linux", debian, { PATH: "/usr/bin" }))).toEqual({ found: true, path: "/usr/bin/chromium-headless-shell", via: "PATH" });
    expect(findChromium(host("linux", debian, {}))).toEqual({ found: true, path: "/usr/bin/chromium-headless-shell", via: "known location" });
    const google = ["/usr/bin/google-chrome", "/home/ada/bin/chrome-headless-shell"];
    expect(findChromium(host("linux", google, { PATH: "/usr/bin:/home/ada/bin" }))).toEqual({
      found: true,
      path: "/home/ada/bin/chrome-headless-shell",
      via: "PATH",
    });
    // Only the full browser: it is used.
    expect(findChromium(host("linux", ["/usr/bin/chromium"], { PATH: "/usr/bin" }))).toEqual({ found: true, path: "/usr/bin/chromium", via: "PATH" });
  });

  it("then PATH, in the order chromium, chromium-browser, google-chrome, google-chrome-stable, directory by directory", () => {
    const files = ["/home/ada/bin/google-chrome", "/usr/bin/chromium-browser", "/usr/bin/google-chrome-stable"];
    expect(findChromium(host("linux", files, { PATH: "/usr/local/bin:/usr/bin:/home/ada/bin" }))).toEqual({
      found: true,
      path: "/usr/bin/chromium-browser",
      via: "PATH",
    });
    expect(findChromium(host("linux", ["/usr/bin/google-chrome-stable"], { PATH: "/usr/bin" }))).toEqual({
      found: true,
      path: "/usr/bin/google-chrome-stable",
      via: "PATH",
    });
  });

  it("then the usual install locations: Linux packages and snaps, the macOS apps (system and user), Windows", () => {
    expect(findChromium(host("linux", ["/snap/bin/chromium"], { PATH: "/usr/bin" }))).toEqual({
      found: true,
      path: "/snap/bin/chromium",
      via: "known location",
    });
    expect(findChromium(host("linux", ["/opt/google/chrome/chrome"], {}))).toEqual({ found: true, path: "/opt/google/chrome/chrome", via: "known location" });
    const mac = "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome";
    expect(findChromium(host("darwin", [mac], { PATH: "/usr/bin:/opt/homebrew/bin" }))).toEqual({ found: true, path: mac, via: "known location" });
    const userChromium = "/Users/ada/Applications/Chromium.app/Contents/MacOS/Chromium";
    expect(findChromium(host("darwin", [userChromium], {}))).toEqual({ found: true, path: userChromium, via: "known location" });
    const win = "C:\\Program Files\\Google\\Chrome\\Application\\chrome.exe";
    expect(findChromium(host("win32", [win], { PROGRAMFILES: "C:\\Program Files" }))).toEqual({ found: true, path: win, via: "known location" });
  });

  it("on Windows PATH is split at ';' and the names end in .exe", () => {
    const exe = "C:\\tools\\chrome.exe";
    expect(findChromium(host("win32", [exe], { PATH: "C:\\Windows;C:\\tools" }))).toEqual({ found: true, path: exe, via: "PATH" });
  });

  it("with no browser, the message names the install command of the user's system", () => {
    const message = (h: BrowserHost) => {
      const found = findChromium(h);
      if (found.found) throw new Error(`found ${found.path}`);
      return found.message;
    };
    expect(message(host("linux", [], { PATH: "/usr/bin" }, DEBIAN))).toContain("sudo apt-get install chromium-headless-shell, or chromium");
    expect(message(host("linux", [], { PATH: "/usr/bin" }, UBUNTU))).toContain("sudo apt-get install chromium-browser");
    expect(message(host("linux", [], { PATH: "/usr/bin" }, FEDORA))).toContain("sudo dnf install chromium");
    expect(message(host("linux", [], { PATH: "/usr/bin" }, ARCH))).toContain("sudo pacman -S chromium");
    const mac = message(host("darwin", [], { PATH: "/usr/bin" }));
    expect(mac).toContain("brew install --cask google-chrome");
    expect(mac).toContain("https://www.google.com/chrome/");
    expect(message(host("win32", [], {}))).toContain("winget install Google.Chrome");
    // An unknown Linux still gets told what to do.
    expect(message(host("linux", [], {}))).toContain("install Chromium or Google Chrome with your package manager");
    // Every message says what was searched and how to point at a browser elsewhere.
    const full = message(host("linux", [], { PATH: "/usr/bin" }, DEBIAN));
    expect(full).toBe(
      "Browser tests need Chrome or Chromium and found neither (looked at CHROME_PATH; chromium-headless-shell, chrome-headless-shell, " +
        "chromium, chromium-browser, google-chrome, google-chrome-stable on PATH; /usr/bin/chromium-headless-shell, " +
        "/usr/bin/chrome-headless-shell, /usr/bin/chromium, /usr/bin/chromium-browser, /usr/bin/google-chrome, /usr/bin/google-chrome-stable, " +
        "/snap/bin/chromium, /opt/google/chrome/chrome, /usr/lib/chromium/chromium). They are required and never skipped: install one " +
        "(sudo apt-get install chromium-headless-shell, or chromium) or set CHROME_PATH to a Chrome or Chromium executable, and run again.",
    );
  });
});
