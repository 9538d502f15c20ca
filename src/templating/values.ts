/** What every template writer shares: the render error, the hash type, and the Hole of a value. */

export class TemplateRenderError extends Error {
  override name = "TemplateRenderError";
}

/** The `key=value` options of a helper call. */
export type Hash = Record<string, unknown>;

const ENV_NAME = /^[A-Z_][A-Z0-9_]*$/;

/**
 * A place inside a string value that the generated program fills at run time, with literal text around it:
 * kind "env" reads the environment variable `name`; kind "file" is the base64 text of the example file, which
 * the template reads into a fixed variable first (python `encoded`, js `encoded`, sh `$ENCODED`).
 */
export class Hole {
  constructor(
    readonly kind: "env" | "file",
    readonly name: string,
    readonly prefix = "",
    readonly suffix = "",
  ) {
    if (kind === "env" && !ENV_NAME.test(name))
      throw new TemplateRenderError(`not an environment variable name: ${JSON.stringify(name)}`);
  }
}
