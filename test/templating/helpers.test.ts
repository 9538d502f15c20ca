import { describe, expect, it } from "vitest";
import { execFileSync } from "node:child_process";
import {
  Hole,
  ident,
  js,
  json,
  jsCode,
  py,
  pycomment,
  pyCode,
  RenderMemo,
  sh,
  shWord,
} from "../../src/templating/helpers.js";
import { ADVERSARIAL_STRINGS } from "../support/adversarial.js";
import { bashWords, evalPython, PYTHON, pythonSyntaxErrors } from "../support/interpreters.js";

describe("literal helpers round-trip every string exactly: py, and how py and js lay out values", () => {
  it("py: python3 evaluates each literal back to the same string", () => {
    expect(evalPython(ADVERSARIAL_STRINGS.map((s) => py(s)))).toEqual(ADVERSARIAL_STRINGS);
  });

  it("py: nested data with True/False/None, numbers, lists and dicts", () => {
    const value = {
      text: ADVERSARIAL_STRINGS,
      flag: true,
      off: false,
      none: null,
      n: 3,
      f: 0.5,
      list: [1, [2, {}]],
    };
    expect(evalPython([py(value), py(value, { indent: 4 })])).toEqual([value, value]);
    expect(py({ a: true, b: null })).toBe('{"a": True, "b": None}');
    // A short list of scalars stays on one line; longer or nested values take one item per line.
    expect(py({ a: [1, 2] }, { indent: 4 })).toBe('{\n    "a": [1, 2],\n}');
    expect(py({ a: [[1], 2] }, { indent: 4 })).toBe('{\n    "a": [\n        [1],\n        2,\n    ],\n}');
  });

  it("py/js indent=N: a list of scalars stays on one line exactly when its JSON has at most 72 characters", () => {
    const pad = (n: number) => "x".repeat(n);
    // Each base list is grown one character at a time around the limit: strings with escapes, numbers whose
    // JSON differs from their digits (NaN and Infinity are null, -0 is 0, 1e21), booleans, null, a hole.
    const bases: unknown[][] = [
      [],
      ['quote " and back\\slash', "tab\t", "é", "\u2028"],
      [Number.NaN, Number.POSITIVE_INFINITY, -0, 1e21, 0.1, -12],
      [true, false, null],
      // eslint-disable-next-line no-sparse-arrays
      [1, , 2],
    ];
    let checked = 0;
    for (const base of bases) {
      for (let n = 0; n < 80; n++) {
        const list = [...base, pad(n)];
        if (base.length === 3 && !(1 in base)) delete list[1]; // keep the hole the spread filled
        const oneLine = JSON.stringify(list).length <= 72;
        expect(py(list, { indent: 4 }).includes("\n"), JSON.stringify(list)).toBe(!oneLine);
        expect(js(list, { indent: 4 }).includes("\n"), JSON.stringify(list)).toBe(!oneLine);
        expect(pyCode(list, { indent: 4 }).includes("\n"), JSON.stringify(list)).toBe(!oneLine);
        checked += oneLine ? 1 : 0;
      }
    }
    expect(checked).toBeGreaterThan(100); // both layouts were seen for every base
    expect(py([pad(60), { a: 1 }], { indent: 4 })).toContain("\n"); // an object in the list: never on one line
  });

  it("py and pyCode, js and jsCode lay out a value without holes the same way", () => {
    const values = [
      {
        model: "org/name",
        messages: [{ role: "user", content: "Hi" }],
        stop: ["a", "b"],
        n: 1,
        ok: true,
        none: null,
      },
      [["x", 1], { "not an identifier": [], __proto__: 2 } as Record<string, unknown>],
      ["a long list of strings", "that does not fit on one line", "when written as JSON, so it breaks"],
      [],
      {},
      "text",
      Number.NaN,
    ];
    for (const value of values) {
      for (const hash of [{}, { indent: 4 }, { indent: 2, level: 1 }]) {
        expect(pyCode(value, hash), JSON.stringify([value, hash])).toBe(py(value, hash));
        expect(jsCode(value, hash), JSON.stringify([value, hash])).toBe(js(value, hash));
      }
    }
    expect(py({ a: [1, 2], b: { c: "d" } }, { indent: 4 })).toBe(
      '{\n    "a": [1, 2],\n    "b": {\n        "c": "d",\n    },\n}',
    );
    expect(js({ a: [1, 2], "b-c": { d: "e" } })).toBe('{ a: [1, 2], "b-c": { d: "e" } }');
  });
});

