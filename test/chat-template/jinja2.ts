/**
 * Python's jinja2 as a live reference: runs test cases through test/chat-template/jinja2_render.py in one batch.
 * The interpreter is $HUBKIT_PYTHON, else the first of python3 and /usr/bin/python3 whose jinja2 is MIN_JINJA2 or
 * newer. Where there is none, the differential tests compare with the recorded outputs only (jinja2-fixtures.ts).
 */
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

export interface ReferenceCase {
  template: string;
  context: Record<string, unknown>;
}

export type ReferenceResult = { output: string } | { error: string };

export interface LiveJinja2 {
  python: string;
  /** jinja2.__version__, e.g. "3.1.6". */
  version: string;
}

/** Time allowed for one batch through Python (hundreds of templates; generous for loaded CI machines). */
export const JINJA2_TIMEOUT_MS = 120_000;

/** The fixed clock both engines use for strftime_now: 2024-07-26 10:30:05 local time. */
export const FIXED_NOW = "2024-07-26T10:30:05";
export const fixedNow = () => new Date(2024, 6, 26, 10, 30, 5);

const script = fileURLToPath(new URL("./jinja2_render.py", import.meta.url));

function jinja2Version(python: string): string | undefined {
  const probe = spawnSync(python, ["-c", "import jinja2; print(jinja2.__version__)"], { encoding: "utf8" });
  return probe.status === 0 ? probe.stdout.trim() : undefined;
}

/**
 * The oldest jinja2 that hubkit's outputs are compared with: fixtures are recorded with it or newer, and only such a
 * jinja2 is run live. Older releases differ on purpose-built cases (3.1.2, Debian 12's, still lets the sandbox call
 * list.pop() and list.clear()).
 */
export const MIN_JINJA2 = "3.1.6";

/** a < b for dotted release numbers ("3.1.2" < "3.1.10"). */
export function olderThan(a: string, b: string): boolean {
  const x = a.split(".").map((part) => parseInt(part, 10) || 0);
  const y = b.split(".").map((part) => parseInt(part, 10) || 0);
  for (let i = 0; i < Math.max(x.length, y.length); i++)
    if ((x[i] ?? 0) !== (y[i] ?? 0)) return (x[i] ?? 0) < (y[i] ?? 0);
  return false;
}

/** The interpreters tried, in order. */
export function pythonCandidates(): string[] {
  return process.env.HUBKIT_PYTHON ? [process.env.HUBKIT_PYTHON] : ["python3", "/usr/bin/python3"];
}

export interface Jinja2Search {
  /** The first candidate whose jinja2 is MIN_JINJA2 or newer. */
  live?: LiveJinja2;
  /** Candidates passed over because their jinja2 is older. */
  tooOld: LiveJinja2[];
}

export function findLiveJinja2(): Jinja2Search {
  const tooOld: LiveJinja2[] = [];
  for (const python of pythonCandidates()) {
    const version = jinja2Version(python);
    if (!version) continue;
    if (!olderThan(version, MIN_JINJA2)) return { live: { python, version }, tooOld };
    tooOld.push({ python, version });
  }
  return { tooOld };
}

/** Why no live comparison runs, for test titles and the recording script. */
export function noLiveJinja2Reason({ tooOld }: Jinja2Search): string {
  const found = tooOld.map(({ python, version }) => `${python} has jinja2 ${version}`).join(", ");
  return found
    ? `${found}, older than ${MIN_JINJA2}`
    : `none of ${pythonCandidates().join(", ")} can import jinja2`;
}

export function renderWithJinja2(python: string, cases: ReferenceCase[]): ReferenceResult[] {
  const result = spawnSync(python, [script], {
    input: JSON.stringify({ now: FIXED_NOW, cases }),
    encoding: "utf8",
    maxBuffer: 256 * 1024 * 1024,
  });
  if (result.status !== 0) throw new Error(`jinja2_render.py failed: ${result.stderr}`);
  return JSON.parse(result.stdout) as ReferenceResult[];
}
