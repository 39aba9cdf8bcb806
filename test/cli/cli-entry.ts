/**
 * How the tests start the CLI in a process of its own: the bundle test/cli/global-setup.ts built
 * from the working tree (the shape users run as the package's bin, and about 0.1 s to start where
 * node + the tsx loader takes about 1 s of CPU), or, outside vitest (scripts/measure-resume.ts),
 * the entry point through tsx as `npm run cli` does. No vitest import: the scripts use it too.
 */
export const CLI_BUNDLE_ENV = "RAGAS_PLAYGROUND_TEST_CLI";

export function cliEntry(): string[] {
  const bundle = process.env[CLI_BUNDLE_ENV];
  return bundle ? [bundle] : ["--import", "tsx", "src/cli/main.ts"];
}