describe("literal helpers round-trip every string exactly: js, json, sh, pycomment, ident", () => {
  it("js: V8 evaluates each literal back to the same string", () => {
    for (const s of ADVERSARIAL_STRINGS) expect(new Function(`return ${js(s)};`)()).toBe(s);
  });

  it("json: parses back to the same value", () => {
    for (const s of ADVERSARIAL_STRINGS) expect(JSON.parse(json({ s }, { indent: 4 }))).toEqual({ s });
  });

  it("sh: bash reads each single-quoted word back as the same string", () => {
    const printable = ADVERSARIAL_STRINGS.filter((s) => s !== ""); // printf drops nothing, but keep words non-empty
    expect(bashWords(printable.map((s) => sh(s)).join(" "))).toEqual(printable);
    expect(sh("it's")).toBe(`'it'\\''s'`);
  });

  it("pycomment: text on a # comment line never ends the line and reads back as a str body", () => {
    const lines = ADVERSARIAL_STRINGS.map((s) => `# see ${pycomment(s)}`);
    for (const line of lines) expect(line).not.toMatch(/[\n\r\u2028\u2029\x00-\x1f\x7f]/);
    expect(pythonSyntaxErrors([lines.join("\nx = 1\n") + "\n"])).toEqual([null]);
    expect(evalPython(ADVERSARIAL_STRINGS.map((s) => `"${pycomment(s)}"`))).toEqual(ADVERSARIAL_STRINGS);
    expect(pycomment("https://huggingface.co/org/name")).toBe("https://huggingface.co/org/name");
  });

  it("ident: accepts identifiers and refuses anything else", () => {
    expect(ident("AutoModelForCausalLM")).toBe("AutoModelForCausalLM");
    for (const bad of ["a b", "x;import os", "", "1abc", undefined, "a.b"])
      expect(() => ident(bad)).toThrow(/expected an identifier/);
  });
});

// ------------------------------------------------------------------------------------------------------
// Inference-snippet helpers: literals with holes read at run time (pyCode, jsCode, shWord).
/** Values with an env hole and a file hole around every adversarial string, and the data each must read back as. */
function holeCases() {
  const env = "HUBKIT_TEST_SECRET";
  const secret = "s3cr'et\"$x`{y}";
  const values = ADVERSARIAL_STRINGS.map((s) => ({
    text: s,
    auth: new Hole("env", env, `Bearer ${s}`, s),
    data: new Hole("file", "encoded", `data:${s};base64,`),
    list: [s, 1, true, null],
    __proto__x: s,
  }));
  const expected = (encoded: string) =>
    ADVERSARIAL_STRINGS.map((s) => ({
      text: s,
      auth: `Bearer ${s}${secret}${s}`,
      data: `data:${s};base64,${encoded}`,
      list: [s, 1, true, null],
      __proto__x: s,
    }));
  return { env, secret, values, expected };
}

describe("pyCode / jsCode / shWord: literals with run-time holes round-trip in python and V8", () => {
  const { env, secret, values, expected } = holeCases();

  it("pyCode: python3 evaluates each value (os.environ, encoded) back to the same data", () => {
    const program = `import json, os, sys\nos.environ[${py(env)}] = ${py(secret)}\nencoded = "QUJD"\nsys.stdout.write(json.dumps([${values.map((v) => pyCode(v, { indent: 4 })).join(",\n")}]))\n`;
    expect(JSON.parse(execFileSync(PYTHON, ["-c", program], { encoding: "utf8" }))).toEqual(expected("QUJD"));
  });

  it("jsCode: V8 evaluates each value (process.env, encoded) back to the same data", () => {
    const run = new Function(
      "process",
      "encoded",
      `return [${values.map((v) => jsCode(v, { indent: 4 })).join(",\n")}];`,
    );
    expect(run({ env: { [env]: secret } }, "QUJD")).toEqual(expected("QUJD"));
    expect(jsCode({ __proto__: 1 } as unknown as object)).toBe("{}");
    expect(Object.keys(new Function(`return ${jsCode(JSON.parse('{"__proto__": 1}'))};`)())).toEqual([
      "__proto__",
    ]);
  });
});

