/**
 * The README's list of deliberate differences from jinja2 is docs/chat-template.md's, item for item: same count,
 * same order, and each README item starts with the docs item's bold title.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), "utf8");

/** The bold titles of the numbered items of the section that starts with `heading`. */
function numberedTitles(markdown: string, heading: string): string[] {
  const start = markdown.indexOf(heading);
  if (start < 0) throw new Error(`no section ${JSON.stringify(heading)}`);
  const section = markdown.slice(start + heading.length).split(/\n#{2,3} /)[0];
  return [...section.matchAll(/^(\d+)\. \*\*(.+?)\*\*/gm)].map((match, i) => {
    expect(Number(match[1]), `item ${i + 1} is numbered ${match[1]}`).toBe(i + 1);
    return match[2];
  });
}

describe("deliberate differences from jinja2", () => {
  it("are listed alike in the README and docs/chat-template.md", () => {
    const docs = numberedTitles(read("docs/chat-template.md"), "## Deliberate differences from jinja2");
    const readme = numberedTitles(
      read("README.md"),
      "### Chat templates: deliberate differences from jinja2",
    );
    expect(docs.length).toBeGreaterThan(10);
    expect(readme).toEqual(docs);
  });

  it("each have an item in the docs with more than its title", () => {
    const docs = read("docs/chat-template.md");
    const section = docs.slice(docs.indexOf("## Deliberate differences from jinja2")).split("\n## ")[0];
    const items = section.split(/\n\d+\. /).slice(1);
    for (const item of items) expect(item.replace(/\*\*.+?\*\*/, "").trim().length, item).toBeGreaterThan(30);
  });
});
