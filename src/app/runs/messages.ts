import { useApp } from "../shared/store";

/**
 * The runs pane's UI strings (en + zh, same keys). Accessible names of contract-7 controls
 * ("Start run", "Run progress", ...) stay English in the components.
 */
const en = {
  title: "Runs",
  newRun: "New run",
  metrics: "Metrics",
  repeat: "Repeat each sample",
  concurrency: "Concurrency",
  prompts: (names: string) => `Prompt versions: ${names}`,
  builtInPrompts: "built-in defaults",
  promptVersions: "Prompt versions (the prompt studio's active ones unless you choose)",
  judgeModel: "Judge model",
  embeddingModel: "Embedding model",
  modelsHint: (baseURL: string) => `At ${baseURL}, with the key from Settings. A resumed run keeps the models it started with.`,
  otherEndpoint: (baseURL: string) => `This run was made against ${baseURL}: set that base URL in Settings to resume it.`,
  estimateTitle: "Before you start",
  estimating: "Estimating…",
  estimate: (requests: number, tokens: number) => `≈ ${requests.toLocaleString("en")} requests, ≈ ${tokens.toLocaleString("en")} tokens`,
  cost: (usd: string) => `≈ ${usd}`,
  unpriced: (models: string) => `no price for ${models} (Settings → Prices)`,
  duration: (time: string, concurrency: number, perRequest: number) => `≈ ${time} at concurrency ${concurrency} (assuming ${perRequest} s per request)`,
  start: "Start run",
  pause: "Pause run",
  resume: "Resume run",
  cancel: "Cancel run",
  retry: "Retry failed",
  remove: "Delete run",
  progress: (done: number, failed: number, remaining: number) => `${done} done · ${failed} failed · ${remaining} remaining`,
  timing: (elapsed: string, eta: string) => `elapsed ${elapsed} · ETA ${eta}`,
  spent: (tokens: number, cost: string) => `${tokens.toLocaleString("en")} tokens · ${cost}`,
  status: { running: "running", paused: "paused", cancelled: "cancelled", done: "done", interrupted: "interrupted" } as Record<string, string>,
  interrupted: "This run was interrupted (the page was closed or reloaded). Resume run finishes it without redoing finished samples.",
  runsOf: "Runs of this dataset",
  noRuns: "No runs yet.",
  runLabel: (name: string, status: string, done: number, total: number) => `${name} · ${status} · ${done}/${total}`,
  show: "Show",
  compareWith: "Compare with",
  compareNone: "(none)",
  needKey: "Add an API key in Settings first: runs call your own endpoint.",
  nothingSelected: "Choose at least one metric.",
  emptyDataset: "This dataset has no rows.",
  failed: (message: string) => `The run could not start: ${message}`,
  repeatNote: "Repeats bypass the response cache so each run asks the judge again.",
};

export type RunsMessages = typeof en;

const zh: RunsMessages = {
  title: "运行",
  newRun: "新建运行",
  metrics: "指标",
  repeat: "每个样本重复次数",
  concurrency: "并发数",
  prompts: (names) => `提示词版本：${names}`,
  builtInPrompts: "内置默认",
  promptVersions: "提示词版本（默认使用提示词工作室中启用的版本）",
  judgeModel: "评审模型",
  embeddingModel: "嵌入模型",
  modelsHint: (baseURL) => `使用 ${baseURL} 和设置中的密钥。继续运行时沿用开始时的模型。`,
  otherEndpoint: (baseURL) => `此运行使用的是 ${baseURL}：请在设置中改回该 Base URL 后再继续。`,
  estimateTitle: "开始之前",
  estimating: "正在估算…",
  estimate: (requests, tokens) => `约 ${requests.toLocaleString("zh")} 次请求，约 ${tokens.toLocaleString("zh")} 个 token`,
  cost: (usd) => `约 ${usd}`,
  unpriced: (models) => `${models} 没有价格（设置 → 价格）`,
  duration: (time, concurrency, perRequest) => `并发 ${concurrency} 时约需 ${time}（按每次请求 ${perRequest} 秒估算）`,
  start: "开始运行",
  pause: "暂停运行",
  resume: "继续运行",
  cancel: "取消运行",
  retry: "重试失败项",
  remove: "删除运行",
  progress: (done, failed, remaining) => `完成 ${done} · 失败 ${failed} · 剩余 ${remaining}`,
  timing: (elapsed, eta) => `已用 ${elapsed} · 预计还需 ${eta}`,
  spent: (tokens, cost) => `${tokens.toLocaleString("zh")} 个 token · ${cost}`,
  status: { running: "运行中", paused: "已暂停", cancelled: "已取消", done: "已完成", interrupted: "已中断" },
  interrupted: "此运行已中断（页面被关闭或重新加载）。“继续运行”会完成它，已完成的样本不会重做。",
  runsOf: "此数据集的运行",
  noRuns: "还没有运行。",
  runLabel: (name, status, done, total) => `${name} · ${status} · ${done}/${total}`,
  show: "查看",
  compareWith: "对比",
  compareNone: "（无）",
  needKey: "请先在设置中填写 API key：运行会调用你自己的端点。",
  nothingSelected: "请至少选择一个指标。",
  emptyDataset: "此数据集没有行。",
  failed: (message) => `运行无法开始：${message}`,
  repeatNote: "重复运行会绕过响应缓存，每次都重新询问评审模型。",
};

export function useRunsT(): RunsMessages {
  return useApp((s) => s.lang) === "zh" ? zh : en;
}

export function runsT(): RunsMessages {
  return useApp.getState().lang === "zh" ? zh : en;
}
