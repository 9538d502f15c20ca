/**
 * `npm run fixtures:jinja2`: renders every differential case with Python's jinja2 and writes the outputs to
 * test/fixtures/jinja2/<suite>.json, which the tests compare hubkit with where jinja2 is not installed.
 * Needs an interpreter with jinja2 MIN_JINJA2 or newer ($HUBKIT_PYTHON, python3 or /usr/bin/python3).
 */
import { spawnSync } from "node:child_process";
import { CORPUS_SUITE } from "./corpus.js";
import { findLiveJinja2, MIN_JINJA2, noLiveJinja2Reason, renderWithJinja2 } from "./jinja2.js";
import { writeRecorded } from "./jinja2-fixtures.js";
import { REAL_TEMPLATES_SUITE } from "./real-template-cases.js";
import { WHITESPACE_SUITE } from "./whitespace-cases.js";

const search = findLiveJinja2();
const live = search.live;
if (!live) {
  console.error(
    `fixtures:jinja2: needs Python with jinja2 ${MIN_JINJA2} or newer, but ${noLiveJinja2Reason(search)}. ` +
      "Install it (pip install jinja2, or your system's python3-jinja2 where it is recent enough) or set " +
      "HUBKIT_PYTHON to an interpreter that has it.",
  );
  process.exit(1);
}
const pythonVersion = spawnSync(live.python, ["--version"], { encoding: "utf8" }).stdout.trim();
const recordedWith = `jinja2 ${live.version}, ${pythonVersion}`;
for (const suite of [CORPUS_SUITE, REAL_TEMPLATES_SUITE, WHITESPACE_SUITE]) {
  const results = renderWithJinja2(
    live.python,
    suite.cases.map((c) => c.reference),
  );
  const file = writeRecorded(suite, results, recordedWith);
  console.log(`${file}: ${suite.cases.length} cases (${recordedWith})`);
}
