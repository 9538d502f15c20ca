/** checkChatTemplate and `hubkit chat-template check` on real templates of the fixtures, a broken one included. */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { hubkitHere } from "../cli/run-here.js";
import { checkChatTemplate } from "../../src/index.js";

const root = fileURLToPath(new URL("../../", import.meta.url));
const fixture = (file: string) => join(root, "test/fixtures/chat-templates", file);
const read = (file: string) => readFileSync(fixture(file), "utf8");
const tokens = { bos_token: "<s>", eos_token: "</s>" };
const statuses = (file: string) =>
  Object.fromEntries(
    checkChatTemplate(read(file), tokens).conversations.map((c) => [
      c.name,
      `${c.status}${c.claimed ? "" : " (not claimed)"}`,
    ]),
  );

describe("checkChatTemplate", () => {
  it("passes qwen2.5, which handles system, tools and tool calls but not content parts", () => {
    const report = checkChatTemplate(read("qwen2.5.jinja"), tokens);
    expect(report.ok).toBe(true);
    expect(report.supports).toEqual({
      system: true,
      tools: true,
      "tool-calls": true,
      "content-parts": false,
      reasoning: false,
    });
    expect(statuses("qwen2.5.jinja")).toEqual({
      "user, generation prompt": "renders",
      "system and user, generation prompt": "renders",
      "multi-turn, no generation prompt": "renders",
      "system and multi-turn, generation prompt": "renders",
      "tool definitions": "renders",
      "tool call and result": "renders",
      "content parts": "raises (not claimed)",
      reasoning: "renders (not claimed)",
    });
  });

  it("passes a template with every feature (qwen3.5)", () => {
    const report = checkChatTemplate(read("qwen3.5.jinja"), tokens);
    expect(report.ok).toBe(true);
    expect(Object.values(report.supports).every(Boolean)).toBe(true);
    expect(report.conversations.every((c) => c.status === "renders")).toBe(true);
  });

  it("does not expect tools from a template that replaces the variable first (command-a sets tools = [])", () => {
    const report = checkChatTemplate(read("command-a.jinja"), tokens);
    expect(report.supports.tools).toBe(false);
    expect(report.ok).toBe(true);
    expect(report.conversations.find((c) => c.name === "tool definitions")).toMatchObject({
      claimed: false,
      status: "suspicious",
      problems: ["the tool definitions or calls are missing"],
    });
  });

  it("fails a tool-use template that iterates tools without a guard (hermes-2-pro), with the diagnostic", () => {
    const report = checkChatTemplate(read("hermes-2-pro-llama-3.jinja"), tokens);
    expect(report.ok).toBe(false);
    const plain = report.conversations.find((c) => c.name === "user, generation prompt")!;
    expect(plain).toMatchObject({ claimed: true, status: "raises" });
    expect(plain.diagnostic!.split("\n")).toEqual([
      "TemplateRuntimeError at line 36, column 5: 'NoneType' object is not iterable",
      "  `tools` is none",
      "  36 | {%- for tool in tools %}",
      "     |     ^",
    ]);
    expect(report.conversations.find((c) => c.name === "tool call and result")!.status).toBe("renders");
  });

  it("flags a template that prints nothing of string contents (smolvlm reads content parts only)", () => {
    const report = checkChatTemplate(read("smolvlm.jinja"), tokens);
    expect(report.ok).toBe(false);
    expect(report.conversations.find((c) => c.name === "user, generation prompt")).toMatchObject({
      status: "suspicious",
      problems: ["the user message's text is missing"],
    });
  });

  it("flags None printed and unrendered tags", () => {
    const report = checkChatTemplate(
      "{% for m in messages %}{{ m.role }}: {{ m.content }} {{ m.get('name') }}{% raw %}{{ x }}{% endraw %}\n{% endfor %}",
    );
    expect(report.ok).toBe(false);
    expect(report.conversations[0].problems).toEqual([
      "unrendered '{{' or '{%' in the output",
      "'None' printed",
    ]);
  });

  it("reports a template that does not parse, without rendering anything", () => {
    const broken = read("zephyr-7b-beta.jinja").replace("{% endfor %}", "");
    const report = checkChatTemplate(broken);
    expect(report).toMatchObject({ ok: false, conversations: [] });
    expect(report.syntaxError!.split("\n")[0]).toBe(
      "TemplateSyntaxError at line 14, column 12: unexpected end of template: block 'for' was never closed (expected 'else' or 'endfor')",
    );
  });
});

const dir = mkdtempSync(join(tmpdir(), "hubkit-check-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
function file(name: string, content: string): string {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
}

/** `hubkit chat-template check <path>` in this process (test/cli/run-here.ts); stderr without blank lines. */
async function check(path: string) {
  const r = await hubkitHere(["chat-template", "check", path]);
  return { status: r.code, stdout: r.stdout, stderr: r.stderr.split("\n").filter(Boolean).join("\n") };
}

describe("hubkit chat-template check", () => {
  it("exits 0 for a template that renders what it claims, one line per conversation", async () => {
    const { status, stdout } = await check(fixture("qwen2.5.jinja"));
    expect(status).toBe(0);
    expect(stdout.split("\n").slice(0, 3)).toEqual([
      `${fixture("qwen2.5.jinja")}: claims system, tools, tool-calls`,
      "  renders    user, generation prompt",
      "  renders    system and user, generation prompt",
    ]);
    expect(stdout).toContain("  raises     content parts (not claimed)\n");
    expect(stdout.trimEnd().split("\n").at(-1)).toBe("ok");
  });

  it("exits 1 for a template that does not render what it claims, with the diagnostic", async () => {
    const { status, stdout } = await check(fixture("hermes-2-pro-llama-3.jinja"));
    expect(status).toBe(1);
    expect(stdout).toContain(
      "  raises     user, generation prompt\n      TemplateRuntimeError at line 36, column 5",
    );
    expect(stdout.trimEnd().split("\n").at(-1)).toBe("fail: 4 claimed conversation(s) do not render cleanly");
  });

  it("exits 1 for a broken template, showing where", async () => {
    const broken = file("broken.jinja", read("zephyr-7b-beta.jinja").replace("{% endfor %}", ""));
    const { status, stdout } = await check(broken);
    expect(status).toBe(1);
    expect(stdout.split("\n")[0]).toBe(`${broken}: does not parse`);
  });

  it("reads the template of a model record", async () => {
    const record = file(
      "model.json",
      JSON.stringify({
        id: "org/model",
        config: { tokenizer_config: { chat_template: read("zephyr-7b-beta.jinja"), eos_token: "</s>" } },
      }),
    );
    const { status, stdout } = await check(record);
    expect(status).toBe(0);
    expect(stdout.split("\n")[0]).toBe(`${record} (chat_template): claims system`);
  });

  it("reports user mistakes in one line and exits 2", async () => {
    const missing = await check(join(dir, "nope.jinja"));
    expect(missing).toMatchObject({ status: 2, stdout: "" });
    expect(missing.stderr).toBe(
      `hubkit chat-template check: ${join(dir, "nope.jinja")}: cannot read file (no such file)`,
    );
    const bad = await check(file("bad.json", "{"));
    expect(bad.status).toBe(2);
    expect(bad.stderr.split("\n")).toHaveLength(1);
    expect(bad.stderr).toMatch(/^hubkit chat-template check: .*bad\.json: invalid JSON: /);
    const empty = await check(file("empty.json", "{}"));
    expect(empty.status).toBe(2);
    expect(empty.stderr).toContain("no chat template found");
  });
});
