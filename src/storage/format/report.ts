/** The report document of DESIGN.md contract 5: schema, building, opening. */
export {
  REPORT_FORMAT,
  REPORT_VERSION,
  type Report,
} from "./report-schema";
export { buildReport, serializeReport, promptsUsed } from "./report-build";
export { parseReport } from "./report-parse";
export { MIGRATIONS } from "./report-migrations";
