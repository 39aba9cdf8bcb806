import type { AgreementMethod, AgreementTask } from "../../engine/agreement/types";
import { useApp } from "../shared/store";

/** The Agreement view's strings (en + zh, same keys). Accessible names of controls stay English (contract 7). */
const en = {
  title: "Agreement with people",
  intro:
    "The paper's Table 1 for your prompts and model: on WikiEval-shaped data, each method sees two candidates and must prefer the one people preferred. Accuracy = (correct + ties / 2) / n, with a 95% Wilson score interval.",
  data: "Data",
  fileHint:
    "CSV, JSON, JSONL or parquet with question, answer, ungrounded_answer, poor_answer, context_v1, context_v2 (optional human_<task> labels: a/b or 0/1).",
  chooseFile: "Choose a file",
  fromApi: "Or load from the Hugging Face rows API",
  apiBase: "Rows API base URL",
  apiDataset: "Dataset",
  apiConfig: "Config",
  apiSplit: "Split",
  loadApi: "Load rows",
  loading: "Loading…",
  loaded: (n: number, source: string) => `${n} rows from ${source}`,
  loadFailed: (message: string) => `Could not load the data: ${message}`,
  tasks: "Tasks",
  methods: "Methods",
  label: "Run label",
  labelHint: "A name shown beside other runs, e.g. the prompt version or the model.",
  estimate: (requests: number, embeddings: number, tokens: number, cost: string) =>
    `Estimate: ${requests.toLocaleString()} requests (${embeddings.toLocaleString()} embeddings), about ${tokens.toLocaleString()} tokens, ${cost}`,
  costUnknown: "cost unknown (no price for this model)",
  perRow: (n: number) => `${n} requests per row`,
  run: "Run agreement",
  cancel: "Cancel",
  running: (done: number, total: number) => `Judging: ${done} of ${total}`,
  finished: (n: number) => `Finished: ${n} pairs judged and saved.`,
  cancelled: "Cancelled: unfinished judgements are cancelled nulls, counted as ties.",
  failed: (message: string) => `The run failed: ${message}`,
  needData: "Load data first.",
  needKey: "Set the API key in Settings first.",
  table: "Accuracy against people",
  method: "Method",
  paper: "paper",
  ties: (n: number) => `${n} ${n === 1 ? "tie" : "ties"}`,
  interval: "95% Wilson score interval; a tie counts half.",
  absolute: "Absolute labels",
  correlation: (kind: string, r: string, n: number) => `${kind === "point_biserial" ? "point-biserial r" : "Pearson r"} = ${r} (n = ${n})`,
  runs: "Saved runs",
  noRuns: "No runs yet.",
  compare: "Compare",
  export: "Export",
  delete: "Delete",
  pairs: "Pairs",
  pairsOf: (method: string, task: string) => `${method} on ${task}`,
  human: "people prefer",
  predicted: "predicted",
  sideA: "A",
  sideB: "B",
  shownFirst: (side: string) => `shown first: ${side.toUpperCase()}`,
  rating: (r: number, min: number, max: number) => `rating ${r} (${min}-${max})`,
  chose: (side: string) => `chose ${side.toUpperCase()}`,
  close: "Close",
  methodNames: { ragas: "Ragas", gpt_score: "GPT Score", gpt_ranking: "GPT Ranking", gpt_score_5: "GPT Score (1-5)" } as Record<AgreementMethod, string>,
  taskNames: { faithfulness: "Faithfulness", answer_relevancy: "Answer relevance", context_relevance: "Context relevance" } as Record<AgreementTask, string>,
};

export type AgreementMessages = typeof en;

const zh: AgreementMessages = {
  title: "与人工判断的一致性",
  intro:
    "用你的提示词和模型复现论文的表 1：在 WikiEval 格式的数据上，每种方法看到两个候选并选出人们更偏好的那个。准确率 =（正确数 + 平局数 / 2）/ n，附 95% Wilson 得分区间。",
  data: "数据",
  fileHint:
    "CSV、JSON、JSONL 或 parquet，列为 question、answer、ungrounded_answer、poor_answer、context_v1、context_v2（可选 human_<任务> 标注：a/b 或 0/1）。",
  chooseFile: "选择文件",
  fromApi: "或从 Hugging Face rows API 加载",
  apiBase: "Rows API 基础地址",
  apiDataset: "数据集",
  apiConfig: "配置",
  apiSplit: "划分",
  loadApi: "加载行",
  loading: "加载中…",
  loaded: (n, source) => `已从 ${source} 加载 ${n} 行`,
  loadFailed: (message) => `无法加载数据：${message}`,
  tasks: "任务",
  methods: "方法",
  label: "运行名称",
  labelHint: "与其他运行并列显示的名称，例如提示词版本或模型。",
  estimate: (requests, embeddings, tokens, cost) =>
    `预估：${requests.toLocaleString()} 次请求（其中 ${embeddings.toLocaleString()} 次嵌入），约 ${tokens.toLocaleString()} 个 token，${cost}`,
  costUnknown: "费用未知（价格表中没有该模型）",
  perRow: (n) => `每行 ${n} 次请求`,
  run: "运行一致性评估",
  cancel: "取消",
  running: (done, total) => `评判中：${done} / ${total}`,
  finished: (n) => `完成：已评判并保存 ${n} 对。`,
  cancelled: "已取消：未完成的评判记为 cancelled 空值，按平局计。",
  failed: (message) => `运行失败：${message}`,
  needData: "请先加载数据。",
  needKey: "请先在设置中填写 API 密钥。",
  table: "与人工判断的准确率",
  method: "方法",
  paper: "论文",
  ties: (n) => `${n} 个平局`,
  interval: "95% Wilson 得分区间；平局计一半。",
  absolute: "绝对标注",
  correlation: (kind, r, n) => `${kind === "point_biserial" ? "点二列相关 r" : "Pearson r"} = ${r}（n = ${n}）`,
  runs: "已保存的运行",
  noRuns: "还没有运行。",
  compare: "对比",
  export: "导出",
  delete: "删除",
  pairs: "候选对",
  pairsOf: (method, task) => `${method}：${task}`,
  human: "人们偏好",
  predicted: "预测",
  sideA: "A",
  sideB: "B",
  shownFirst: (side) => `先展示：${side.toUpperCase()}`,
  rating: (r, min, max) => `评分 ${r}（${min}-${max}）`,
  chose: (side) => `选择 ${side.toUpperCase()}`,
  close: "关闭",
  methodNames: { ragas: "Ragas", gpt_score: "GPT 打分", gpt_ranking: "GPT 排序", gpt_score_5: "GPT 打分（1-5）" },
  taskNames: { faithfulness: "忠实度", answer_relevancy: "答案相关性", context_relevance: "上下文相关性" },
};

export function useAgreementT(): AgreementMessages {
  return useApp((s) => s.lang) === "zh" ? zh : en;
}

export function agreementT(): AgreementMessages {
  return useApp.getState().lang === "zh" ? zh : en;
}

export const AGREEMENT_MESSAGES = { en, zh };
