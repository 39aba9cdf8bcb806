/**
 * A mixed English and Chinese dataset of any size for CLI runs: each sample asks about one fact,
 * answers with it (sometimes with an added claim no context supports), retrieves it together with
 * a distractor, and has the fact as reference. Written by hand for these tests; every sample's
 * text differs, so no request repeats (and no cache hides one).
 */

interface Fact {
  question: string;
  answer: string;
  context: string;
}

const EN: Fact[] = [
  {
    question: "Where does the Nile end?",
    answer: "The Nile empties into the Mediterranean Sea.",
    context: "The Nile flows north through eleven countries and empties into the Mediterranean Sea.",
  },
  {
    question: "Who wrote Pride and Prejudice?",
    answer: "Jane Austen wrote Pride and Prejudice.",
    context: "Pride and Prejudice is an 1813 novel by Jane Austen.",
  },
  {
    question: "When did the Eiffel Tower open?",
    answer: "The Eiffel Tower opened in March 1889.",
    context: "The Eiffel Tower opened to the public on 31 March 1889.",
  },
  {
    question: "What is the capital of Australia?",
    answer: "Canberra is the capital of Australia.",
    context: "Canberra is the capital city of Australia, in the Australian Capital Territory.",
  },
  {
    question: "Who painted the Mona Lisa?",
    answer: "Leonardo da Vinci painted the Mona Lisa.",
    context: "The Mona Lisa is a portrait painted by Leonardo da Vinci in the early sixteenth century.",
  },
  {
    question: "How tall is Mount Everest?",
    answer: "Mount Everest is about 8,849 metres tall.",
    context: "Mount Everest rises 8,849 metres above sea level on the border of Nepal and China.",
  },
  {
    question: "What did Marie Curie discover?",
    answer: "Marie Curie discovered polonium and radium.",
    context: "Marie Curie and Pierre Curie discovered the elements polonium and radium in 1898.",
  },
  {
    question: "Where is the Golden Gate Bridge?",
    answer: "The Golden Gate Bridge is in San Francisco.",
    context: "The Golden Gate Bridge spans the strait between San Francisco Bay and the Pacific Ocean.",
  },
];

const ZH: Fact[] = [
  { question: "长城有多长？", answer: "长城全长约两万一千公里。", context: "长城全长约两万一千公里，始建于春秋战国时期。" },
  { question: "长江流入哪里？", answer: "长江流入东海。", context: "长江发源于青藏高原，向东流经十一个省级行政区，最后注入东海。" },
  { question: "《红楼梦》的作者是谁？", answer: "《红楼梦》的作者是曹雪芹。", context: "《红楼梦》是清代作家曹雪芹创作的长篇小说。" },
  { question: "故宫在哪个城市？", answer: "故宫位于北京。", context: "故宫位于北京市中心，是明清两代的皇家宫殿。" },
  { question: "熊猫主要吃什么？", answer: "大熊猫主要吃竹子。", context: "大熊猫的食物中百分之九十九是竹子。" },
  { question: "黄河被称为什么？", answer: "黄河被称为中华民族的母亲河。", context: "黄河全长约五千四百六十四公里，被称为中华民族的母亲河。" },
  { question: "李白是哪个朝代的诗人？", answer: "李白是唐代诗人。", context: "李白是唐代著名浪漫主义诗人，被誉为诗仙。" },
  { question: "西湖在哪里？", answer: "西湖位于杭州。", context: "西湖位于浙江省杭州市西部，是中国著名的风景名胜区。" },
];

const EN_EXTRA = ["It is also the oldest in the world.", "Many people visit it every summer."];
const ZH_EXTRA = ["它也是世界上最古老的。", "每年夏天都有很多人参观。"];

export interface MixedSample {
  id: string;
  question: string;
  answer: string;
  contexts: string[];
  reference: string;
}

/** n samples, alternating English and Chinese; sample i uses fact i and a distractor from the same language. */
export function mixedSamples(n: number): MixedSample[] {
  return Array.from({ length: n }, (_, i) => {
    const zh = i % 2 === 1;
    const facts = zh ? ZH : EN;
    const k = Math.floor(i / 2);
    const fact = facts[k % facts.length]!;
    const distractor = facts[(k + 1 + Math.floor(k / facts.length)) % facts.length]!;
    // Rounds past the first add claims no context supports, so the samples of one fact differ.
    const round = Math.floor(k / facts.length);
    const extras = (zh ? ZH_EXTRA : EN_EXTRA).filter((_, e) => ((round >> e) & 1) === 1);
    const answer = [fact.answer, ...extras].join(zh ? "" : " ");
    return { id: `${zh ? "zh" : "en"}-${i + 1}`, question: fact.question, answer, contexts: [distractor.context, fact.context], reference: fact.answer };
  });
}
