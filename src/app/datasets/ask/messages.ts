import { defineMessages } from "../../shared/i18n/define-messages";
import { DEFAULT_DRAFT } from "./target-draft";

/**
 * "Ask your system" (issue 29): the target editor, "Test with one row" and the ask job's controls
 * and progress. zh has the same keys (typed). Control names that tests use stay English in the
 * English UI only (shared/i18n/accessible-name.ts); names of regions are here.
 */
const n = (value: number, lang: "en" | "zh") => value.toLocaleString(lang);

/** The form's defaults (a LangServe /invoke), shown as values and placeholders: the same in every language. */
const defaults = { body: DEFAULT_DRAFT.body, answer: DEFAULT_DRAFT.answer, contexts: DEFAULT_DRAFT.contexts, contextIds: DEFAULT_DRAFT.contextIds };

const en = {
  title: "Ask your system",
  intro:
    "Send every question of this dataset to your RAG system and fill in its answers and retrieved contexts from the reply, then score them. The target is called from this browser, so it must allow this page (CORS).",
  targetTitle: "Target",
  url: "Target URL",
  method: "Method",
  /** HTTP methods, as written (catalogued so every visible string comes from here). */
  methods: { POST: "POST", PUT: "PUT", GET: "GET" },
  removeSymbol: "×",
  defaults,
  stream: "Reply",
  streams: { none: "One JSON document", sse: "Server-sent events", jsonl: "JSON lines" },
  body: "Body template",
  bodyHint:
    "JSON; “{{question}}” is replaced by the row's question (as a JSON string, so quotes cannot break it), “{{messages}}” by the conversation so far: a row with turns is asked turn by turn.",
  answerPath: "Answer path",
  contextsPath: "Contexts path",
  contextIdsPath: "Context ids path",
  toolCallsPath: "Tool calls path",
  pathsHint:
    "JSONPath into the reply, e.g. $.output.answer and $.output.context[*].page_content. Contexts, ids and tool calls (e.g. $.tool_calls, kept on a conversation's assistant turns) are optional.",
  headers: "Headers",
  headerName: (i: number) => `Header ${i} name`,
  headerValue: (i: number) => `Header ${i} value`,
  headerSecret: "Secret",
  removeHeader: (i: number) => `Remove header ${i}`,
  addHeader: "Add header",
  rememberSecrets: "Remember secret headers on this device",
  secretsNote:
    "Secret header values stay in this tab's memory unless you tick the box; they never go into exports, reports, links or logs. Remembered values are stored unencrypted in this browser.",
  testRow: "Test with one row",
  testing: "Asking the target…",
  requestSent: "Request sent",
  reply: (status: number | null, ms: number) => (status === null ? `Reply (no answer, ${ms} ms)` : `Reply: HTTP ${status} in ${ms} ms`),
  picked: "What each path picked",
  pickedNothing: "nothing",
  which: "Rows to ask",
  missingRows: (count: number) => `Rows without an answer (${n(count, "en")})`,
  allRows: (count: number) => `All rows (${n(count, "en")}), replacing their answers`,
  concurrency: "Parallel calls",
  timeout: "Timeout (seconds)",
  retries: "Retries on 429 / 5xx",
  start: "Ask your system",
  pause: "Pause",
  resume: "Resume",
  cancel: "Cancel",
  score: "Score these answers",
  nothingToAsk: "Every row already has an answer. Choose “All rows” to ask again.",
  progress: (done: number, total: number, failed: number) =>
    `${n(done, "en")} of ${n(total, "en")} rows answered${failed > 0 ? `, ${n(failed, "en")} failed` : ""}`,
  latency: (p50: number, p95: number) => `latency p50 ${Math.round(p50)} ms · p95 ${Math.round(p95)} ms`,
  phase: {
    running: "Asking…",
    paused: "Paused: answered rows are kept. Resume asks the rest.",
    interrupted: "Interrupted (the page was closed or reloaded): answered rows are kept. Resume asks the rest.",
    done: "Done.",
    cancelled: "Cancelled: the rows answered so far are kept.",
    busy: "Another tab is asking for this dataset.",
  },
  recentTitle: "Latest rows",
  head: { row: "#", question: "Question", result: "Result", ms: "Latency" },
  answered: (status: number) => `HTTP ${status}`,
  rowMs: (ms: number) => `${n(ms, "en")} ms`,
  badTarget: (message: string) => `The target is not complete: ${message}`,
  badBody: (message: string) => `The body template is not valid JSON: ${message}`,
  /** CORS and reachability, in words: what the server must allow. */
  cors: (url: string, origin: string, method: string, headers: string) =>
    `The server at ${url} is up, but the browser refused its reply (CORS): it does not allow this page. The server must answer with “Access-Control-Allow-Origin: ${origin}” (or *), and answer the preflight OPTIONS request with “Access-Control-Allow-Methods: ${method}” and “Access-Control-Allow-Headers: ${headers}”. In FastAPI: app.add_middleware(CORSMiddleware, allow_origins=["${origin}"], allow_methods=["*"], allow_headers=["*"]).`,
  unreachable: (url: string) => `Could not reach ${url}: the server is down or the URL is wrong.`,
  mixedContent: (url: string) => `This page is served over HTTPS and ${url} is plain HTTP, which browsers block (mixed content).`,
  names: {
    panel: "Ask your system",
    target: "Target",
    test: "Test with one row result",
    progress: "Ask progress",
    recent: "Latest asked rows",
    diagnosis: "Target diagnosis",
  },
};

