import { version } from "../../../package.json";

/** This build's version, from package.json (the bundler keeps only this field of it). */
export const APP_VERSION: string = version;

/**
 * The generator named in the files we write (reports, agreement files): which build wrote a file
 * matters when its format changes. One stamp for the browser app and the CLI.
 */
export function generatorStamp(surface: "browser" | "cli"): { name: string; version: string } {
  return { name: surface === "cli" ? "ragas-playground-cli" : "ragas-playground (browser)", version: APP_VERSION };
}
