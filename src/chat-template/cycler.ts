/** jinja2's `cycler(*items)` and `joiner(sep=", ")` globals. */
import { TemplateRuntimeError } from "./errors.js";
import { bindArguments, BuiltinFunction } from "./runtime.js";
import { makeTuple, TemplateObject } from "./values.js";
import { pyStr } from "./python-format.js";

/** `c.next()` returns the current item and moves on; `c.current` is the item `next()` returns next; `c.reset()`. */
class Cycler extends TemplateObject {
  private position = 0;

  constructor(private readonly items: unknown[]) {
    super();
    if (!items.length) throw new TemplateRuntimeError("at least one item has to be provided");
  }

  attribute(name: string): unknown {
    switch (name) {
      case "current":
        return this.items[this.position];
      case "items":
        return makeTuple([...this.items]);
      case "next":
        return new BuiltinFunction("Cycler.next", () => {
          const item = this.items[this.position];
          this.position = (this.position + 1) % this.items.length;
          return item;
        });
      case "reset":
        return new BuiltinFunction("Cycler.reset", () => {
          this.position = 0;
          return null;
        });
      default:
        return undefined;
    }
  }
}

export function cycler(): BuiltinFunction {
  return new BuiltinFunction("cycler", (positional) => new Cycler(positional));
}

/** A callable that returns "" the first time and the separator afterwards. */
export function joiner(): BuiltinFunction {
  return new BuiltinFunction("joiner", (positional, keyword) => {
    const [separator] = bindArguments("joiner()", ["sep"], positional, keyword);
    const text = separator === undefined ? ", " : pyStr(separator);
    let used = false;
    return new BuiltinFunction("joiner", () => {
      if (!used) {
        used = true;
        return "";
      }
      return text;
    });
  });
}
