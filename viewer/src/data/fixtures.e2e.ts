/** The browser tests' fixture template and sample record (test/artifacts/viewer-fixtures/), for `--mode e2e` builds only. */
export const FIXTURE_TEMPLATES = import.meta.glob(
  "../../../test/artifacts/viewer-fixtures/templates/**/*.hbs",
  {
    query: "?raw",
    import: "default",
    eager: true,
  },
) as Record<string, string>;

export const FIXTURE_SAMPLES = import.meta.glob("../../../test/artifacts/viewer-fixtures/samples/*.yaml", {
  query: "?raw",
  import: "default",
  eager: true,
}) as Record<string, string>;
