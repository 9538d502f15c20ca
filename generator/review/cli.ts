/**
 * `hubkit diff [--base <git-ref>] [--format text|markdown|json] [--out FILE]` inside a checkout: every snippet
 * the working tree's changes alter, against a base revision (default: the merge base with main).
 */
import { writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { diffWorkingTree, ReviewError } from "./diff.js";
import { formatReport, REPORT_FORMATS, type ReportFormat } from "./format.js";

const USAGE = "hubkit diff [--base <git-ref>] [--format text|markdown|json] [--out FILE]";

const HELP = `usage: ${USAGE}

Renders every snippet a model page shows (inference snippets for every provider, routed, direct and streaming;
library snippets; local apps) for every sample record, in the working tree and in the base revision, and reports
what was added, removed and changed, grouped by the changed file that caused it, with a unified diff of each.
  --base REF     the revision to compare with (default: the merge base of HEAD and main); its build is cached
  --format F     text (default), markdown (for a pull-request comment) or json (the viewer's Changes view)
  --out FILE     write the report there instead of stdout`;

export async function runDiff(argv: string[], root: string): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        base: { type: "string" },
        format: { type: "string", default: "text" },
        out: { type: "string" },
        help: { type: "boolean", short: "h" },
      },
    }));
  } catch (error) {
    console.error(`hubkit diff: ${(error as Error).message}\nusage: ${USAGE}`);
    return 2;
  }
  if (values.help) {
    console.log(HELP);
    return 0;
  }
  const format = values.format as ReportFormat;
  if (!REPORT_FORMATS.includes(format)) {
    console.error(
      `hubkit diff: --format must be one of ${REPORT_FORMATS.join(", ")}, got "${values.format}"`,
    );
    return 2;
  }
  try {
    const progress = (line: string) => console.error(`hubkit diff: ${line}`);
    const report = await diffWorkingTree({ root, base: values.base, progress });
    const output = formatReport(report, format);
    if (values.out) writeFileSync(values.out, output);
    else process.stdout.write(output);
    return 0;
  } catch (error) {
    if (!(error instanceof ReviewError)) throw error;
    console.error(`hubkit diff: ${error.message}`);
    return 1;
  }
}
