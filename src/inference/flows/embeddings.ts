/** OpenAI-style embeddings answer {data: [{embedding}]} -> the list of embeddings. */
export function result(value: unknown): unknown {
  return (value as { data: { embedding: number[] }[] }).data.map((d) => d.embedding);
}
