import { parseReport } from "../storage/format/report-parse";
import type { Report } from "../storage/format/report-schema";
import { buildCompareFile, sharedMetrics } from "../storage/format/compare-file";
import { COMPARE_HELP, type CompareArgs, parseCompareArgs } from "./compare-args";
import { formatCompareTable } from "./compare-table";
import { EXIT, RunError } from "./errors";
import { readTextFile, writeTextFileAtomic } from "./files";
import type { CliIO } from "./io";

/** The `compare` command line: its own help, else parse and run. */
export async function compareCli(argv: readonly string[], io: CliIO): Promise<number> {
  if (argv.includes("--help") || argv.includes("-h")) {
    io.stdout.write(`Usage:${COMPARE_HELP}`);
    return EXIT.ok;
  }
  return compareCommand(parseCompareArgs(argv, io.env), io);
}

/** `compare` (contract 14): two reports in, the comparison out; exit 1 on a regression when asked. */
async function compareCommand(args: CompareArgs, io: CliIO): Promise<number> {
  const base = await readReport(args.base, "--base");
  const candidate = await readReport(args.candidate, "--candidate");
  const shared = sharedMetrics(base, candidate);
  const metricIds = args.compareMetrics ?? shared;
  const missing = metricIds.find((id) => !shared.includes(id));
  if (missing !== undefined) throw new RunError(`--metrics ${missing}: not in both reports (both hold: ${shared.join(", ") || "no metric in common"})`);
  if (metricIds.length === 0) throw new RunError(`${args.base} and ${args.candidate} have no metric in common`);

  const file = buildCompareFile({ name: args.base, report: base }, { name: args.candidate, report: candidate }, metricIds, {
    alpha: args.alpha,
    minEffect: args.minEffect,
  });
  const json = `${JSON.stringify(file, null, 2)}\n`;
  if (args.out) await writeTextFileAtomic(args.out, json);
  else io.stdout.write(json);
  io.stderr.write(formatCompareTable(file));
  if (args.out) io.stderr.write(`comparison: ${args.out}\n`);

  const worse = Object.entries(file.metrics).filter(([, m]) => m.verdict === "worse");
  if (args.failOn === "regression" && worse.length > 0) {
    io.stderr.write(`regression: ${worse.map(([id]) => id).join(", ")} worse than ${args.base}\n`);
    return EXIT.failed;
  }
  return EXIT.ok;
}

async function readReport(path: string, flag: string): Promise<Report> {
  const parsed = parseReport(await readTextFile(path, flag), path);
  if (!parsed.ok) throw new RunError(`${flag} ${parsed.error.message}`);
  return parsed.report;
}