export type AskMessages = typeof en;

const zh: AskMessages = {
  title: "询问你的系统",
  intro: "把这个数据集的每个问题发送给你的 RAG 系统，用回复填入回答和检索到的上下文，然后评分。目标由本浏览器直接调用，因此它必须允许本页面（CORS）。",
  targetTitle: "目标",
  url: "目标 URL",
  method: "方法",
  methods: { POST: "POST", PUT: "PUT", GET: "GET" },
  removeSymbol: "×",
  defaults,
  stream: "回复",
  streams: { none: "一个 JSON 文档", sse: "服务器发送事件（SSE）", jsonl: "JSON 行" },
  body: "请求体模板",
  bodyHint: "JSON；“{{question}}”会被替换为该行的问题（作为 JSON 字符串，引号不会破坏它），“{{messages}}”会被替换为到目前为止的对话：带多轮对话的行逐轮提问。",
  answerPath: "回答路径",
  contextsPath: "上下文路径",
  contextIdsPath: "上下文编号路径",
  toolCallsPath: "工具调用路径",
  pathsHint:
    "回复中的 JSONPath，例如 $.output.answer 和 $.output.context[*].page_content。上下文、编号和工具调用（例如 $.tool_calls，保存在对话的助手轮次上）可以不填。",
  headers: "请求头",
  headerName: (i) => `请求头 ${i} 名称`,
  headerValue: (i) => `请求头 ${i} 值`,
  headerSecret: "机密",
  removeHeader: (i) => `删除请求头 ${i}`,
  addHeader: "添加请求头",
  rememberSecrets: "在此设备上记住机密请求头",
  secretsNote: "机密请求头的值只保存在此标签页的内存中，除非你勾选此项；它们从不进入导出、报告、链接或日志。记住的值以未加密形式存储在此浏览器中。",
  testRow: "用一行测试",
  testing: "正在询问目标…",
  requestSent: "发送的请求",
  reply: (status, ms) => (status === null ? `回复（无应答，${ms} 毫秒）` : `回复：HTTP ${status}，用时 ${ms} 毫秒`),
  picked: "每个路径取到的内容",
  pickedNothing: "无",
  which: "要询问的行",
  missingRows: (count) => `没有回答的行（${n(count, "zh")}）`,
  allRows: (count) => `所有行（${n(count, "zh")}），替换已有回答`,
  concurrency: "并行调用数",
  timeout: "超时（秒）",
  retries: "429 / 5xx 时重试次数",
  start: "询问你的系统",
  pause: "暂停",
  resume: "继续",
  cancel: "取消",
  score: "为这些回答评分",
  nothingToAsk: "每一行都已有回答。选择“所有行”可重新询问。",
  progress: (done, total, failed) => `已回答 ${n(done, "zh")} / ${n(total, "zh")} 行${failed > 0 ? `，${n(failed, "zh")} 行失败` : ""}`,
  latency: (p50, p95) => `延迟 p50 ${Math.round(p50)} 毫秒 · p95 ${Math.round(p95)} 毫秒`,
  phase: {
    running: "正在询问…",
    paused: "已暂停：已回答的行会保留。继续会询问其余的行。",
    interrupted: "已中断（页面被关闭或重新加载）：已回答的行会保留。继续会询问其余的行。",
    done: "完成。",
    cancelled: "已取消：目前已回答的行会保留。",
    busy: "另一个标签页正在为此数据集询问。",
  },
  recentTitle: "最近的行",
  head: { row: "#", question: "问题", result: "结果", ms: "延迟" },
  answered: (status) => `HTTP ${status}`,
  rowMs: (ms) => `${n(ms, "zh")} 毫秒`,
  badTarget: (message) => `目标不完整：${message}`,
  badBody: (message) => `请求体模板不是有效的 JSON：${message}`,
  cors: (url, origin, method, headers) =>
    `${url} 上的服务器在运行，但浏览器拒绝了它的回复（CORS）：它不允许本页面。服务器必须返回“Access-Control-Allow-Origin: ${origin}”（或 *），并在预检 OPTIONS 请求中返回“Access-Control-Allow-Methods: ${method}”和“Access-Control-Allow-Headers: ${headers}”。FastAPI 中：app.add_middleware(CORSMiddleware, allow_origins=["${origin}"], allow_methods=["*"], allow_headers=["*"])。`,
  unreachable: (url) => `无法连接 ${url}：服务器未运行或 URL 有误。`,
  mixedContent: (url) => `本页面通过 HTTPS 提供，而 ${url} 是普通 HTTP，浏览器会阻止它（混合内容）。`,
  names: {
    panel: "询问你的系统",
    target: "目标",
    test: "用一行测试的结果",
    progress: "询问进度",
    recent: "最近询问的行",
    diagnosis: "目标诊断",
  },
};

export const { useMessages: useAskT, currentMessages: askT } = defineMessages({ en, zh });
