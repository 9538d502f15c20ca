/** Python string formatting: `str.format()` and the `%` operator, for the common format specifications. */
import { TemplateRuntimeError } from "./errors.js";
import { formatFloat, formatNumber, pyRepr, pyStr } from "./python-format.js";
import {
  isFloat,
  isInteger,
  isMapping,
  isTuple,
  isNumber,
  mappingGet,
  PyFloat,
  toNumber,
  typeName,
} from "./values.js";

const SPEC = /^(?:(.)?([<>^=]))?([-+ ])?(0)?(\d+)?(,)?(?:\.(\d+))?([sdfeEgGxXob%])?$/s;

/** Applies a format spec such as ">10", ".2f", "05d" to one value. */
function applySpec(value: unknown, spec: string): string {
  if (!spec) return pyStr(value);
  const match = SPEC.exec(spec);
  if (!match) throw new TemplateRuntimeError(`invalid format specifier '${spec}'`);
  const [, fillChar, alignChar, sign, zero, widthText, comma, precisionText, type] = match;
  const precision = precisionText === undefined ? undefined : Number(precisionText);
  let body: string;
  const numeric = isNumber(value) && typeof value !== "string";
  if (!type || type === "s") {
    if (type === "s" && typeof value !== "string")
      throw new TemplateRuntimeError(`Unknown format code 's' for object of type '${typeName(value)}'`);
    body = numeric && !type ? formatNumberSpec(value, undefined, precision) : pyStr(value);
    if (typeof value === "string" && precision !== undefined) body = body.slice(0, precision);
  } else {
    if (!numeric)
      throw new TemplateRuntimeError(`Unknown format code '${type}' for object of type '${typeName(value)}'`);
    body = formatNumberSpec(value, type, precision);
  }
  if (comma)
    body = body.replace(
      /^(-?)(\d+)/,
      (_, minus: string, digits: string) => minus + digits.replace(/\B(?=(\d{3})+$)/g, ","),
    );
  if (numeric && sign && sign !== "-" && !body.startsWith("-")) body = sign + body;
  const width = widthText === undefined ? 0 : Number(widthText);
  const fill = fillChar ?? (zero ? "0" : " ");
  const align = alignChar ?? (zero && numeric ? "=" : numeric ? ">" : "<");
  const padding = Math.max(0, width - [...body].length);
  if (align === "<") return body + fill.repeat(padding);
  if (align === ">") return fill.repeat(padding) + body;
  if (align === "^") return fill.repeat(padding >> 1) + body + fill.repeat(padding - (padding >> 1));
  const signLength = /^[-+ ]/.test(body) ? 1 : 0;
  return body.slice(0, signLength) + fill.repeat(padding) + body.slice(signLength);
}

/**
 * Python's fixed-point formatting: the exact binary value rounded to `digits` places, ties to even. JS's toFixed
 * rounds ties away from zero ('%.1f' % 1.25 is '1.2' in Python, (1.25).toFixed(1) is '1.3').
 */
function toFixedHalfEven(value: number, digits: number): string {
  const rounded = value.toFixed(digits);
  if (!Number.isFinite(value) || Math.abs(value) >= 1e21 || digits > 70) return rounded;
  const exact = Math.abs(value).toFixed(digits + 30);
  const point = exact.indexOf(".");
  if (!/^50*$/.test(exact.slice(point + 1 + digits))) return rounded;
  const truncated = exact.slice(0, digits ? point + 1 + digits : point);
  if (Number(truncated[truncated.length - 1]) % 2 !== 0) return rounded;
  return (value < 0 ? "-" : "") + truncated;
}

function formatNumberSpec(value: unknown, type: string | undefined, precision: number | undefined): string {
  const number = toNumber(value);
  switch (type) {
    case undefined:
      if (precision === undefined)
        return typeof value === "boolean" ? pyStr(value) : formatNumber(value as number | PyFloat);
      return formatFloat(Number(number.toPrecision(precision)));
    case "d":
      if (isFloat(value))
        throw new TemplateRuntimeError("Unknown format code 'd' for object of type 'float'");
      return String(number);
    case "f":
      return toFixedHalfEven(number, precision ?? 6);
    case "%":
      return toFixedHalfEven(number * 100, precision ?? 6) + "%";
    case "e":
    case "E": {
      const text = number.toExponential(precision ?? 6).replace(/e([+-])(\d)$/, "e$10$2");
      return type === "E" ? text.toUpperCase() : text;
    }
    case "x":
    case "X":
    case "o":
    case "b": {
      if (!isInteger(value))
        throw new TemplateRuntimeError(`Unknown format code '${type}' for object of type 'float'`);
      const text = number.toString(type === "o" ? 8 : type === "b" ? 2 : 16);
      return type === "X" ? text.toUpperCase() : text;
    }
    default:
      return formatFloat(Number(number.toPrecision(precision || 6)));
  }
}

