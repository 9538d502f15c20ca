import { parseArgs, type ParseArgsConfig } from "node:util";

/** A mistake in how a command was called: printed as one line, exit code 2, never a stack trace. */
export class UsageError extends Error {
  override name = "UsageError";
}

type Parsed<T extends ParseArgsConfig> = ReturnType<typeof parseArgs<T>>;

/** `util.parseArgs` with strict checking, whose errors become UsageError with the command's usage line. */
export function parseCommandArgs<T extends ParseArgsConfig>(
  argv: string[],
  config: T,
  usage: string,
): Parsed<T> {
  try {
    return parseArgs({
      ...config,
      args: argv,
      strict: true,
      allowPositionals: config.allowPositionals ?? false,
    }) as Parsed<T>;
  } catch (error) {
    throw new UsageError(`${(error as Error).message}\nusage: ${usage}`);
  }
}
