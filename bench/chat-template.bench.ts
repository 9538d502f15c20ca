/** Chat-template engine: mean parse time and mean render time (typical four-turn chat) over the real templates. */
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Template, TemplateError } from "../src/chat-template/index.js";
import { FOUR_TURNS, SPECIAL_TOKENS } from "../test/chat-template/conversations.js";
import { timePerCall, type BenchRow } from "./harness.js";

const PARSE_TARGET_US = 400;
const RENDER_TARGET_US = 120;
/** Each template is timed in a few short rounds and its best round counts, so that other load on the machine
 * (which only ever adds time) does not decide the result. */
const ROUNDS = 3;

function bestTimePerCall(fn: () => unknown): number {
  let best = Infinity;
  for (let round = 0; round < ROUNDS; round++)
    best = Math.min(best, timePerCall(fn, { minMs: 40, warmup: 20 }));
  return best;
}

export default async function chatTemplateBench(): Promise<BenchRow[]> {
  const dir = fileURLToPath(new URL("../test/fixtures/chat-templates/", import.meta.url));
  const sources = readdirSync(dir)
    .filter((file) => file.endsWith(".jinja"))
    .map((file) => readFileSync(dir + file, "utf8"));
  const context = {
    ...SPECIAL_TOKENS,
    messages: FOUR_TURNS,
    add_generation_prompt: true,
    tools: null,
    documents: null,
  };

  const parseTimes = sources.map((source) =>
    timePerCall(() => new Template(source), { minMs: 100, warmup: 50 }),
  );
  const renderTimes: number[] = [];
  for (const source of sources) {
    const template = new Template(source);
    try {
      template.render(context);
    } catch (error) {
      if (error instanceof TemplateError) continue; // templates that reject this chat (e.g. need a "functions" turn)
      throw error;
    }
    renderTimes.push(bestTimePerCall(() => template.render(context)));
  }
  const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
  const meanParse = mean(parseTimes);
  const meanRender = mean(renderTimes);
  return [
    {
      name: `mean parse time per template (${sources.length} templates)`,
      value: meanParse,
      unit: "µs",
      target: `< ${PARSE_TARGET_US} µs`,
      ok: meanParse < PARSE_TARGET_US,
    },
    {
      name: `mean render time, four-turn chat (${renderTimes.length} templates)`,
      value: meanRender,
      unit: "µs",
      target: `< ${RENDER_TARGET_US} µs`,
      ok: meanRender < RENDER_TARGET_US,
    },
  ];
}
