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
  names: {
    list: "文档",
    progress: "文档读取进度",
    drop: "文档拖放区",
  },
};

export const { useMessages: useDocumentsT } = defineMessages({ en, zh });
