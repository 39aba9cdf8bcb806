import { useMemo, useState } from "react";
import { conversationOfDraft } from "../shared/conversation-draft";
import { useEnglishName } from "../shared/i18n/accessible-name";
import { useT } from "../shared/i18n";
import { useApp } from "../shared/store";
import { TextField } from "../shared/ui/Field";

/**
 * The sample form's conversation (contract 16), behind a toggle so a single-turn sample stays
 * short: the turns as pasted JSON (OpenAI chat messages or ragas multi-turn) and the reference tool
 * calls, parsed by the importers' own parsers, each problem said under its field. Open by itself
 * when the draft holds a conversation (a loaded one, a restored session).
 */
export function ConversationFields() {
  const t = useT();
  const named = useEnglishName();
  const conversation = useApp((s) => s.draft.conversation ?? "");
  const referenceToolCalls = useApp((s) => s.draft.referenceToolCalls ?? "");
  const setField = useApp((s) => s.setField);
  const [opened, setOpened] = useState(false);
  const open = opened || conversation.trim() !== "" || referenceToolCalls.trim() !== "";
  const { fields, problems } = useMemo(() => conversationOfDraft({ conversation, referenceToolCalls }), [conversation, referenceToolCalls]);
  const turns = fields.messages?.length ?? 0;
  return (
    <div className="sample-conversation">
      <button
        type="button"
        className="btn btn-small"
        aria-expanded={open}
        aria-controls="conversation-fields"
        aria-label={named("Conversation")}
        onClick={() => setOpened(!open)}
      >
        {t.sample.conversation}
      </button>
      {open ? (
        <div id="conversation-fields">
          <TextField
            id="conversation"
            label={t.sample.conversationMessages}
            name="Conversation messages"
            hint={t.sample.conversationHint}
            value={conversation}
            rows={6}
            onChange={(v) => setField("conversation", v)}
          />
          {problems.conversation ? (
            <p className="note note-error" role="alert" data-testid="conversation-problem">
              {t.sample.pasteProblem(t.sample.conversationMessages, problems.conversation)}
            </p>
          ) : turns > 0 ? (
            <p className="muted small" data-testid="conversation-read">
              {t.sample.conversationRead(
                turns,
                fields.messages!.reduce((n, m) => n + (m.toolCalls?.length ?? 0), 0),
              )}
            </p>
          ) : null}
          <TextField
            id="reference-tool-calls"
            label={t.sample.referenceToolCalls}
            name="Reference tool calls"
            hint={t.sample.toolCallsHint}
            value={referenceToolCalls}
            rows={3}
            onChange={(v) => setField("referenceToolCalls", v)}
          />
          {problems.referenceToolCalls ? (
            <p className="note note-error" role="alert" data-testid="tool-calls-problem">
              {t.sample.pasteProblem(t.sample.referenceToolCalls, problems.referenceToolCalls)}
            </p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
