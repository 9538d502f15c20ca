/** The start page: what the catalogue holds, and which parts of it are empty. */
import { libraries, pipelines, providers, samples, taskDetails, templates } from "../data/catalogue.js";
import { Heading } from "./Heading.js";
import { Link } from "./Link.js";

export function Home() {
  const inference = templates.filter((t) => t.kind === "inference").length;
  const rows: [string, number, string][] = [
    [
      "Tasks",
      Object.keys(pipelines).length,
      `${Object.values(taskDetails).filter(Boolean).length} with a task page`,
    ],
    [
      "Libraries",
      Object.keys(libraries).length,
      `${Object.values(libraries).filter((l) => typeof l.snippets === "function").length} with snippets`,
    ],
    ["Inference templates", inference, "templates/inference/<language>/<client>/<template>.hbs"],
    ["Other templates", templates.length - inference, "templates/libraries, templates/partials"],
    [
      "Providers",
      providers.length,
      `${providers.reduce((n, p) => n + p.tasks.length, 0)} provider × task pairs`,
    ],
    ["Sample records", samples.length, "catalogue/samples/*.yaml"],
  ];
  return (
    <article className="view" data-view="home">
      <Heading level={1} id="hubkit-viewer" title="hubkit catalogue viewer" />
      <p>
        Browse the catalogue on the left (type to filter; arrow keys move, Enter opens). Every view has its
        own URL: copy the address bar to share it.
      </p>
      <p>
        Reviewing a change? <Link view={{ kind: "changes", id: "report" }}>Changes</Link> shows every snippet
        it alters, from the report of <code>hubkit diff --format json</code>.
      </p>
      <Heading level={2} id="contents" title="Contents" />
      <table className="summary">
        <tbody>
          {rows.map(([what, n, note]) => (
            <tr key={what}>
              <th scope="row">{what}</th>
              <td className="num">{n}</td>
              <td className="muted">{n ? note : "none"}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </article>
  );
}
