/** The InferenceClient method a task gets unless its client block names another: text-to-image -> textToImage. */
export const defaultMethodName = (task: string): string =>
  task.replace(/-(\w)/g, (_, c: string) => c.toUpperCase());
