import type { Sample } from "../engine/sample";

/**
 * Built-in examples, one click to load. Each is a realistic RAG case built so its scores teach
 * something: an answer with a claim no context supports, an irrelevant context ranked first, a
 * reference fact the retriever never found, an evasive answer. The demo judge (demo-judge.ts)
 * answers exactly these samples from recorded replies, so a first-time user sees real traces
 * without an API key. Editing any text of an example makes it "your own sample".
 */
export interface BuiltInExample {
  id: string;
  language: "en" | "zh";
  title: string;
  /** What the scores show, for the example picker's tooltip. */
  teaches: string;
  sample: Sample;
}

export const BUILT_IN_EXAMPLES: readonly BuiltInExample[] = [
  {
    // Facts from the PSLV-C56 page of WikiEval (explodinggradients/WikiEval), reworded.
    id: "en-rocket-launch",
    language: "en",
    title: "Rocket launch (unsupported claim, irrelevant context first)",
    teaches: "The answer adds a live-stream claim no context supports, and the top-ranked context is background the question does not need.",
    sample: {
      id: "en-rocket-launch",
      question: "When and from where is the PSLV-C56 mission scheduled to launch?",
      answer:
        "PSLV-C56 is scheduled to launch on Sunday, 30 July 2023 at 06:30 IST from the Satish Dhawan Space Centre in Sriharikota. " +
        "The launch will be streamed live on ISRO's YouTube channel, and its main payload is DS-SAR, a radar imaging satellite.",
      contexts: [
        "The Indian Space Research Organisation was founded in 1969. Its first satellite, Aryabhata, was launched in 1975 on a Soviet rocket.",
        "PSLV-C56 is the 58th mission of ISRO's Polar Satellite Launch Vehicle. It is scheduled to launch on Sunday, 30 July 2023 at 06:30 IST (01:00 UTC). " +
          "The rocket will lift off from the First Launch Pad of the Satish Dhawan Space Centre in Sriharikota, Andhra Pradesh.",
        "The mission's primary payload is DS-SAR, a Singaporean radar imaging satellite, launched commercially through NewSpace India Limited.",
      ],
      reference:
        "PSLV-C56 is scheduled to launch on Sunday, 30 July 2023 at 06:30 IST (01:00 UTC) from the First Launch Pad of the Satish Dhawan Space Centre in Sriharikota, Andhra Pradesh.",
    },
  },
  {
    id: "en-store-returns",
    language: "en",
    title: "Store returns (contradicted claim, missing fact)",
    teaches: "The answer says return shipping is always free, which the policy contradicts; the reference's refund timeline is in no retrieved context.",
    sample: {
      id: "en-store-returns",
      question: "What is the return window for online orders, and who pays for return shipping?",
      answer: "You can return online orders within 30 days of delivery. Return shipping is always free.",
      contexts: [
        "Items bought online can be returned within 30 days of delivery. Returned items must be unused and in their original packaging.",
        "Gift cards and clearance items marked as final sale cannot be returned.",
        "Return shipping is free when an item arrived damaged or the wrong item was sent. In all other cases, a flat fee of $5.95 is deducted from the refund.",
      ],
      reference:
        "Online orders can be returned within 30 days of delivery. Return shipping is free only for damaged or wrong items; otherwise a $5.95 fee is deducted from the refund. " +
        "Refunds go back to the original payment method within 5 to 7 business days.",
    },
  },
  {
    id: "zh-shanghai-tower",
    language: "zh",
    title: "上海中心大厦（无依据的说法）",
    teaches: "回答说它是中国最高的建筑，这也许是真的，但检索到的上下文没有提到，所以忠实度会扣分；参考答案里的同一事实也找不到出处。",
    sample: {
      id: "zh-shanghai-tower",
      question: "上海中心大厦有多高？什么时候建成的？",
      answer: "上海中心大厦高632米，是中国最高的建筑。它于2015年建成。",
      contexts: [
        "上海中心大厦位于上海浦东陆家嘴金融贸易区。大厦总高度为632米，共有127层。",
        "大厦于2008年11月开工建设，2015年主体建筑竣工，2016年起陆续对外开放。",
        "陆家嘴还有东方明珠电视塔和上海环球金融中心等地标建筑。这里每年吸引大量游客前来参观。",
      ],
      reference: "上海中心大厦总高632米，主体建筑于2015年竣工，是中国第一高楼。",
    },
  },
  {
    id: "zh-vpn-request",
    language: "zh",
    title: "申请VPN账号（答非所问）",
    teaches: "回答含糊其辞，没有说出需要多久，所以答案相关性为0；它说的那一点倒是有依据。排在第一位的上下文是食堂营业时间。",
    sample: {
      id: "zh-vpn-request",
      question: "公司的VPN账号怎么申请？开通需要多久？",
      answer: "这个我不太清楚，可能要问一下IT部门。一般来说需要主管审批。",
      contexts: [
        "公司食堂的营业时间为每天早上7点至晚上8点。",
        "员工可通过内部IT服务门户提交VPN账号申请，申请需经直属主管审批。",
        "审批通过后，IT部门通常在1个工作日内开通账号，并通过邮件发送登录说明。",
        "VPN客户端支持Windows、macOS和Linux系统。",
      ],
      reference: "在IT服务门户提交申请，经直属主管审批后，IT部门通常在1个工作日内开通账号。首次登录时需要绑定手机令牌。",
    },
  },
];

export function getBuiltInExample(id: string): BuiltInExample | undefined {
  return BUILT_IN_EXAMPLES.find((e) => e.id === id);
}

export function builtInExamples(language?: "en" | "zh"): readonly BuiltInExample[] {
  return language ? BUILT_IN_EXAMPLES.filter((e) => e.language === language) : BUILT_IN_EXAMPLES;
}

/**
 * The built-in example this sample still is (same question, answer, contexts and reference),
 * or undefined once the user has edited it: the app uses this to say up front whether the demo
 * judge can score it.
 */
export function matchBuiltInExample(sample: Pick<Sample, "question" | "answer" | "contexts" | "reference">): BuiltInExample | undefined {
  return BUILT_IN_EXAMPLES.find(
    (e) =>
      e.sample.question === sample.question &&
      e.sample.answer === sample.answer &&
      (e.sample.reference ?? "") === (sample.reference ?? "") &&
      e.sample.contexts.length === sample.contexts.length &&
      e.sample.contexts.every((c, i) => c === sample.contexts[i]),
  );
}
