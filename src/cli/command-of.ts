/**
 * Which command a command line asks for, before any flag is read: help and version are answered
 * from these alone, so they load neither the metric registry nor zod (see run.ts).
 */
export function asksHelp(argv: readonly string[]): boolean {
  return argv.includes("--help") || argv.includes("-h") || argv[0] === "help";
}

export function asksVersion(argv: readonly string[]): boolean {
  return argv[0] === "--version" || argv[0] === "version";
}
