/**
 * What a careful judge model answers for each built-in example, per metric prompt. Pure data:
 * demo-judge.ts turns it into the exact reply each prompt asks for (numbering statements,
 * sentences and contexts the way the metric numbered them), so one recording serves every step.
 * The scores they lead to are asserted in test/demo/demo-judge.test.ts.
 */

type Flag = 0 | 1;

export interface Recording {
  /** faithfulness.statements gives the texts; faithfulness.verdicts the verdicts, in this order. */
  answerStatements: { statement: string; verdict: Flag; reason: string }[];
  /** answer_relevancy.questions. */
  questions: { question: string; noncommittal: Flag }[];
  /**
   * context_relevance.sentences: a fragment of each needed sentence. The judge finds the one
   * sentence (as splitSentences cuts the contexts) that contains it and answers its number.
   */
  neededSentences: string[];
  /** context_precision.verdicts, one per context in rank order. */
  contextVerdicts: { verdict: Flag; reason: string }[];
  /** context_recall.statements: the reference as statements, each attributed or not. */
  referenceStatements: { statement: string; attributed: Flag; reason: string }[];
}

export const RECORDINGS: Readonly<Record<string, Recording>> = {
  "en-rocket-launch": {
    answerStatements: [
      {
        statement: "PSLV-C56 is scheduled to launch on Sunday, 30 July 2023 at 06:30 IST.",
        verdict: 1,
        reason: "The second context gives exactly this date and time.",
      },
      {
        statement: "PSLV-C56 will launch from the Satish Dhawan Space Centre in Sriharikota.",
        verdict: 1,
        reason: "The second context says the rocket lifts off from the Satish Dhawan Space Centre in Sriharikota.",
      },
      {
        statement: "The PSLV-C56 launch will be streamed live on ISRO's YouTube channel.",
        verdict: 0,
        reason: "No context mentions a live stream or YouTube.",
      },
      {
        statement: "The main payload of PSLV-C56 is DS-SAR, a radar imaging satellite.",
        verdict: 1,
        reason: "The third context names DS-SAR, a radar imaging satellite, as the primary payload.",
      },
    ],
    questions: [
      { question: "When and where will the PSLV-C56 mission launch?", noncommittal: 0 },
      { question: "What is the scheduled launch date, time and site of PSLV-C56?", noncommittal: 0 },
      { question: "Where can the PSLV-C56 launch be watched, and what is its main payload?", noncommittal: 0 },
    ],
    neededSentences: ["It is scheduled to launch on Sunday", "The rocket will lift off from the First Launch Pad"],
    contextVerdicts: [
      { verdict: 0, reason: "ISRO's founding and first satellite say nothing about the PSLV-C56 launch." },
      { verdict: 1, reason: "It gives the launch date, time and launch pad stated in the reference answer." },
      { verdict: 0, reason: "The payload is not part of the reference answer about when and where." },
    ],
    referenceStatements: [
      { statement: "PSLV-C56 is scheduled to launch on Sunday, 30 July 2023.", attributed: 1, reason: "The second context gives this date." },
      { statement: "The PSLV-C56 launch is at 06:30 IST, which is 01:00 UTC.", attributed: 1, reason: "The second context gives 06:30 IST (01:00 UTC)." },
      {
        statement: "PSLV-C56 will lift off from the First Launch Pad of the Satish Dhawan Space Centre in Sriharikota, Andhra Pradesh.",
        attributed: 1,
        reason: "The second context names this launch pad and place.",
      },
    ],
  },

  "en-store-returns": {
    answerStatements: [
      {
        statement: "Online orders can be returned within 30 days of delivery.",
        verdict: 1,
        reason: "The first context states the 30-day window after delivery.",
      },
      {
        statement: "Return shipping for online orders is always free.",
        verdict: 0,
        reason: "The third context says it is free only for damaged or wrong items; otherwise a $5.95 fee is deducted.",
      },
    ],
    questions: [
      { question: "How long do I have to return an online order?", noncommittal: 0 },
      { question: "Who pays for return shipping on online orders?", noncommittal: 0 },
      { question: "What is the return window for online orders, and is return shipping free?", noncommittal: 0 },
    ],
    neededSentences: ["can be returned within 30 days", "Return shipping is free when", "a flat fee of $5.95"],
    contextVerdicts: [
      { verdict: 1, reason: "It gives the 30-day return window the reference answer states." },
      { verdict: 0, reason: "Final-sale exclusions are not part of the reference answer." },
      { verdict: 1, reason: "It gives who pays for return shipping and the $5.95 fee, as the reference answer does." },
    ],
    referenceStatements: [
      { statement: "Online orders can be returned within 30 days of delivery.", attributed: 1, reason: "The first context states this." },
      { statement: "Return shipping is free for damaged or wrong items.", attributed: 1, reason: "The third context states this." },
      {
        statement: "For other returns, a $5.95 fee is deducted from the refund.",
        attributed: 1,
        reason: "The third context gives the flat $5.95 fee deducted from the refund.",
      },
      {
        statement: "Refunds go back to the original payment method within 5 to 7 business days.",
        attributed: 0,
        reason: "No context says how or when refunds are paid.",
      },
    ],
  },

  "zh-shanghai-tower": {
    answerStatements: [
      { statement: "上海中心大厦高632米。", verdict: 1, reason: "第一段上下文说大厦总高度为632米。" },
      { statement: "上海中心大厦是中国最高的建筑。", verdict: 0, reason: "上下文没有把它和其他建筑比较高度。" },
      { statement: "上海中心大厦于2015年建成。", verdict: 1, reason: "第二段上下文说2015年主体建筑竣工。" },
    ],
    questions: [
      { question: "上海中心大厦有多高？", noncommittal: 0 },
      { question: "上海中心大厦是什么时候建成的？", noncommittal: 0 },
      { question: "中国最高的建筑是哪一座，有多高？", noncommittal: 0 },
    ],
    neededSentences: ["总高度为632米", "2015年主体建筑竣工"],
    contextVerdicts: [
      { verdict: 1, reason: "它给出了参考答案中的632米高度。" },
      { verdict: 1, reason: "它给出了参考答案中2015年竣工的时间。" },
      { verdict: 0, reason: "陆家嘴的其他地标与大厦的高度和建成时间无关。" },
    ],
    referenceStatements: [
      { statement: "上海中心大厦总高632米。", attributed: 1, reason: "第一段上下文给出了632米。" },
      { statement: "上海中心大厦的主体建筑于2015年竣工。", attributed: 1, reason: "第二段上下文说2015年主体建筑竣工。" },
      { statement: "上海中心大厦是中国第一高楼。", attributed: 0, reason: "上下文没有提到它在中国的高度排名。" },
    ],
  },

  "zh-vpn-request": {
    answerStatements: [{ statement: "申请VPN账号一般需要主管审批。", verdict: 1, reason: "第二段上下文说申请需经直属主管审批。" }],
    questions: [
      { question: "公司的VPN账号怎么申请？", noncommittal: 1 },
      { question: "申请VPN账号需要谁审批？", noncommittal: 1 },
      { question: "开通VPN账号需要多长时间？", noncommittal: 1 },
    ],
    neededSentences: ["提交VPN账号申请", "1个工作日内开通账号"],
    contextVerdicts: [
      { verdict: 0, reason: "食堂营业时间与VPN申请无关。" },
      { verdict: 1, reason: "它说明了参考答案中的申请渠道和主管审批。" },
      { verdict: 1, reason: "它给出了参考答案中1个工作日内开通的时间。" },
      { verdict: 0, reason: "支持的操作系统不在参考答案中。" },
    ],
    referenceStatements: [
      { statement: "VPN账号需要在IT服务门户提交申请。", attributed: 1, reason: "第二段上下文说可通过内部IT服务门户提交申请。" },
      { statement: "VPN账号申请需经直属主管审批。", attributed: 1, reason: "第二段上下文说申请需经直属主管审批。" },
      { statement: "审批通过后，IT部门通常在1个工作日内开通VPN账号。", attributed: 1, reason: "第三段上下文给出了1个工作日内开通。" },
      { statement: "首次登录VPN时需要绑定手机令牌。", attributed: 0, reason: "上下文没有提到手机令牌。" },
    ],
  },
};
