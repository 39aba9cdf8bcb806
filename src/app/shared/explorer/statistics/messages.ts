import { defineMessages } from "../../i18n/define-messages";

/**
 * Strings of the statistics shown in the explorer and the comparison (issue 30, contract 14):
 * intervals, pass / fail, judge noise, the paired comparison and its verdicts. zh has the same keys.
 */
const en = {
  ci95: "95% CI",
  ciMethod: { wilson: "Wilson score interval", bootstrap: "percentile bootstrap, 10,000 resamples" } as Record<string, string>,
  /** "mean over 40 of 50": the nulls are always said beside the mean. */
  over: (scored: number, all: number) => `over ${scored} of ${all}`,
  passRate: "Pass rate",
  passOf: (pass: number, all: number, threshold: string, lower: boolean) => `${pass} of ${all} ${lower ? "≤" : "≥"} ${threshold}`,
  pass: "pass",
  fail: "fail",
  threshold: "Threshold",
  thresholdRange: "a threshold is a number from 0 to 1",
  passFilter: "Pass / fail",
  passAny: "any",
  passOnly: "pass only",
  failOnly: "fail only",
  passFilterNeedsThreshold: "the report has no threshold",
  noise: "Judge noise",
  noiseStd: "Within-sample SD",
  noiseDisagree: "Repeats disagree",
  noiseShare: "Judge's share of variance",
  // Comparison
  comparisonTitle: "Is the difference real?",
  metric: "Metric",
  comparisonIntro: (alpha: string) =>
    `Pairs are samples with a score on both sides. Difference = mean(B − A) with a paired bootstrap interval; p is two-sided, Holm-adjusted across the metrics; verdicts at α = ${alpha}.`,
  pairs: "Pairs",
  leftOut: (n: number) => `${n} left out (null on a side)`,
  meanA: "A mean",
  meanB: "B mean",
  difference: "Difference (B − A)",
  test: "Test",
  tests: { mcnemar: "McNemar exact", "sign-flip": "sign-flip permutation" } as Record<string, string>,
  p: "p",
  pHolm: "Holm p",
  verdict: "Verdict",
  verdicts: { better: "B is better", worse: "B is worse", "no detectable difference": "No detectable difference" } as Record<string, string>,
  lowerIsBetterNote: "lower is better: a lower B is better",
  minEffect: "Minimum effect",
  minEffectHint: "a smaller difference is never called better or worse",
  alpha: "α",
  power: (n: number) => `about ${n} pairs would detect a difference of 0.05`,
  powerNoSpread: "no spread to estimate how many pairs a difference of 0.05 would need",
  computing: "Computing the statistics…",
  noPairs: "no pair",
  names: {
    comparison: "Comparison",
  },
};

type StatsMessages = typeof en;

const zh: StatsMessages = {
  ci95: "95% 置信区间",
  ciMethod: { wilson: "Wilson 得分区间", bootstrap: "百分位 bootstrap，10,000 次重抽样" },
  over: (scored, all) => `基于 ${all} 个中的 ${scored} 个`,
  passRate: "通过率",
  passOf: (pass, all, threshold, lower) => `${all} 个中 ${pass} 个 ${lower ? "≤" : "≥"} ${threshold}`,
  pass: "通过",
  fail: "未通过",
  threshold: "阈值",
  thresholdRange: "阈值须为 0 到 1 之间的数",
  passFilter: "通过 / 未通过",
  passAny: "全部",
  passOnly: "仅通过",
  failOnly: "仅未通过",
  passFilterNeedsThreshold: "该报告没有阈值",
  noise: "评审噪声",
  noiseStd: "样本内标准差",
  noiseDisagree: "重复结果不一致",
  noiseShare: "评审造成的方差占比",
  comparisonTitle: "差异是真实的吗？",
  metric: "指标",
  comparisonIntro: (alpha) =>
    `配对指两侧都有分数的样本。差值 = mean(B − A)，附配对 bootstrap 区间；p 为双侧，并在各指标间做 Holm 校正；结论按 α = ${alpha} 判定。`,
  pairs: "配对数",
  leftOut: (n) => `${n} 个未计入（一侧为空值）`,
  meanA: "A 均值",
  meanB: "B 均值",
  difference: "差值（B − A）",
  test: "检验",
  tests: { mcnemar: "McNemar 精确检验", "sign-flip": "符号翻转置换检验" },
  p: "p",
  pHolm: "Holm p",
  verdict: "结论",
  verdicts: { better: "B 更好", worse: "B 更差", "no detectable difference": "无可检测的差异" },
  lowerIsBetterNote: "越低越好：B 更低即更好",
  minEffect: "最小效应",
  minEffectHint: "小于此值的差异不会判为更好或更差",
  alpha: "α",
  power: (n) => `约需 ${n} 对样本才能检测出 0.05 的差异`,
  powerNoSpread: "没有离散度，无法估计检测 0.05 的差异需要多少对样本",
  computing: "正在计算统计量…",
  noPairs: "无配对",
  names: {
    comparison: "比较",
  },
};

export const { useMessages: useStatsT } = defineMessages({ en, zh });
