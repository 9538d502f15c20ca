/**
 * The recorder the adversarial shell tests read: the words each command of a script gets, whether the command is
 * one of the names recorded in the shell itself or reaches bash's command_not_found_handle.
 */
import { describe, expect, it } from "vitest";
import { commandWords } from "./command-words.js";

describe("commandWords", () => {
  it("gives each command's words as bash reads them, pipelines and command substitutions included", () => {
    const scripts = [
      "pip install 'a b'\nFOO=1 prog x \"y z\"",
      "echo hi | tail -n 1",
      "exit 3",
      "x=$(sh build.sh /p | tail -n 1)\ncd dir",
      "pip install 'a b'\nFOO=1 prog x \"y z\"",
    ];
    const first = [
      ["pip", "install", "a b"],
      ["prog", "x", "y z"],
    ];
    expect(commandWords(scripts)).toEqual([
      first,
      [["tail", "-n", "1"]],
      [],
      [
        ["cd", "dir"],
        ["sh", "build.sh", "/p"],
        ["tail", "-n", "1"],
      ],
      first,
    ]);
  });

  it("a quoted word holding quotes, a newline, $ and a backslash comes back as one word, as written", () => {
    const odd = `it's "quoted"\nand $HOME \\ spaced`;
    const quoted = `'${odd.replaceAll("'", `'\\''`)}'`;
    expect(commandWords([`hf download ${quoted} --local-dir .`])).toEqual([
      [["hf", "download", odd, "--local-dir", "."]],
    ]);
  });
});
