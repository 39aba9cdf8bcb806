import { useRef } from "react";
import { useT } from "../shared/i18n";
import { useApp } from "../shared/store";
import { defaultPriceRows, type PriceRow, unitPrices } from "../../storage/prices";

/** Editable USD prices per 1M tokens; the cost estimate reads them. */
export function PriceTable() {
  const t = useT();
  const prices = useApp((s) => s.settings.prices);
  const update = useApp((s) => s.updateSettings);
  const keys = useRowKeys(prices.length);
  const setRow = (i: number, patch: Partial<PriceRow>) => update({ prices: prices.map((row, j) => (j === i ? { ...row, ...patch } : row)) });
  const num = (text: string) => {
    const n = Number(text);
    return Number.isFinite(n) && n >= 0 ? n : 0;
  };
  return (
    <fieldset className="settings-group">
      <legend>{t.settings.prices}</legend>
      <p className="field-note">{t.settings.pricesHint}</p>
      <table className="price-table">
        <thead>
          <tr>
            <th scope="col">{t.settings.priceModel}</th>
            <th scope="col">{t.settings.priceInput}</th>
            <th scope="col">{t.settings.priceOutput}</th>
            <th scope="col">{t.settings.priceBatchInput}</th>
            <th scope="col">{t.settings.priceBatchOutput}</th>
            <th scope="col">
              <span className="visually-hidden">{t.history.remove}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {prices.map((row, i) => (
            <tr key={keys.at(i)}>
              <td>
                <input
                  aria-label={t.settings.priceModelRow(i + 1)}
                  value={row.model}
                  spellCheck={false}
                  onChange={(e) => setRow(i, { model: e.target.value })}
                />
              </td>
              <td>
                <input
                  aria-label={t.settings.priceCell(t.settings.priceInput, row.model)}
                  type="number"
                  min={0}
                  step={0.01}
                  value={row.input}
                  onChange={(e) => setRow(i, { input: num(e.target.value) })}
                />
              </td>
              <td>
                <input
                  aria-label={t.settings.priceCell(t.settings.priceOutput, row.model)}
                  type="number"
                  min={0}
                  step={0.01}
                  value={row.output}
                  onChange={(e) => setRow(i, { output: num(e.target.value) })}
                />
              </td>
              {(["batchInput", "batchOutput"] as const).map((field) => (
                <td key={field}>
                  <input
                    aria-label={t.settings.priceCell(field === "batchInput" ? t.settings.priceBatchInput : t.settings.priceBatchOutput, row.model)}
                    type="number"
                    min={0}
                    step={0.01}
                    // Empty means the provider's usual half price, shown as the placeholder.
                    placeholder={String(unitPrices(row, true)[field === "batchInput" ? "input" : "output"])}
                    value={row[field] ?? ""}
                    onChange={(e) => setRow(i, { [field]: e.target.value === "" ? undefined : num(e.target.value) })}
                  />
                </td>
              ))}
              <td>
                <button
                  type="button"
                  className="icon-btn danger"
                  aria-label={t.settings.removePrice(row.model)}
                  onClick={() => {
                    keys.remove(i);
                    update({ prices: prices.filter((_, j) => j !== i) });
                  }}
                >
                  ×
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="row-actions">
        <button type="button" className="btn btn-small" onClick={() => update({ prices: [...prices, { model: "", input: 0, output: 0 }] })}>
          + {t.settings.addPrice}
        </button>
        <button type="button" className="btn btn-small btn-quiet" onClick={() => update({ prices: defaultPriceRows() })}>
          {t.settings.resetPrices}
        </button>
      </div>
    </fieldset>
  );
}

/**
 * A key per row that survives removing another row, so the inputs of the rows below keep their
 * focus and edits (an index would move them to the next row's DOM). Rows carry no id of their own:
 * storage keys prices by model name, and the name is what is being edited.
 */
function useRowKeys(count: number) {
  const state = useRef({ keys: [] as number[], next: 0 }).current;
  while (state.keys.length < count) state.keys.push(state.next++);
  state.keys.length = count;
  return {
    at: (index: number) => state.keys[index],
    remove: (index: number) => void state.keys.splice(index, 1),
  };
}
