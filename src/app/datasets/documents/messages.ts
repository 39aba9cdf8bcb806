import type { SkipReason } from "../../../engine/text/document";
import { defineMessages } from "../../shared/i18n/define-messages";

/** "Import documents" (issue 28): the documents a test set is generated from. zh has the same keys (typed). */
const chunksEn = (n: number) => `${n} ${n === 1 ? "chunk" : "chunks"}`;

const en = {
  title: "Import documents",
  hint: "Markdown, text, HTML, PDF or Word (.docx) files: they are read in this browser, split at their headings into chunks, and a test set is generated from them. Nothing is uploaded.",
  choose: "Choose documents",
  dropHere: "or drop documents here",
  reading: (done: number, total: number) => `Reading documents: ${done} of ${total}`,
  summary: (docs: number, chunks: number, skipped: number) =>
    `${docs} ${docs === 1 ? "document" : "documents"}, ${chunksEn(chunks)}${skipped > 0 ? `; ${skipped} skipped` : ""}.`,
  chunks: chunksEn,
  characters: (n: number) => `${n.toLocaleString("en")} characters`,
  reasons: {
    empty: "skipped: empty",
    too_short: "skipped: too short",
    unreadable: "skipped: unreadable",
    scanned_pdf: "skipped: a scanned PDF (no text)",
    unsupported: "skipped: not a document format",
  } satisfies Record<SkipReason, string>,
  remove: "Remove",
  clear: "Clear documents",
  generate: {
    title: "Generate test set",
    size: "Questions",
    mode: "Mode",
    modes: { graph: "graph (themes, personas, multi-hop)", quick: "quick (one call per question)" },
    language: "Language",
    languages: { auto: "detected from the documents", en: "English", zh: "Chinese" } as Record<string, string>,
    checks: "Checks",
    checkNames: { grounded: "grounded", standalone: "standalone", leakage: "leakage", duplicate: "duplicate" },
    estimate: (calls: number, embeddings: number, input: number, output: number) =>
      `Estimate: ${calls.toLocaleString("en")} chat calls, ${embeddings.toLocaleString("en")} embedding requests, ~${input.toLocaleString("en")} input and ~${output.toLocaleString("en")} output tokens.`,
    start: "Generate test set",
    cancel: "Cancel generation",
    pause: "Pause generation",
    pausing: "Pausing: the requests in flight finish and are kept first.",
    resume: "Resume generation",
    stored: {
      paused: (name: string, size: number, docs: number) =>
        `The generation of “${name}” (${size} questions from ${docs} ${docs === 1 ? "document" : "documents"}) is paused. Resume goes on where it stopped: every request answered so far is read from the cache, not sent again.`,
      interrupted: (name: string, size: number, docs: number) =>
        `A generation was interrupted (the page was closed or reloaded): “${name}”, ${size} questions from ${docs} ${docs === 1 ? "document" : "documents"}. Resume goes on where it stopped: every request answered before is read from the cache, not sent again.`,
      busy: (name: string) => `Another tab is generating “${name}”; it goes on there.`,
    },
    noStorage: "Generation needs the browser's storage (IndexedDB), which is not available here.",
    needsEmbedding: "Generation needs an embedding model: set one in Settings.",
    endpointChanged: (was: string, now: string) =>
      `This generation was started with the Base URL ${was}, and Settings now say ${now || "nothing"}: set it back to resume (its answered requests are cached for that endpoint), or cancel the generation.`,
    running: (accepted: number, size: number, candidates: number, requests: number, tokens: number) =>
      `${accepted} of ${size} questions accepted · ${candidates} candidates · ${requests.toLocaleString("en")} requests · ${tokens.toLocaleString("en")} tokens`,
    done: (n: number, size: number, name: string | null, requests: number, tokens: number, cached: number) =>
      `${n} of ${size} questions${name ? ` stored as dataset “${name}”` : ""}; ${requests.toLocaleString("en")} requests (${cached.toLocaleString("en")} from the cache), ${tokens.toLocaleString("en")} tokens.`,
    rejected: (grounded: number, standalone: number, leakage: number, duplicate: number, errors: number) =>
      `Rejected: ${grounded} not grounded, ${standalone} not standalone, ${leakage} answerable without the contexts, ${duplicate} duplicates, ${errors} failed calls.`,
    perDocument: "Questions per document",
    perSynthesizer: "Questions per synthesizer",
    noAnswers: "The rows have no answer yet: ask your system each question, or import its answers joined by question.",
    failed: (message: string) => `Generation failed: ${message}`,
    datasetName: "Test set name",
    defaultName: "test set",
    progress: "Generation progress",
  },
  names: {
    list: "Documents",
    progress: "Document reading progress",
    drop: "Document drop area",
  },
};

