/**
 * The two forms of an app's tabs agree: LOCAL_APPS[key].snippet (the upstream's shape: one block as a string,
 * several as a list) and describeLocalApps (each block with its language), generated side by side from one file.
 */
import { describe, expect, it } from "vitest";
import { LOCAL_APPS, type LocalAppTab } from "../../src/local-apps/index.js";
import { PAGES } from "./support.js";

const upstreamShape = (tab: LocalAppTab) => ({
  title: tab.title,
  ...(tab.setup === undefined ? {} : { setup: tab.setup }),
  content: tab.content.length === 1 ? tab.content[0].text : tab.content.map((block) => block.text),
});

describe("LOCAL_APPS snippets and describeLocalApps", () => {
  const tabbed = PAGES.flatMap((page) => page.apps.filter((app) => app.tabs).map((app) => ({ page, app })));

  it(`give the same tabs on every page (${tabbed.length} app pages)`, () => {
    expect(tabbed.length).toBeGreaterThan(20);
    for (const { page, app } of tabbed) {
      const snippet = (LOCAL_APPS[app.key] as { snippet(m: unknown, f?: string): unknown }).snippet(
        page.sample.model,
        page.file,
      );
      expect(snippet, `${app.key} on ${page.sample.name} ${page.file ?? ""}`).toEqual(
        app.tabs!.map(upstreamShape),
      );
    }
  });
});
