import {
  entityKey,
  type AnswerCorrectnessTrace as ACTrace,
  type CustomJudgeTrace as CJTrace,
  type FactualCorrectnessTrace as FCTrace,
  type MetricTraces,
  type NoiseSensitivityTrace as NSTrace,
  noisyStatements,
} from "../../../../engine";
import { useT } from "../../i18n";
import { Verdict } from "./Verdict";

/** Views of the ragas 0.4 metrics' traces and of custom judges' votes (contract 11): every item the score was computed from. */

const two = (n: number) => n.toFixed(2);
const share = (items: readonly { verdict: number }[]) => (items.length ? items.filter((i) => i.verdict === 1).length / items.length : 0);

function CheckedList({
  head,
  items,
  yes,
  no,
}: {
  head: string;
  items: readonly { text: string; verdict: number; reason?: string }[];
  yes: string;
  no: string;
}) {
  if (!items.length) return null;
  return (
    <>
      <h4>{head}</h4>
      <ol className="trace-list">
        {items.map((s, i) => (
          <li key={i} className={s.verdict === 1 ? "item-yes" : "item-no"}>
            <Verdict ok={s.verdict === 1} label={s.verdict === 1 ? yes : no} />
            <p className="item-text">{s.text}</p>
            {s.reason ? <p className="item-reason">{s.reason}</p> : null}
          </li>
        ))}
      </ol>
    </>
  );
}

/** TP / FP from the answer's statements, FN from the reference's, the similarity and the weights that mix them. */
export function AnswerCorrectnessTrace({ trace }: { trace: ACTrace }) {
  const t = useT();
  const tp = trace.statements.filter((s) => s.verdict === 1).length;
  const fp = trace.statements.length - tp;
  const fn = trace.referenceStatements.filter((s) => s.verdict === 0).length;
  const f1 = tp === 0 ? 0 : tp / (tp + (fp + fn) / 2);
  const [w0, w1] = trace.weights;
  return (
    <div className="trace">
      <p className="trace-line">{t.more.correctnessLine(two(f1), trace.similarity === null ? t.more.noSimilarity : two(trace.similarity), w0, w1)}</p>
      <CheckedList head={t.more.statementsHead} items={trace.statements} yes={t.more.tp} no={t.more.fp} />
      <CheckedList head={t.more.referenceStatementsHead} items={trace.referenceStatements} yes={t.more.covered} no={t.more.missingFn} />
    </div>
  );
}

/** The claims on each side (precision: the answer's; recall: the reference's) and the F-beta settings. */
export function FactualCorrectnessTrace({ trace }: { trace: FCTrace }) {
  const t = useT();
  return (
    <div className="trace">
      <p className="trace-line">{t.more.factualLine(trace.mode, trace.beta, trace.atomicity, trace.coverage)}</p>
      <p className="trace-line">
        {t.more.precisionRecall(trace.claims.length ? two(share(trace.claims)) : "–", trace.referenceClaims.length ? two(share(trace.referenceClaims)) : "–")}
      </p>
      <CheckedList head={t.more.claimsHead} items={trace.claims} yes={t.trace.supported} no={t.trace.notSupported} />
      <CheckedList head={t.more.referenceClaimsHead} items={trace.referenceClaims} yes={t.more.covered} no={t.more.missingFn} />
    </div>
  );
}

/** Which answer statements are wrong, which contexts are relevant, and which wrong statements the noise explains. */
export function NoiseSensitivityTrace({ trace }: { trace: NSTrace }) {
  const t = useT();
  const relevant = trace.contexts.map((c) => c.supportsReference.some((f) => f === 1));
  const noisySet = new Set(noisyStatements(trace));
  const noisy = (a: number) => noisySet.has(a);
  return (
    <div className="trace">
      <p className="trace-line">
        {t.more.noiseMode(trace.mode)} · {t.more.lowerIsBetter}
      </p>
      <h4>{t.more.noiseStatementsHead}</h4>
      <ol className="trace-list">
        {trace.statements.map((s, a) => (
          <li key={a} className={s.correct === 1 ? "item-yes" : "item-no"}>
            <Verdict ok={s.correct === 1} label={s.correct === 1 ? t.more.correct : t.more.incorrect} />
            {noisy(a) ? <span className="badge badge-noisy">{t.more.noisy}</span> : null}
            <p className="item-text">{s.text}</p>
            {s.reason ? <p className="item-reason">{s.reason}</p> : null}
          </li>
        ))}
      </ol>
      {trace.referenceStatements.length ? (
        <>
          <h4>{t.more.referenceStatementsList}</h4>
          <ol className="trace-list">
            {trace.referenceStatements.map((s, i) => (
              <li key={i}>
                <p className="item-text">{s.text}</p>
              </li>
            ))}
          </ol>
        </>
      ) : null}
      <h4>{t.more.noiseContextsHead}</h4>
      <ol className="trace-list">
        {trace.contexts.map((c, k) => {
          const answers = c.supportsAnswer.flatMap((f, a) => (f === 1 ? [a + 1] : []));
          return (
            <li key={c.index} className={relevant[k] ? "item-yes" : "item-no"}>
              <div className="item-head">
                <strong>{t.trace.contextN(c.index + 1)}</strong>
                <Verdict ok={relevant[k] === true} label={relevant[k] ? t.more.relevant : t.more.irrelevant} />
              </div>
              <p className="item-reason">
                {t.more.supportsReference(c.supportsReference.filter((f) => f === 1).length, c.supportsReference.length)}
                {" · "}
                {answers.length ? t.more.supportsAnswer(answers.join(", ")) : t.more.supportsNoAnswer}
              </p>
            </li>
          );
        })}
      </ol>
    </div>
  );
}

/** The reference's entities, each marked found in the contexts or not (matched as the score matches them), and the contexts' entities. */
export function EntityRecallTrace({ trace }: { trace: MetricTraces["context_entity_recall"] }) {
  const t = useT();
  const inContexts = new Set(trace.contextEntities.map(entityKey));
  return (
    <div className="trace">
      <h4>{t.more.referenceEntitiesHead}</h4>
      <ul className="trace-list entity-list">
        {trace.referenceEntities.map((e, i) => {
          const found = inContexts.has(entityKey(e));
          return (
            <li key={i} className={found ? "item-yes" : "item-no"}>
              <Verdict ok={found} label={found ? t.more.entityFound : t.more.entityMissing} /> <span className="item-text">{e}</span>
            </li>
          );
        })}
      </ul>
      <h4>{t.more.contextEntitiesHead}</h4>
      <p className="item-text">{trace.contextEntities.join(" · ") || t.trace.none}</p>
    </div>
  );
}

/** Every vote of a custom judge with its reason. */
export function CustomJudgeTrace({ trace }: { trace: CJTrace }) {
  const t = useT();
  return (
    <div className="trace">
      <h4>{t.more.votesHead(trace.votes.length)}</h4>
      <ol className="trace-list">
        {trace.votes.map((v, i) => (
          <li key={i} className={(trace.scale === "binary" ? v.value === 1 : v.value >= 3) ? "item-yes" : "item-no"}>
            {trace.scale === "binary" ? (
              <Verdict ok={v.value === 1} label={v.value === 1 ? t.more.voteYes : t.more.voteNo} />
            ) : (
              <span className="pill">{t.more.level(v.value)}</span>
            )}
            <p className="item-reason">{v.reason}</p>
          </li>
        ))}
      </ol>
    </div>
  );
}
