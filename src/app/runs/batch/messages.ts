import { defineMessages } from "../../shared/i18n/define-messages";

/**
 * The run form's batch panel strings (en + zh, same keys). The contract-7 controls ("Run by batch",
 * "Download batch file", "Upload results") keep their English names in the English UI only
 * (shared/i18n/accessible-name.ts); "Batch status" is named in names.
 */
/** One file of a round still without its results (1-based, of the round's files). */
export interface WaitingFile {
  index: number;
  of: number;
  kind: "chat" | "embeddings";
}

const en = {
  legend: "By batch (half price, within 24 h)",
  runByBatch: "Run by batch",
  probing: "Checking whether this server's batch API can be reached from the page…",
  checkAgain: "Check again",
  filesHint: "Without a batch API: download the round's batch file, run it (e.g. vllm run-batch -i in.jsonl -o out.jsonl), then upload the results.",
  // OpenAI's and Azure's only completion window (Anthropic's batches also end within 24 hours).
  estimate: (usd: string, rounds: number) =>
    `by batch: ${usd} at batch prices, ${rounds} round${rounds === 1 ? "" : "s"} one after another, each within the provider's 24-hour completion window`,
  estimateUnpriced: (rounds: number) =>
    `by batch: ${rounds} round${rounds === 1 ? "" : "s"} one after another, each within the provider's 24-hour completion window (no price for this model: Settings → Prices)`,
  reached: (baseURL: string) => `${baseURL} answers its batch API from this page: runs can go by batch (half price, within 24 hours).`,
  // vLLM named only for a vLLM server (its serve has no batch API, its run-batch reads our files).
  noBatchApi: (baseURL: string, vllm: boolean) =>
    `${baseURL} has no batch API${vllm ? " (vllm serve has none: use vllm run-batch)" : ""}: use "Download batch file", run it, then "Upload results".`,
  unauthorized: (baseURL: string) => `${baseURL} refused the key for its batch API: check the API key and that it may use batches.`,
  blocked: (baseURL: string, words: string) =>
    `The page cannot read ${baseURL}'s batch API: ${words} Until then, "Download batch file" and "Upload results" work with any server.`,
  idle: "No batch run.",
  submitting: "Preparing the next round…",
  heldElsewhere: "Another tab is driving this batch run: it polls there, nothing is submitted twice.",
  finished: (rounds: number, batches: number) => `Finished: ${rounds} round${rounds === 1 ? "" : "s"}, ${batches} batch${batches === 1 ? "" : "es"}.`,
  failed: (message: string) => `The batch run stopped: ${message}`,
  cancelled: "Cancelled: the batches still running were cancelled at the provider.",
  cancel: "Cancel batch",
  download: "Download batch file",
  upload: "Upload results",
  /** The files flow between a download and the last upload: waiting, not interrupted (a round can take hours). */
  waiting: (round: number, rounds: number, files: readonly WaitingFile[]) =>
    `waiting for batch results (round ${round} of ${rounds}, ${files.map((f) => `file ${f.index} of ${f.of}: ${f.kind}`).join("; ")})`,
  /** The runs list's word for a files run whose round is in, or not known yet. */
  waitingShort: (round: number, rounds: number) =>
    round > 0 ? `round ${round} of ${rounds} in: waiting for the next batch file's download` : "waiting for batch results",
  waitingStatus: (round: number, rounds: number, files: readonly WaitingFile[]) =>
    `Waiting for batch results (round ${round} of ${rounds}, ${files.map((f) => `file ${f.index} of ${f.of}: ${f.kind}`).join("; ")}).`,
  roundIn: (round: number) => `Round ${round}'s results are all in: "Download batch file" gives round ${round + 1}.`,
  resultsIn: (known: number) => `${known} result${known === 1 ? "" : "s"} of this run in so far.`,
  foreign: (n: number) =>
    `${n} result${n === 1 ? "" : "s"} belong${n === 1 ? "s" : ""} to no request of this run (another run's file, or one made with other prompts or models): not used.`,
  inputFile: (name: string) =>
    `${name}: this is the batch input file, not its results: upload the file the batch runner wrote (e.g. vllm run-batch's -o file).`,
  /** Between two sentences of a status (Chinese sentences need no space after their full stop). */
  gap: " ",
  nothingPending: 'No batch file is waiting for results: "Download batch file" first, run it, then upload what it wrote.',
  filesDone: "Every result is in: the run is finished.",
  filesProblems: (text: string) => `Some lines were not used: ${text}`,
  needKey: "Set the API key in Settings first (it lives in memory only).",
  otherEndpoint: (baseURL: string) =>
    `This batch run was submitted to ${baseURL}, and Settings point elsewhere: set that base URL (and its key) in Settings to poll or cancel it.`,
  /** Names of regions, tables and status lines that show no label of their own (screen readers announce them). */
  names: { status: "Batch status" },
};