describe("pyCode / jsCode / shWord: literals with run-time holes round-trip in bash; the names of holes", () => {
  const { env, secret, values, expected } = holeCases();

  it("shWord: bash reads each word (JSON with holes, $VAR, $ENCODED) back as the same text", () => {
    const json = values.map(({ auth: _, ...v }) => shWord(v, { indent: 4 }));
    const auth = values.map((v) => shWord(v.auth));
    const out = execFileSync(
      "/bin/bash",
      ["--norc", "-c", `ENCODED=QUJD; ${env}=${sh(secret)}; printf '%s\\0' ${[...json, ...auth].join(" ")}`],
      {
        encoding: "utf8",
        env: { PATH: "" },
      },
    );
    const words = out.split("\0").slice(0, -1);
    expect(words.slice(0, values.length).map((w) => JSON.parse(w))).toEqual(
      expected("QUJD").map(({ auth: _, ...v }) => v),
    );
    expect(words.slice(values.length)).toEqual(expected("QUJD").map((v) => v.auth));
    expect(() => shWord({ a: new Hole("env", "HF_TOKEN") })).toThrow(/cannot be placed inside JSON/);
  });

  it("shWord: adversarial keys and values of JSON come back exactly, with and without a file hole", () => {
    const objects = ADVERSARIAL_STRINGS.map((s) => ({
      [s]: [s, { [`'${s}'`]: s }],
      image: new Hole("file", "encoded", `'${s}`, `${s}'`),
    }));
    const out = execFileSync(
      "/bin/bash",
      [
        "--norc",
        "-c",
        `ENCODED=QUJD; printf '%s\\0' ${objects.map((o) => `${shWord(o, { indent: 2 })} ${shWord(o)}`).join(" ")}`,
      ],
      {
        encoding: "utf8",
        env: { PATH: "" },
      },
    );
    const expected = ADVERSARIAL_STRINGS.map((s) => ({
      [s]: [s, { [`'${s}'`]: s }],
      image: `'${s}QUJD${s}'`,
    }));
    expect(
      out
        .split("\0")
        .slice(0, -1)
        .map((w) => JSON.parse(w)),
    ).toEqual(expected.flatMap((e) => [e, e]));
    expect(shWord(new Hole("env", "HF_TOKEN", "Authorization: Bearer "))).toBe(
      '"Authorization: Bearer $HF_TOKEN"',
    );
    expect(shWord("POST")).toBe("POST");
    expect(shWord("a b")).toBe("'a b'");
  });

  it("holes only read environment variables with plain names", () => {
    expect(() => new Hole("env", "X; rm -rf /")).toThrow(/not an environment variable name/);
  });
});

describe("RenderMemo", () => {
  it("gives back what the writer writes, whatever the language, indent and level asked for next", () => {
    const memo = new RenderMemo();
    const messages = [{ role: "user", content: [{ type: "text", text: "hi" }] }];
    const body = { messages, model: "m", stream: true };
    const layouts = [
      { indent: 4, level: 1 },
      { indent: 2, level: 1 },
      { indent: 4, level: 0 },
      { indent: 0, level: 1 },
      { indent: 4, level: 1 },
    ];
    for (const hash of layouts) {
      expect(pyCode(messages, hash, memo)).toBe(pyCode(messages, hash));
      expect(jsCode(messages, hash, memo)).toBe(jsCode(messages, hash));
      expect(pyCode(body, hash, memo)).toBe(pyCode(body, hash));
      expect(jsCode(body, hash, memo)).toBe(jsCode(body, hash));
    }
    expect(memo.py.get(messages)?.text).toBe(pyCode(messages, { indent: 4, level: 1 }));
  });
});
