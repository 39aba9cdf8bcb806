import { type FlagValues, flagHelp, readFlags } from "./flags";

/** `compare` (DESIGN.md contract 14): --base and --candidate required; strict like `score`. */
export type CompareArgs = FlagValues<"compare"> & { base: string; candidate: string };

export function parseCompareArgs(argv: readonly string[], env: Record<string, string | undefined>): CompareArgs {
  return readFlags("compare", argv, env) as CompareArgs;
}

const flags = flagHelp("compare", 4, 26);

export const COMPARE_HELP = `
  npm run --silent cli -- compare --base A.json --candidate B.json [options]
    Is the difference real? Two reports of the same dataset, paired by sample id (a pair needs
    both scores; nulls are left out and counted), per metric: the mean difference with its 95%
    paired bootstrap interval, McNemar's exact test (0/1 metrics) or the sign-flip permutation
    test, Holm's adjustment across the metrics, and a verdict: better, worse or no detectable
    difference. The table goes to standard error, the JSON to --out or standard output.
${flags.required}
${flags.options}
    Exit codes: 0 compared; 1 a report could not be read, or --fail-on regression and a metric
    is worse; 2 bad command line.
`;