type BatchMessages = typeof en;

function zhWaiting(round: number, rounds: number, files: readonly WaitingFile[]): string {
  return `等待批处理结果（第 ${round} 轮，共 ${rounds} 轮；${files.map((f) => `第 ${f.index} 个文件，共 ${f.of} 个：${f.kind === "chat" ? "对话" : "嵌入"}`).join("；")}）`;
}

const zh: BatchMessages = {
  legend: "批处理（半价，24 小时内完成）",
  runByBatch: "按批处理运行",
  probing: "正在检查本页能否访问该服务器的批处理 API…",
  checkAgain: "重新检查",
  filesHint: "没有批处理 API 时：下载本轮的批处理文件，自行运行（例如 vllm run-batch -i in.jsonl -o out.jsonl），再上传结果。",
  estimate: (usd, rounds) => `批处理：按批处理价格约 ${usd}，共 ${rounds} 轮依次进行，每轮在服务商的 24 小时完成窗口内`,
  estimateUnpriced: (rounds) => `批处理：共 ${rounds} 轮依次进行，每轮在服务商的 24 小时完成窗口内（此模型没有价格：设置 → 价格）`,
  reached: (baseURL) => `${baseURL} 的批处理 API 可从本页访问：运行可以走批处理（半价，24 小时内完成）。`,
  noBatchApi: (baseURL, vllm) => `${baseURL} 没有批处理 API${vllm ? "（vllm serve 没有，请用 vllm run-batch）" : ""}：请“下载批处理文件”，运行后再“上传结果”。`,
  unauthorized: (baseURL) => `${baseURL} 的批处理 API 拒绝了密钥：请检查 API 密钥，以及它能否使用批处理。`,
  blocked: (baseURL, words) => `本页无法访问 ${baseURL} 的批处理 API：${words} 在此之前，“下载批处理文件”和“上传结果”适用于任何服务器。`,
  idle: "没有批处理运行。",
  submitting: "正在准备下一轮…",
  heldElsewhere: "另一个标签页正在驱动这次批处理运行：它在那里轮询，不会重复提交。",
  finished: (rounds, batches) => `已完成：${rounds} 轮，${batches} 个批次。`,
  failed: (message) => `批处理运行已停止：${message}`,
  cancelled: "已取消：仍在运行的批次已在服务商处取消。",
  cancel: "取消批处理",
  download: "下载批处理文件",
  upload: "上传结果",
  waiting: (round, rounds, files) => zhWaiting(round, rounds, files),
  waitingShort: (round, rounds) => (round > 0 ? `第 ${round} 轮（共 ${rounds} 轮）已收齐：等待下载下一个批处理文件` : "等待批处理结果"),
  waitingStatus: (round, rounds, files) => `${zhWaiting(round, rounds, files)}。`,
  roundIn: (round) => `第 ${round} 轮的结果已全部收到：“下载批处理文件”将给出第 ${round + 1} 轮。`,
  resultsIn: (known) => `目前已收到本次运行的 ${known} 条结果。`,
  foreign: (n) => `有 ${n} 条结果不属于本次运行的任何请求（来自其他运行的文件，或用其他提示词、模型生成）：未使用。`,
  inputFile: (name) => `${name}：这是批处理的输入文件，不是它的结果：请上传批处理程序写出的文件（例如 vllm run-batch 的 -o 文件）。`,
  gap: "",
  nothingPending: "没有等待结果的批处理文件：请先“下载批处理文件”，运行后再上传它写出的结果。",
  filesDone: "所有结果均已收到：运行完成。",
  filesProblems: (text) => `有些行未被使用：${text}`,
  needKey: "请先在设置中填写 API 密钥（只保存在内存中）。",
  otherEndpoint: (baseURL) => `此批处理运行提交到了 ${baseURL}，而设置指向别处：请在设置中改回该 Base URL（及其密钥）后再轮询或取消。`,
  names: { status: "批处理状态" },
};

export const { useMessages: useBatchT, currentMessages: batchT } = defineMessages({ en, zh });
