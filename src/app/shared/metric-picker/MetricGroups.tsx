import { useState } from "react";
import type { AnyMetricId } from "../../../engine";
import { useT } from "../i18n";
import { useFormats } from "../i18n/format";
import { lowerIsBetter, metricLabel } from "../results/labels";
import { optionFields, type PickerGroup, type PickerRow, type RawOptions } from "./groups";
import { useEnglishName } from "../i18n/accessible-name";
import { useApp } from "../store";
import { defaultText, optionProblemText } from "./option-words";
import { ThresholdInput } from "./ThresholdInput";

const ORDER: PickerGroup[] = ["judge", "embeddings", "none", "custom"];

interface Props {
  rows: readonly PickerRow[];
  selected: readonly AnyMetricId[];
  onToggle(id: AnyMetricId, on: boolean): void;
  raw: Readonly<Record<string, RawOptions>>;
  onOption(id: AnyMetricId, key: string, value: string | boolean): void;
  /** Why a metric cannot run here (a missing input, the demo judge); undefined when it can. */
  reasonOf(id: AnyMetricId): string | undefined;
  judgeNames?: Readonly<Record<string, string>>;
  /** Keeps element ids unique when two pickers are on one page. */
  idPrefix: string;
  /** Given, each ticked metric has an optional threshold (contract 14) beside it: the text typed, by metric id. */
  thresholds?: Readonly<Record<string, string>>;
  onThreshold?(id: AnyMetricId, value: string): void;
}

/**
 * Every metric in its group (needs a judge / needs embeddings / no judge / your judges), each with
 * the inputs it needs, its requests per sample and, once ticked, a small editor of its options.
 * In English the checkbox's accessible name is the metric id (browser tests find it so); in other
 * languages its label (the translated name, the id) names it.
 */
export function MetricGroups({ rows, selected, onToggle, raw, onOption, reasonOf, judgeNames = {}, idPrefix, thresholds, onThreshold }: Props) {
  const t = useT();
  const heads: Record<PickerGroup, string> = {
    judge: t.more.groupJudge,
    embeddings: t.more.groupEmbeddings,
    none: t.more.groupNoJudge,
    custom: t.more.groupCustom,
  };
  return (
    <div className="metric-groups">
      {ORDER.map((group) => {
        const inGroup = rows.filter((r) => r.group === group);
        if (inGroup.length === 0) return null;
        return (
          <fieldset key={group} className={`metric-group metric-group-${group}`} aria-label={heads[group]}>
            <legend>{heads[group]}</legend>
            <ul>
              {inGroup.map((row) => (
                <MetricRow
                  key={row.id}
                  row={row}
                  on={selected.includes(row.id)}
                  onToggle={onToggle}
                  raw={raw[row.id] ?? {}}
                  onOption={onOption}
                  reason={reasonOf(row.id)}
                  label={metricLabel(t, row.id, judgeNames)}
                  domId={`${idPrefix}-${row.id.replace(/[^a-z0-9_-]/gi, "-")}`}
                  {...(onThreshold ? { threshold: { value: thresholds?.[row.id] ?? "", onChange: onThreshold } } : {})}
                />
              ))}
            </ul>
          </fieldset>
        );
      })}
    </div>
  );
}

function MetricRow(props: {
  row: PickerRow;
  on: boolean;
  onToggle(id: AnyMetricId, on: boolean): void;
  raw: RawOptions;
  onOption(id: AnyMetricId, key: string, value: string | boolean): void;
  reason: string | undefined;
  label: string;
  domId: string;
  threshold?: { value: string; onChange(id: AnyMetricId, value: string): void };
}) {
  const { row, on, reason, label, domId, threshold } = props;
  const t = useT();
  const named = useEnglishName();
  const lang = useApp((s) => s.lang);
  const fmt = useFormats();
  const [open, setOpen] = useState(false);
  const fields = optionFields(row.id);
  const inputs = fmt.list(row.requires.map((f) => t.more.inputs[f as keyof typeof t.more.inputs] ?? f));
  return (
    <li className={reason ? "metric-option is-disabled" : "metric-option"}>
      <input
        id={domId}
        type="checkbox"
        aria-label={named(row.id)}
        aria-describedby={`${domId}-facts${reason ? ` ${domId}-why` : ""}`}
        checked={on && !reason}
        disabled={reason !== undefined}
        onChange={(event) => props.onToggle(row.id, event.target.checked)}
      />
      {/* The description is a hover hint only: the checkbox keeps its name (the id in English, else the label). */}
      <label htmlFor={domId} title={row.descriptions[lang]}>
        <span className="metric-name">{label}</span> <code className="metric-id">{row.id}</code>
        {lowerIsBetter(row.id) ? <span className="badge badge-lower"> {t.more.lowerIsBetter}</span> : null}
      </label>
      <span id={`${domId}-facts`} className="metric-facts">
        {inputs ? t.more.needs(inputs) : null}
        {inputs ? " · " : null}
        {t.more.cost(row.chat, row.embedding)}
      </span>
      {reason ? (
        <span id={`${domId}-why`} className="metric-why">
          {reason}
        </span>
      ) : null}
      {threshold && on && !reason ? <ThresholdInput id={row.id} value={threshold.value} onChange={threshold.onChange} /> : null}
      {fields.length > 0 && on && !reason ? (
        <div className="metric-options">
          <button type="button" className="btn btn-link" aria-expanded={open} onClick={() => setOpen(!open)}>
            {t.more.options}
          </button>
          {open ? (
            <fieldset aria-label={t.more.optionsOf(label)} className="metric-options-fields">
              {fields.map((field) => (
                <OptionInput
                  key={field.key}
                  id={row.id}
                  field={field}
                  value={props.raw[field.key]}
                  onOption={props.onOption}
                  label={t.more.optionLabels[field.key]}
                  fallback={defaultText(row.defaults, field.key)}
                />
              ))}
              {row.optionsError ? (
                <p className="metric-why" role="alert">
                  {optionProblemText(t, row.optionsError)}
                </p>
              ) : null}
            </fieldset>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}

function OptionInput({
  id,
  field,
  value,
  onOption,
  label,
  fallback,
}: {
  id: AnyMetricId;
  field: ReturnType<typeof optionFields>[number];
  value: string | boolean | undefined;
  onOption(id: AnyMetricId, key: string, value: string | boolean): void;
  label: string;
  /** The metric's default for this option, as text ("" when it has none): what an empty field means. */
  fallback: string;
}) {
  const t = useT();
  if (field.kind === "checkbox")
    return (
      <label className="option-field">
        <input type="checkbox" checked={value === true} onChange={(e) => onOption(id, field.key, e.target.checked)} /> {label}
      </label>
    );
  if (field.kind === "select")
    return (
      <label className="option-field">
        {label}{" "}
        <select value={typeof value === "string" ? value : ""} onChange={(e) => onOption(id, field.key, e.target.value)}>
          <option value="">{fallback ? t.more.optionDefault(fallback) : "–"}</option>
          {field.values.map((v) => (
            <option key={v} value={v}>
              {v}
            </option>
          ))}
        </select>
      </label>
    );
  return (
    <label className="option-field">
      {label}{" "}
      <input
        type="text"
        size={10}
        value={typeof value === "string" ? value : ""}
        placeholder={fallback}
        spellCheck={false}
        onChange={(e) => onOption(id, field.key, e.target.value)}
      />
    </label>
  );
}
