/**
 * `hubkit chat-template render` on real files: in this process (test/cli/run-here.ts), and once as a user runs it
 * (a child process: node with the tsx loader).
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { TSX_LOADER } from "../catalogue/project.js";
import { hubkitHere } from "../cli/run-here.js";

const root = fileURLToPath(new URL("../../", import.meta.url));
const dir = mkdtempSync(join(tmpdir(), "hubkit-chat-template-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function file(name: string, content: string): string {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
}

/** stdout, exit status and stderr without its blank lines (one string, no final newline). */
function outcome(status: number | null, stdout: string, stderr: string) {
  return { status, stdout, stderr: stderr.split("\n").filter(Boolean).join("\n") };
}

async function hubkit(...args: string[]) {
  const r = await hubkitHere(["chat-template", ...args]);
  return outcome(r.code, r.stdout, r.stderr);
}

function hubkitProcess(...args: string[]) {
  const result = spawnSync(
    process.execPath,
    ["--import", TSX_LOADER, "src/cli/index.ts", "chat-template", ...args],
    {
      cwd: root,
      encoding: "utf8",
    },
  );
  return outcome(result.status, result.stdout, result.stderr);
}

const messages = file("messages.json", JSON.stringify([{ role: "user", content: "Hi" }]));
const qwen = join(root, "test/fixtures/chat-templates/qwen2.5.jinja");

describe("hubkit chat-template render: templates, tokenizer configs, tools", () => {
  it("renders a template file with a generation prompt (as a process)", () => {
    const { status, stdout } = hubkitProcess(
      "render",
      "--template",
      qwen,
      "--messages",
      messages,
      "--add-generation-prompt",
    );
    expect(status).toBe(0);
    expect(stdout).toBe(
      "<|im_start|>system\nYou are Qwen, created by Alibaba Cloud. You are a helpful assistant.<|im_end|>\n" +
        "<|im_start|>user\nHi<|im_end|>\n<|im_start|>assistant\n",
    );
  });

  it("takes the default template and special tokens from tokenizer_config.json", async () => {
    const config = file(
      "tokenizer_config.json",
      JSON.stringify({
        chat_template: [
          { name: "tool_use", template: "tools!" },
          {
            name: "default",
            template: "{{ bos_token }}{% for m in messages %}[{{ m.content }}]{% endfor %}{{ eos_token }}",
          },
        ],
        bos_token: { content: "<s>", lstrip: false },
        eos_token: "</s>",
      }),
    );
    const { status, stdout } = await hubkit("render", "--tokenizer-config", config, "--messages", messages);
    expect(status).toBe(0);
    expect(stdout).toBe("<s>[Hi]</s>");
  });

  it("passes tools from --tools", async () => {
    const template = file("tools.jinja", "{% for t in tools %}{{ t.function.name }};{% endfor %}");
    const tools = file("tools.json", JSON.stringify([{ type: "function", function: { name: "lookup" } }]));
    expect(
      (await hubkit("render", "--template", template, "--messages", messages, "--tools", tools)).stdout,
    ).toBe("lookup;");
  });
});

describe("hubkit chat-template render: errors of the template, with file and position", () => {
  it("names the template file with line:col for a syntax error", async () => {
    const template = file("bad.jinja", "ok\n{% if x %}\n{{ 1 + }}{% endif %}");
    const { status, stdout, stderr } = await hubkit("render", "--template", template, "--messages", messages);
    expect(status).toBe(1);
    expect(stdout).toBe("");
    expect(stderr).toBe(
      `${template}:3:8  error  unexpected end of print statement '}}'\n` +
        "  3 | {{ 1 + }}{% endif %}\n" +
        "    |        ^",
    );
  });

  it("names the template and position when the template raises an exception", async () => {
    const template = file("raise.jinja", "{{ raise_exception('roles must alternate') }}");
    const { status, stderr } = await hubkit("render", "--template", template, "--messages", messages);
    expect(status).toBe(1);
    expect(stderr).toBe(
      `${template}:1:4  error  roles must alternate\n` +
        "  1 | {{ raise_exception('roles must alternate') }}\n" +
        "    |    ^",
    );
  });

  it("says what was undefined when a runtime error comes from an undefined value", async () => {
    const template = file("undefined.jinja", "{% for m in messages %}\n{{ m.text.strip() }}{% endfor %}");
    const { status, stderr } = await hubkit("render", "--template", template, "--messages", messages);
    expect(status).toBe(1);
    expect(stderr).toBe(
      `${template}:2:4  error  cannot read 'strip' of an undefined value\n` +
        "  while evaluating `m.text.strip`: `m` has no attribute `text`\n" +
        "  2 | {{ m.text.strip() }}{% endfor %}\n" +
        "    |    ^",
    );
  });
});

describe("hubkit chat-template render: missing files, bad JSON, usage errors", () => {
  it("reports a missing file in one line, exit 2 (a user mistake, as in hubkit infer)", async () => {
    const { status, stderr } = await hubkit(
      "render",
      "--template",
      join(dir, "nope.jinja"),
      "--messages",
      messages,
    );
    expect(status).toBe(2);
    expect(stderr).toBe(`hubkit chat-template: ${join(dir, "nope.jinja")}: cannot read file (no such file)`);
  });

  it("reports bad JSON in one line naming the file", async () => {
    const broken = file("broken.json", "[{");
    const { status, stderr } = await hubkit("render", "--template", qwen, "--messages", broken);
    expect(status).toBe(2);
    expect(stderr.split("\n")).toHaveLength(1);
    expect(stderr).toMatch(new RegExp(`^hubkit chat-template: ${broken}: invalid JSON: `));
  });

  it("reports a tokenizer config without a chat template", async () => {
    const config = file("no-template.json", JSON.stringify({ bos_token: "<s>" }));
    const { status, stderr } = await hubkit("render", "--tokenizer-config", config, "--messages", messages);
    expect(status).toBe(2);
    expect(stderr).toBe(`hubkit chat-template: ${config}: no chat_template string found`);
  });

  it("rejects missing or conflicting options as usage errors (exit 2)", async () => {
    const neither = await hubkit("render", "--messages", messages);
    expect(neither.status).toBe(2);
    expect(neither.stderr).toContain("give exactly one of --template and --tokenizer-config");
    const noSubcommand = await hubkit("--template", qwen, "--messages", messages);
    expect(noSubcommand.status).toBe(2);
    expect(noSubcommand.stderr).toContain('expected the subcommand "render"');
  });
});
