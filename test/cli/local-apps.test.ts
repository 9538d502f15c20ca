/**
 * `hubkit local-apps`: exit codes, stdout/stderr, no stack traces. In this process (test/cli/run-here.ts), but for
 * --record - (stdin) which runs as a user runs it: a process whose stdin is a pipe.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { projectRoot, TSX_LOADER, type RunResult } from "../catalogue/project.js";
import { outputOf } from "../support/process.js";
import { hubkitHere } from "./run-here.js";

const dir = mkdtempSync(join(tmpdir(), "hubkit-local-apps-cli-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const hubkit = (args: string[]) => hubkitHere(["local-apps", ...args]);

/** The command with `input` on its stdin (--record -). */
function hubkitWithStdin(args: string[], input: string): Promise<RunResult> {
  const child = spawn(
    process.execPath,
    ["--import", TSX_LOADER, join(projectRoot, "src/cli/index.ts"), "local-apps", ...args],
    { env: { ...process.env, NO_COLOR: "1" }, stdio: ["pipe", "pipe", "pipe"] },
  );
  child.stdin.end(input);
  return outputOf(child);
}

const record = (name: string, value: unknown) => {
  const path = join(dir, name);
  writeFileSync(path, typeof value === "string" ? value : JSON.stringify(value));
  return path;
};

const ggufRecord = {
  id: "unsloth/Qwen3-8B-GGUF",
  pipeline_tag: "text-generation",
  tags: ["gguf", "conversational"],
  gguf: { context_length: 40960, chat_template: "{% if tools %}{% endif %}" },
};

describe("hubkit local-apps: a GGUF record, from a file or stdin", () => {
  it("prints the apps of a GGUF record with the chosen file's quant in every command and link", async () => {
    const r = await hubkit([
      "--record",
      record("gguf.json", ggufRecord),
      "--file",
      "UD-Q8_K_XL/Qwen3-8B-UD-Q8_K_XL-00001-of-00002.gguf",
    ]);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("== llama.cpp (llama.cpp)  https://github.com/ggerganov/llama.cpp");
    expect(r.stdout).toContain("llama serve -hf unsloth/Qwen3-8B-GGUF:UD-Q8_K_XL");
    expect(r.stdout).toContain(
      "== Ollama (ollama)  https://ollama.com\nollama run hf.co/unsloth/Qwen3-8B-GGUF:UD-Q8_K_XL",
    );
    expect(r.stdout).toContain(
      "open: lmstudio://open_from_hf?model=unsloth/Qwen3-8B-GGUF&file=UD-Q8_K_XL/Qwen3-8B-UD-Q8_K_XL-00001-of-00002.gguf",
    );
    expect(r.stdout).toContain("== OpenClaw (openclaw)");
    expect(r.stdout).toContain("== RecurseChat (recursechat) [macOS only]");
    expect(r.stdout).not.toContain("{{QUANT_TAG}}");
  });

  it("without --file, says how to fill LocalAI's file placeholder", async () => {
    const r = await hubkit(["--record", record("gguf-nofile.json", ggufRecord)]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("local-ai run 'huggingface://unsloth/Qwen3-8B-GGUF/{{GGUF_FILE}}'");
    expect(r.stderr).toBe(
      "hubkit local-apps: pass --file <path.gguf> to name the file where {{GGUF_FILE}} stands\n",
    );
  });

  it("reads the record from stdin with --record -, and --model overrides its id", async () => {
    const r = await hubkitWithStdin(
      ["--record", "-", "--model", "org/other-GGUF", "--json"],
      JSON.stringify(ggufRecord),
    );
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    const apps = JSON.parse(r.stdout) as { key: string; link?: string; text?: string }[];
    expect(apps.map((a) => a.key)).toContain("pi");
    expect(apps.find((a) => a.key === "ollama")?.text).toBe("ollama run hf.co/org/other-GGUF");
    expect(apps.find((a) => a.key === "jan")?.link).toBe("jan://models/huggingface/org/other-GGUF");
  });
});

describe("hubkit local-apps: a model described by flags, no app offered, user mistakes", () => {
  it("describes a model by flags: --tags, --library, --pipeline", async () => {
    const r = await hubkit([
      "--model",
      "example/sd",
      "--library",
      "diffusers",
      "--pipeline",
      "text-to-image",
      "--tags",
      "safetensors",
    ]);
    expect(r.code).toBe(0);
    expect(r.stdout.match(/^== .*$/gm)).toEqual([
      "== Jellybox (jellybox)  https://jellybox.com",
      "== Draw Things (drawthings) [macOS only]  https://drawthings.ai",
      "== DiffusionBee (diffusionbee) [macOS only]  https://diffusionbee.com",
    ]);
    expect(r.stdout).toContain("open: https://diffusionbee.com/huggingface_import?model_id=example/sd");
  });

  it("exits 1 with one line when no app is offered", async () => {
    const r = await hubkit(["--model", "google/vit-base-patch16-224", "--pipeline", "image-classification"]);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe("");
    expect(r.stderr.trim().split("\n")).toHaveLength(1);
  });

  it.each([
    [[], "--model is required"],
    [["--model", "a/b", "--frobnicate"], "Unknown option '--frobnicate'"],
    [["--record", join(dir, "missing.json")], "cannot read --record"],
    [["--record", record("bad.json", "{not json")], "is not JSON"],
    [["--record", record("list.json", [1])], "must hold one JSON object"],
    [["--record", record("noid.json", { tags: ["gguf"] })], 'has no "id"'],
    [["--record", record("ok.json", ggufRecord), "--tags", "gguf"], "--tags does not go with --record"],
    [["--model", "a/b", "--gguf", "--file", ""], "--file is empty"],
  ])("user mistake %j: exit 2, a clear message, no stack trace", async (args, message) => {
    const r = await hubkit(args as string[]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toContain(message);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });
});
