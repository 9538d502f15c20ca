import { parseArgs, type ParseArgsConfig } from "node:util";

/** A mistake in how a command was called: printed as one line, exit code 2, never a stack trace. */
export class UsageError extends Error {
  override name = "UsageError";
}

/**
 * `util.parseArgs` with strict checking, whose errors become UsageError with the command's usage line.
 * The return type is spelled out so that declaration emit (`npm run build`) can name it.
 */
export function parseCommandArgs<T extends ParseArgsConfig>(
  argv: string[],
  config: T,
  usage: string,
): ReturnType<typeof parseArgs<T>> {
  try {
    return parseArgs({
      ...config,
      args: argv,
      strict: true,
      allowPositionals: config.allowPositionals ?? false,
    }) as ReturnType<typeof parseArgs<T>>;
  } catch (error) {
    throw new UsageError(`${(error as Error).message}\nusage: ${usage}`);
  }
}
