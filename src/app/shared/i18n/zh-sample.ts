import type { Messages } from "./en";

/** 样本表单的文案（zh.ts 的 `sample`）。 */
export const zhSample: Messages["sample"] = {
  title: "样本",
  question: "问题",
  answer: "回答",
  context: (n) => `上下文 ${n}`,
  contexts: "上下文",
  reference: "参考答案",
  optional: "可选",
  retrievedIds: "检索到的编号（按排名）",
  relevantIds: "相关编号",
  idsHint: "可选 · 每行一个或用逗号分隔；命中率、MRR、NDCG 等无需密钥即可计算",
  relevantGrades: "相关度等级",
  gradesPlaceholder: "d1: 3",
  gradesHint: "可选 · 每行一个 id: grade（如 d1: 3），或一个 JSON 对象；等级取代相关编号默认的 1，用于 NDCG",
  gradesProblem: (p) =>
    p.kind === "json"
      ? p.key === null
        ? "不是有效的 JSON 对象"
        : `“${p.key}”的等级必须是大于等于 0 的数`
      : p.kind === "shape"
        ? `第 ${p.entry} 项（“${p.text}”）不是 id: grade 的写法`
        : p.kind === "grade"
          ? `第 ${p.entry} 项：“${p.id}”的等级是“${p.text}”，应为大于等于 0 的数`
          : `第 ${p.entry} 项：“${p.id}”的等级给了两次`,
  conversation: "对话",
  conversationMessages: "对话消息（JSON）",
  conversationHint: "可选 · OpenAI 聊天消息或 ragas 多轮对话 JSON；由对话类指标评分",
  referenceToolCalls: "参考工具调用（JSON）",
  toolCallsHint: '可选 · {"name", "args"} 列表或 OpenAI 的 tool_calls',
  conversationRead: (turns, calls) => `已读取 ${turns} 轮，含 ${calls} 个工具调用。`,
  pasteProblem: (field, message) => `${field}：${message}`,
  addContext: "添加上下文",
  removeContext: (n) => `删除上下文 ${n}`,
  moveUp: (n) => `上移上下文 ${n}`,
  moveDown: (n) => `下移上下文 ${n}`,
  examples: "示例",
  exampleEn: "英文示例",
  exampleZh: "中文示例",
  moreExamples: "更多示例…",
  clear: "清空",
  metrics: "指标",
  score: "打分",
  scoring: "正在打分…",
  cancel: "取消",
  bypassCache: "跳过缓存",
  shortcut: "Ctrl+Enter",
  needKey: "用评审模型为自己的文本打分需要 API 密钥，请在设置中填写。没有密钥时，演示评审为内置示例打分，标有“无需评审”的指标可为任何文本打分。",
  keylessOnly: (names) => `没有 API 密钥：只计算无需评审的指标（${names}）。在设置中添加密钥即可计算其余指标。`,
  noJudge: "无需评审",
  noJudgeHint: "无需评审模型、无需密钥：在浏览器中由回答和参考答案直接计算",
  nothingSelected: "请至少选择一个可以运行的指标。",
};
