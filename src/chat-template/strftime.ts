/** C `strftime` for `strftime_now(format)`, in local time, with glibc's `%-d` style no-padding flag. */
import { TemplateRuntimeError } from "./errors.js";

const DAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

function dayOfYear(date: Date): number {
  const start = new Date(date.getFullYear(), 0, 1);
  return (
    Math.round(
      (new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime() - start.getTime()) /
        86_400_000,
    ) + 1
  );
}

export function strftime(date: Date, format: string): string {
  const hour12 = date.getHours() % 12 || 12;
  const fields: Record<string, [value: string | number, width: number]> = {
    Y: [date.getFullYear(), 0],
    y: [date.getFullYear() % 100, 2],
    m: [date.getMonth() + 1, 2],
    d: [date.getDate(), 2],
    e: [String(date.getDate()).padStart(2, " "), 0],
    H: [date.getHours(), 2],
    I: [hour12, 2],
    M: [date.getMinutes(), 2],
    S: [date.getSeconds(), 2],
    j: [dayOfYear(date), 3],
    f: [date.getMilliseconds() * 1000, 6],
    p: [date.getHours() < 12 ? "AM" : "PM", 0],
    a: [DAYS[date.getDay()].slice(0, 3), 0],
    A: [DAYS[date.getDay()], 0],
    b: [MONTHS[date.getMonth()].slice(0, 3), 0],
    h: [MONTHS[date.getMonth()].slice(0, 3), 0],
    B: [MONTHS[date.getMonth()], 0],
    w: [date.getDay(), 0],
    "%": ["%", 0],
  };
  return format.replace(/%(-?)(.)/gs, (whole, noPad: string, code: string) => {
    if (code === "F") return strftime(date, noPad ? "%Y-%-m-%-d" : "%Y-%m-%d");
    if (code === "T") return strftime(date, "%H:%M:%S");
    const field = fields[code];
    if (!field) throw new TemplateRuntimeError(`strftime_now: unsupported format code '${whole}'`);
    const [value, width] = field;
    return noPad || typeof value === "string" ? String(value) : String(value).padStart(width, "0");
  });
}
