/**
 * Runs test cases through Python's jinja2 (test/chat-template/jinja2_render.py) in one batch. The interpreter is
 * $HUBKIT_PYTHON, else the first of python3 and /usr/bin/python3 that can import jinja2. If none can, this throws:
 * the differential tests fail loudly instead of skipping.
 */
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

export interface ReferenceCase {
  template: string;
  context: Record<string, unknown>;
}

export type ReferenceResult = { output: string } | { error: string };

/** Time allowed for one batch through Python (hundreds of templates; generous for loaded CI machines). */
export const JINJA2_TIMEOUT_MS = 120_000;

/** The fixed clock both engines use for strftime_now: 2024-07-26 10:30:05 local time. */
export const FIXED_NOW = "2024-07-26T10:30:05";
export const fixedNow = () => new Date(2024, 6, 26, 10, 30, 5);

const script = fileURLToPath(new URL("./jinja2_render.py", import.meta.url));

function canImportJinja2(python: string): boolean {
  return spawnSync(python, ["-c", "import jinja2"], { stdio: "ignore" }).status === 0;
}

export function findPython(): string {
  const candidates = process.env.HUBKIT_PYTHON
    ? [process.env.HUBKIT_PYTHON]
    : ["python3", "/usr/bin/python3"];
  const found = candidates.find(canImportJinja2);
  if (!found) {
    throw new Error(
      `differential tests need Python with jinja2, but none of ${candidates.join(", ")} can import it. ` +
        "Install it (apt-get install python3-jinja2, or pip install jinja2) or point HUBKIT_PYTHON at an interpreter that has it.",
    );
  }
  return found;
}

export function renderWithJinja2(cases: ReferenceCase[]): ReferenceResult[] {
  const result = spawnSync(findPython(), [script], {
    input: JSON.stringify({ now: FIXED_NOW, cases }),
    encoding: "utf8",
    maxBuffer: 256 * 1024 * 1024,
  });
  if (result.status !== 0) throw new Error(`jinja2_render.py failed: ${result.stderr}`);
  return JSON.parse(result.stdout) as ReferenceResult[];
}
