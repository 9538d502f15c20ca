import { fullMatrix } from "./test/snippets/matrix.ts";
import { getInferenceSnippets } from "./src/snippets/getInferenceSnippets.ts";
const m = fullMatrix(); let n = 0; const counts: Record<string, number> = {};
for (const c of m) { const s = getInferenceSnippets(c.model, c.provider, c.mapping, c.opts); n += s.length; for (const x of s) counts[`${x.language}/${x.client}`] = (counts[`${x.language}/${x.client}`] ?? 0) + 1; if (!s.length) console.log("empty", c.name); }
console.log(m.length, n, counts);