function resolveField(
  field: string,
  positional: unknown[],
  keyword: Map<string, unknown>,
  auto: { next: number },
): unknown {
  const match = /^([^.[]*)(.*)$/s.exec(field)!;
  const [, head, path] = match;
  let value: unknown;
  if (head === "") value = positional[auto.next++];
  else if (/^\d+$/.test(head)) value = positional[Number(head)];
  else if (keyword.has(head)) value = keyword.get(head);
  else throw new TemplateRuntimeError(`KeyError: '${head}'`);
  if (head === "" || /^\d+$/.test(head)) {
    const index = head === "" ? auto.next - 1 : Number(head);
    if (index >= positional.length)
      throw new TemplateRuntimeError(`Replacement index ${index} out of range for positional args tuple`);
  }
  for (const [, attribute, key] of path.matchAll(/\.([^.[]+)|\[([^\]]+)\]/g)) {
    const name = attribute ?? key;
    value =
      Array.isArray(value) && /^\d+$/.test(name)
        ? value[Number(name)]
        : isMapping(value)
          ? mappingGet(value, name)
          : undefined;
  }
  return value;
}

/** Python `str.format(*args, **kwargs)`. */
export function formatString(template: string, positional: unknown[], keyword: Map<string, unknown>): string {
  const auto = { next: 0 };
  return template.replace(/\{\{|\}\}|\{([^{}]*)\}|[{}]/g, (whole, field: string | undefined) => {
    if (whole === "{{") return "{";
    if (whole === "}}") return "}";
    if (field === undefined) throw new TemplateRuntimeError(`Single '${whole}' encountered in format string`);
    const match = /^([^!:]*)(?:!([rsa]))?(?::(.*))?$/s.exec(field);
    if (!match) throw new TemplateRuntimeError(`invalid format field '{${field}}'`);
    const [, name, conversion, spec = ""] = match;
    let value = resolveField(name, positional, keyword, auto);
    if (conversion === "r" || conversion === "a") value = pyRepr(value);
    else if (conversion === "s") value = pyStr(value);
    return applySpec(value, spec);
  });
}

/** Python `template % args` for %s, %r, %c, %d, %i, %f, %e, %x, %o, %% with flags, width and precision. */
export function percentFormat(template: string, args: unknown): string {
  const list = isTuple(args) ? args : [args];
  let next = 0;
  const result = template.replace(
    /%([-+ 0#]*)(\d+)?(?:\.(\d+))?([sridfeExXoc%])/g,
    (_, flags: string, width: string | undefined, precision: string | undefined, type: string) => {
      if (type === "%") return "%";
      if (next >= list.length) throw new TemplateRuntimeError("not enough arguments for format string");
      const value = list[next++];
      const zero = flags.includes("0") && !flags.includes("-") ? "0" : "";
      const align = flags.includes("-") ? "<" : zero ? "=" : ">";
      const sign = flags.includes("+") ? "+" : flags.includes(" ") ? " " : "";
      const precisionPart = precision === undefined ? "" : `.${precision}`;
      if (type === "s") return applySpec(pyStr(value), `${align}${width ?? ""}${precisionPart}`);
      if (type === "r") return applySpec(pyRepr(value), `${align}${width ?? ""}${precisionPart}`);
      if (type === "c") {
        const char = typeof value === "string" ? value : String.fromCodePoint(toNumber(value));
        return applySpec(char, `${flags.includes("-") ? "<" : ">"}${width ?? ""}`);
      }
      if (!isNumber(value))
        throw new TemplateRuntimeError(`%${type} format: a real number is required, not ${typeName(value)}`);
      const number = type === "d" || type === "i" ? Math.trunc(toNumber(value)) : value;
      const code = type === "i" ? "d" : type;
      return applySpec(
        number,
        `${align}${sign}${zero}${width ?? ""}${code === "d" ? "" : precisionPart}${code}`,
      );
    },
  );
  // As in Python, a list or dict given alone counts as a mapping argument, which need not be used.
  const mappingArgument = !isTuple(args) && (Array.isArray(args) || isMapping(args));
  if (next < list.length && !(next === 0 && mappingArgument)) {
    throw new TemplateRuntimeError("not all arguments converted during string formatting");
  }
  return result;
}