export type DocumentsMessages = typeof en;

const zh: DocumentsMessages = {
  title: "导入文档",
  hint: "Markdown、文本、HTML、PDF 或 Word（.docx）文件：在本浏览器中读取，按标题切成文本块，再从中生成测试集。不会上传任何内容。",
  choose: "选择文档",
  dropHere: "或把文档拖到这里",
  reading: (done, total) => `正在读取文档：${done} / ${total}`,
  summary: (docs, chunks, skipped) => `${docs} 个文档，${chunks} 个文本块${skipped > 0 ? `；跳过 ${skipped} 个` : ""}。`,
  chunks: (n) => `${n} 个文本块`,
  characters: (n) => `${n.toLocaleString("zh")} 个字符`,
  reasons: {
    empty: "已跳过：空文件",
    too_short: "已跳过：内容太短",
    unreadable: "已跳过：无法读取",
    scanned_pdf: "已跳过：扫描版 PDF（没有文字）",
    unsupported: "已跳过：不是支持的文档格式",
  },
  remove: "移除",
  clear: "清空文档",
  generate: {
    title: "生成测试集",
    size: "问题数",
    mode: "模式",
    modes: { graph: "图谱（主题、人物、多跳）", quick: "快速（每个问题一次调用）" },
    language: "语言",
    languages: { auto: "根据文档自动识别", en: "英文", zh: "中文" },
    checks: "检查",
    checkNames: { grounded: "有依据", standalone: "可独立理解", leakage: "无上下文也能答", duplicate: "重复" },
    estimate: (calls, embeddings, input, output) => `预计：${calls} 次对话调用，${embeddings} 次向量请求，约 ${input} 个输入和 ${output} 个输出词元。`,
    start: "生成测试集",
    cancel: "取消生成",
    pause: "暂停生成",
    pausing: "正在暂停：先让进行中的请求完成并保存。",
    resume: "继续生成",
    stored: {
      paused: (name, size, docs) =>
        `“${name}”的生成（从 ${docs} 个文档生成 ${size} 个问题）已暂停。继续会从停下的地方接着做：已回答的请求都从缓存读取，不会再次发送。`,
      interrupted: (name, size, docs) =>
        `有一次生成被中断（页面被关闭或重新加载）：“${name}”，从 ${docs} 个文档生成 ${size} 个问题。继续会从停下的地方接着做：之前已回答的请求都从缓存读取，不会再次发送。`,
      busy: (name) => `另一个标签页正在生成“${name}”，会在那里继续。`,
    },
    noStorage: "生成需要浏览器的存储（IndexedDB），但这里不可用。",
    needsEmbedding: "生成需要嵌入模型：请在设置中填写。",
    endpointChanged: (was, now) =>
      `这次生成开始时的 Base URL 是 ${was}，而设置中现在是 ${now || "空"}：请改回原来的地址再继续（已回答的请求按该地址缓存），或取消这次生成。`,
    running: (accepted, size, candidates, requests, tokens) =>
      `已通过 ${accepted} / ${size} 个问题 · ${candidates} 个候选 · ${requests} 次请求 · ${tokens} 个词元`,
    done: (n, size, name, requests, tokens, cached) =>
      `${n} / ${size} 个问题${name ? `，已保存为数据集“${name}”` : ""}；${requests} 次请求（${cached} 次来自缓存），${tokens} 个词元。`,
    rejected: (grounded, standalone, leakage, duplicate, errors) =>
      `被拒：${grounded} 个无依据，${standalone} 个不能独立理解，${leakage} 个无上下文也能答，${duplicate} 个重复，${errors} 次调用失败。`,
    perDocument: "每个文档的问题数",
    perSynthesizer: "每种生成方式的问题数",
    noAnswers: "这些行还没有回答：请让你的系统回答每个问题，或导入按问题对应的回答。",
    failed: (message) => `生成失败：${message}`,
    datasetName: "测试集名称",
    defaultName: "测试集",
    progress: "生成进度",
  },
  names: {
    list: "文档",
    progress: "文档读取进度",
    drop: "文档拖放区",
  },
};

export const { useMessages: useDocumentsT, currentMessages: documentsT } = defineMessages({ en, zh });
