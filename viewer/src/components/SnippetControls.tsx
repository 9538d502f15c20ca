/**
 * Sample record, provider and snippet options of the template view; all kept in the URL except the access
 * token, which stays in this browser tab (state/access-token.ts) and says so next to its field.
 */
import type { Sample } from "../data/catalogue.js";
import { providers, sampleModel, samplePipeline, samples } from "../data/catalogue.js";
import { useRouter } from "../state/router.js";
import { BOOLEAN_OPTIONS, NUMBER_OPTIONS, STRING_OPTIONS, type SnippetOptions } from "../state/url.js";

/** The tasks a sample record's snippets are for: its pipeline tag, plus conversational for chat models. */
export function sampleTasks(file: Sample | undefined): string[] {
  if (!file) return [];
  const tags = sampleModel(file)?.tags;
  const task = samplePipeline(file);
  return [
    ...(task ? [task] : []),
    ...(Array.isArray(tags) && tags.includes("conversational") ? ["conversational"] : []),
  ];
}

/** "auto" and the providers that serve one of the record's tasks (the runtime's PROVIDERS). */
export function providerChoices(file: Sample | undefined): string[] {
  const tasks = sampleTasks(file);
  return ["auto", ...providers.filter((p) => p.tasks.some((t) => tasks.includes(t))).map((p) => p.id)];
}

export function SnippetControls({
  sample,
  provider,
  showProvider,
  accessToken,
  onAccessToken,
}: {
  sample?: Sample;
  provider: string;
  showProvider: boolean;
  accessToken: string | undefined;
  onAccessToken(token: string | undefined): void;
}) {
  const { update, droppedToken } = useRouter();
  const choices = providerChoices(sample);
  return (
    <form className="controls" onSubmit={(e) => e.preventDefault()} aria-label="Preview inputs">
      <label>
        Sample record
        <select
          value={sample?.name ?? ""}
          onChange={(e) => update({ sample: e.target.value || undefined })}
          disabled={!samples.length}
        >
          {samples.length ? null : <option value="">no sample records</option>}
          {samples.map((s) => (
            <option key={s.name} value={s.name}>
              {s.name}
              {samplePipeline(s) ? ` (${samplePipeline(s)})` : ""}
            </option>
          ))}
        </select>
      </label>
      {showProvider ? (
        <>
          <label>
            Provider
            <select
              value={choices.includes(provider) ? provider : "auto"}
              onChange={(e) => update({ provider: e.target.value === "auto" ? undefined : e.target.value })}
            >
              {choices.map((p) => (
                <option key={p} value={p}>
                  {p}
                </option>
              ))}
            </select>
          </label>
          <OptionFields accessToken={accessToken} onAccessToken={onAccessToken} />
          {droppedToken ? (
            <p className="muted" role="status">
              The link you opened carried an access token: it was removed from the address and not used.
            </p>
          ) : null}
        </>
      ) : null}
    </form>
  );
}

/** The snippet options (flags, access token, text and number fields), kept in the URL but for the token. */
function OptionFields({
  accessToken,
  onAccessToken,
}: {
  accessToken: string | undefined;
  onAccessToken(token: string | undefined): void;
}) {
  const { selection, update } = useRouter();
  const options = selection.options;
  const setOption = (patch: Partial<SnippetOptions>) => {
    const next: SnippetOptions = { ...options, ...patch };
    for (const k of Object.keys(next) as (keyof SnippetOptions)[]) if (next[k] === undefined) delete next[k];
    update({ options: next });
  };
  return (
    <fieldset className="options">
      <legend>Snippet options</legend>
      {BOOLEAN_OPTIONS.map((k) => (
        <label key={k} className="check">
          <input
            type="checkbox"
            checked={!!options[k]}
            onChange={(e) => setOption({ [k]: e.target.checked || undefined })}
          />{" "}
          {k}
        </label>
      ))}
      <div className="token-field">
        <label>
          accessToken
          <input
            type="password"
            autoComplete="off"
            spellCheck={false}
            value={accessToken ?? ""}
            placeholder="not set"
            aria-describedby="access-token-note"
            onChange={(e) => onAccessToken(e.target.value || undefined)}
          />
        </label>
        <small id="access-token-note" className="muted">
          Stays in this browser tab, never put in the URL: links you share do not carry it.
        </small>
      </div>
      {STRING_OPTIONS.map((k) => (
        <label key={k}>
          {k}
          <input
            type="text"
            value={options[k] ?? ""}
            placeholder="not set"
            onChange={(e) => setOption({ [k]: e.target.value || undefined })}
          />
        </label>
      ))}
      {NUMBER_OPTIONS.map((k) => (
        <label key={k}>
          {k}
          <input
            type="number"
            step={k === "max_tokens" ? 1 : 0.05}
            value={options[k] ?? ""}
            placeholder="not set"
            onChange={(e) => setOption({ [k]: e.target.value === "" ? undefined : Number(e.target.value) })}
          />
        </label>
      ))}
    </fieldset>
  );
}
