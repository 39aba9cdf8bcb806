import type { AgreementRow } from "../../../engine/agreement/types";
import type { Report } from "../../../storage/format/report-schema";
import type { RowReading } from "../../../storage/format/agreement-data";
import type { AnyMetricId, CustomJudge, MetricOptions, MetricResult, PromptOverrides, Sample } from "../../../engine";
import type { RawOptions } from "../metric-picker/groups";
import type { Messages } from "../i18n/en";
import type { Lang } from "../i18n/lang";
import type { HistoryEntry } from "../../../storage/db/history";
import type { AppSettings } from "../settings-model/model";

/** A context textarea; the key keeps React's identity stable while contexts move. */
export interface ContextField {
  key: number;
  text: string;
}

export interface SampleDraft {
  question: string;
  answer: string;
  contexts: ContextField[];
  reference: string;
  /** Retrieval ids as typed, one per line or comma-separated (contract 15); absent in drafts kept before they existed. */
  retrievedIds?: string;
  relevantIds?: string;
  /** Graded relevance as typed (`id: grade` lines or a JSON object; src/app/shared/grades-text.ts). */
  relevantGrades?: string;
  /** A conversation as pasted (contract 16): OpenAI chat messages or ragas multi-turn JSON; absent in older drafts. */
  conversation?: string;
  /** The reference tool calls as pasted JSON. */
  referenceToolCalls?: string;
}

type ScoringStatus = "idle" | "running" | "done" | "cancelled" | "failed";

/** The results on screen and the sample they belong to (which may differ from the draft). */
export interface ScoringView {
  status: ScoringStatus;
  sample: Sample | null;
  metricIds: AnyMetricId[];
  results: Partial<Record<AnyMetricId, MetricResult>>;
  /** Scored by the demo judge (recorded replies), not the user's endpoint. */
  demo: boolean;
  startedAt: number;
  finishedAt: number | null;
  /** The judge model that produced them (for the cost estimate). */
  model: string;
  /** The history entry these results are stored under. */
  historyId: string | null;
  /** The prompt studio's versions this scoring used (absent: every prompt at its default). */
  prompts?: PromptOverrides;
  /** The options and custom judges it scored with (they go into its report's config). */
  metricOptions?: Partial<Record<AnyMetricId, MetricOptions>>;
  customJudges?: CustomJudge[];
}

/** A status line is a function of the catalogue so it follows a language switch. */
type StatusMessage = (t: Messages) => string;

export interface SettingsSlice {
  settings: AppSettings;
  /** In memory only; persisted solely through the remember-key path. */
  apiKey: string;
  updateSettings(patch: Partial<AppSettings>): void;
  replaceSettings(settings: AppSettings): void;
  setApiKey(key: string): void;
}

export interface SampleSlice {
  draft: SampleDraft;
  selected: AnyMetricId[];
  /** Option values per metric as typed in the picker (checked by parseMetricOptions when scoring). */
  metricOptions: Record<string, RawOptions>;
  setMetricOption(id: AnyMetricId, key: string, value: string | boolean): void;
  /** Thresholds as typed beside each metric (contract 14; "" = none): a card says pass or fail against it. */
  thresholds: Record<string, string>;
  setThreshold(id: AnyMetricId, text: string): void;
  setField(
    field: "question" | "answer" | "reference" | "retrievedIds" | "relevantIds" | "relevantGrades" | "conversation" | "referenceToolCalls",
    value: string,
  ): void;
  setContext(index: number, text: string): void;
  addContext(): void;
  removeContext(index: number): void;
  moveContext(index: number, delta: -1 | 1): void;
  loadDraft(sample: Omit<Sample, "id"> & { id?: string }): void;
  clearDraft(): void;
  toggleMetric(id: AnyMetricId, on: boolean): void;
  /** The ticks and options as saved with a session or a history entry. */
  restoreMetrics(selected: AnyMetricId[], options: Record<string, RawOptions>): void;
}

export interface ScoringSlice {
  scoring: ScoringView;
  bypassCache: boolean;
  setBypassCache(on: boolean): void;
  startScoring(sample: Sample, metricIds: AnyMetricId[], demo: boolean, model: string): void;
  setResult(metricId: AnyMetricId, result: MetricResult): void;
  setHistoryId(id: string | null): void;
  setScoringPrompts(prompts: PromptOverrides): void;
  setScoringMetricConfig(metricOptions: Partial<Record<AnyMetricId, MetricOptions>>, customJudges: CustomJudge[]): void;
  finishScoring(status: ScoringStatus): void;
  showResults(view: Omit<ScoringView, "status" | "startedAt" | "finishedAt">, at: number): void;
}

export interface UiSlice {
  lang: Lang;
  setLang(lang: Lang): void;
  settingsOpen: boolean;
  setSettingsOpen(open: boolean): void;
  status: StatusMessage;
  setStatus(message: StatusMessage): void;
  history: HistoryEntry[];
  setHistory(items: HistoryEntry[]): void;
  /** Which view the page shows; the prompt studio is loaded the first time it opens. */
  view: AppView;
  setView(view: AppView): void;
}

/** The header's tabs. Every view but the playground is its own chunk, fetched the first time it opens. */
export type AppView = "playground" | "prompts" | "datasets" | "reports" | "agreement";

/** A report on screen in the Reports view: where it came from, and its text (what "Keep report" stores). */
export interface OpenedReport {
  report: Report;
  name: string;
  text: string;
  migratedFrom?: number;
  /** Its id in the kept reports once kept (or when opened from there); null for a file or link not kept. */
  keptId?: string | null;
  /** Opened from a share link: an untitled one is named in the UI language, whatever it was opened in. */
  fromLink?: true;
}

/** Agreement rows loaded from a file or the rows API, and where they came from. */
export interface LoadedAgreementData {
  rows: AgreementRow[];
  source: string;
  /** How each row was read (stripped prefixes, how contexts were split), for the preview. */
  readings?: RowReading[];
}

interface Workspace {
  /** The dataset open in the Datasets view. */
  datasetId: string | null;
  /** The run selected under it. */
  runId: string | null;
  /** The kept report the URL names (#/reports/<id>): Reports opens it unless it is the one open. */
  reportId: string | null;
  report: OpenedReport | null;
  agreementData: LoadedAgreementData | null;
}

/** The ids of what is open inside a view (null: nothing): what a hash route names. */
export type RouteIds = Pick<Workspace, "datasetId" | "runId" | "reportId">;

export interface WorkspaceSlice {
  workspace: Workspace;
  setWorkspace(patch: Partial<Workspace>): void;
}

export type AppState = SettingsSlice & SampleSlice & ScoringSlice & UiSlice & WorkspaceSlice;
