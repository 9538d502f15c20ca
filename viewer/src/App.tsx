/** Layout: the catalogue tree with its search box on the left, the selected view on the right. */
import { Component, useEffect, useMemo, useRef, type ErrorInfo, type ReactNode } from "react";
import { FileViews } from "./components/views.js";
import { Home } from "./components/Home.js";
import { Tree } from "./components/Tree.js";
import { TREE } from "./data/catalogue.js";
import { countLeaves, pathTo } from "./data/tree.js";
import { RouterProvider, useRouter } from "./state/router.js";
import { viewKey, type View, type ViewKind } from "./state/url.js";

class ErrorBoundary extends Component<{ children: ReactNode; resetKey: string }, { error?: Error }> {
  state: { error?: Error } = {};
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }
  componentDidUpdate(prev: { resetKey: string }) {
    if (prev.resetKey !== this.props.resetKey && this.state.error) this.setState({ error: undefined });
  }
  render() {
    if (this.state.error)
      return (
        <div className="error" role="alert">
          <h1>This view failed</h1>
          <pre>{this.state.error.message}</pre>
          <p>Pick another entry in the tree; the rest of the viewer keeps working.</p>
        </div>
      );
    return this.props.children;
  }
}

function Main({ view }: { view: View }) {
  if (view.kind === "home" || !view.id) return <Home />;
  const ViewComponent = FileViews[view.kind];
  // One component per record: going from one library to another starts afresh (no edit, fold or preview state
  // of the one before carried over).
  return <ViewComponent key={viewKey(view)} id={view.id} />;
}

function Shell() {
  const { selection, navigate, update } = useRouter();
  const key = viewKey(selection.view);
  const search = useRef<HTMLInputElement>(null);
  const expandedFor = useMemo(() => pathTo(TREE, key) ?? [], [key]);
  const total = useMemo(() => countLeaves(TREE), []);

  useEffect(() => {
    const title =
      selection.view.kind === "home"
        ? "hubkit viewer"
        : `${selection.view.id} · ${selection.view.kind} · hubkit viewer`;
    document.title = title;
  }, [selection.view]);

  // "/" focuses the search box, as on most code hosts.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      if (
        e.key === "/" &&
        !e.defaultPrevented &&
        // Not while typing: form fields, and editors (Monaco takes input through an EditContext div).
        !(
          target &&
          (target.isContentEditable ||
            /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName) ||
            target.closest(".monaco-editor"))
        )
      ) {
        e.preventDefault();
        search.current?.focus();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  return (
    <div className="layout">
      <nav className="sidebar" aria-label="Catalogue">
        <a className="brand" href="?" onClick={(e) => (e.preventDefault(), navigate({ kind: "home" }))}>
          hubkit <span>viewer</span>
        </a>
        <input
          ref={search}
          type="search"
          className="search"
          placeholder={`Filter ${total} entries…  (press /)`}
          aria-label="Filter the catalogue"
          value={selection.q ?? ""}
          onChange={(e) => update({ q: e.target.value || undefined })}
          onKeyDown={(e) => {
            if (e.key === "ArrowDown") {
              e.preventDefault();
              document.querySelector<HTMLElement>('.tree [tabindex="0"]')?.focus();
            } else if (e.key === "Escape") update({ q: undefined });
          }}
        />
        <Tree
          nodes={TREE}
          query={selection.q ?? ""}
          selectedId={key}
          initiallyExpanded={expandedFor}
          onSelect={(id) => {
            const colon = id.indexOf(":");
            navigate({ kind: id.slice(0, colon) as ViewKind, id: id.slice(colon + 1) });
          }}
        />
      </nav>
      <main className="content" id="main">
        <ErrorBoundary resetKey={key}>
          <Main view={selection.view} />
        </ErrorBoundary>
      </main>
    </div>
  );
}

export function App() {
  return (
    <RouterProvider>
      <Shell />
    </RouterProvider>
  );
}
