/**
 * hubkit snippets: one call, a batch of JSON lines, and user mistakes (one clear message, exit 2, no stack trace).
 * The cases run the command's main() in this process (test/cli/run-here.ts); a batch into a reader that stops early
 * runs `tsx src/cli/index.ts` as a user does, as only a real process has a stdout that can close.
 */
import { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";
import { getInferenceSnippets } from "../../src/snippets/index.js";
import { hubkitHere } from "../cli/run-here.js";

const cli = async (args: string[], stdin = "") => {
  const r = await hubkitHere(["snippets", ...args], { stdin });
  return { code: r.code, out: r.stdout, err: r.stderr };
};

describe("hubkit snippets: one call", () => {
  it("prints one snippet exactly when a language and a client are named", async () => {
    const r = await cli([
      "--model",
      "acme/m",
      "--task",
      "text-classification",
      "--lang",
      "python",
      "--client",
      "requests",
    ]);
    expect(r.code).toBe(0);
    const expected = getInferenceSnippets(
      { id: "acme/m", pipeline_tag: "text-classification", tags: [] },
      "hf-inference",
    ).find((s) => s.client === "requests")!;
    expect(r.out).toBe(expected.content);
  });

  it("--json gives the snippet results; --tags, --provider, --provider-id and --stream reach the selection", async () => {
    const r = await cli([
      "--model",
      "acme/m",
      "--task",
      "text-generation",
      "--tags",
      "conversational",
      "--provider",
      "together",
      "--provider-id",
      "t/m",
      "--stream",
      "--json",
    ]);
    expect(r.code).toBe(0);
    const snippets = JSON.parse(r.out) as { language: string; client: string; content: string }[];
    expect(snippets.map((s) => s.client)).toContain("openai");
    expect(snippets.find((s) => s.client === "curl")!.content).toContain('"model": "t/m"');
    expect(snippets.find((s) => s.client === "curl")!.content).toContain('"stream": true');
  });
});

describe("hubkit snippets: a batch, and user mistakes", () => {
  it("batch: model records as JSON lines in, one result line out per line, exit 1 when a line failed", async () => {
    const input = [
      '{"id":"acme/m","pipeline_tag":"fill-mask"}',
      "not json",
      '{"model":{"id":"a b","pipeline_tag":"fill-mask"}}',
      "",
    ].join("\n");
    const r = await cli(["--batch", "--lang", "sh"], input);
    expect(r.code).toBe(1);
    const lines = r.out
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(lines).toHaveLength(3);
    expect(lines[0].snippets[0].client).toBe("curl");
    expect(lines[1].error).toMatch(/^not JSON/);
    expect(lines[2].error).toMatch(/Invalid model id/);
  });

  it("batch into a reader that stops early (`| head`): ends quietly, exit 0, no EPIPE stack trace", async () => {
    const child = spawn(process.execPath, ["--import", "tsx", "src/cli/index.ts", "snippets", "--batch"]);
    let stderr = "";
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    // Close our end of the pipe after the first chunk, as `head -c` would, while the CLI still has lines to write.
    child.stdout.once("data", () => child.stdout.destroy());
    const line = JSON.stringify({ id: "acme/m", pipeline_tag: "text-classification", tags: [] });
    child.stdin.end(`${line}\n`.repeat(2000));
    const code = await new Promise<number | null>((done) => child.on("close", done));
    expect(stderr).toBe("");
    expect(code).toBe(0);
  });

  it("user mistakes: a clear message, exit 2, never a stack trace", async () => {
    for (const args of [
      ["--task", "fill-mask"],
      ["--model", "a b", "--task", "fill-mask"],
      ["--model", "a/b", "--task", "fill-mask", "--lang", "ruby"],
      ["--model", "a/b", "--task", "fill-mask", "--lang", "python", "--client", "openai"],
      ["--model", "a/b", "--task", "fill-mask", "--bogus"],
      ["--batch", "--model", "a/b"],
      ["--model", "a/b", "--task", "fill-mask", "--provider", "fal"],
      ["--model", "a/b", "--task", "fill-mas"],
    ]) {
      const r = await cli(args);
      expect(r.code, args.join(" ")).toBe(2);
      expect(r.err, args.join(" ")).toMatch(/^hubkit snippets: /);
      expect(r.err, args.join(" ")).not.toMatch(/\n\s+at /);
    }
    expect(
      (await cli(["--model", "a/b", "--task", "fill-mask", "--lang", "python", "--client", "openai"])).err,
    ).toContain("Template not found: python/openai/basic");
    expect((await cli(["--model", "a/b", "--task", "text-to-image", "--provider", "fal"])).err).toMatch(
      /^hubkit snippets: Unknown provider "fal" \(did you mean "fal-ai"\?\); known: auto, /,
    );
  });
});
