/**
 * A read-only Monaco editor sized to its content, with a copy button. The editor is mounted when the block comes
 * near the viewport (the plain text stands in until then): a library's page shows dozens of snippets, and an editor
 * each at load took over a second of CPU.
 */
import { Suspense, useEffect, useRef, useState, type RefObject } from "react";
import { Editor } from "./LazyEditor.js";
import { useMonacoTheme } from "./theme.js";

export interface CodeBlockProps {
  code: string;
  /** Monaco language id. */
  language: string;
  /** Accessible name, also shown as the block's caption. */
  label: string;
  /** Maximum height in lines before the editor scrolls. */
  maxLines?: number;
  testId?: string;
}

const LINE_HEIGHT = 19;

export async function copyText(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    const area = document.createElement("textarea");
    area.value = text;
    document.body.append(area);
    area.select();
    document.execCommand("copy");
    area.remove();
  }
}

/** How far outside the viewport a block gets its editor: enough that scrolling rarely shows the plain text. */
const NEAR = "800px 0px";

/** Whether the element has come near the viewport (and then stays true); at once where there is no IntersectionObserver. */
function useNearViewport(ref: RefObject<Element | null>): boolean {
  const [near, setNear] = useState(() => typeof IntersectionObserver === "undefined");
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: NEAR },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, ref]);
  return near;
}

export function CodeBlock({ code, language, label, maxLines = 40, testId }: CodeBlockProps) {
  const theme = useMonacoTheme();
  const [copied, setCopied] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const near = useNearViewport(box);
  const lines = code.split("\n").length;
  const height = Math.min(lines, maxLines) * LINE_HEIGHT + 16;
  // What shows until the editor is mounted and while Monaco loads.
  const plainText = <pre className="code-fallback">{code}</pre>;
  return (
    <figure className="code-block" data-testid={testId} data-language={language}>
      <figcaption>
        <span className="code-label">{label}</span>
        <button
          type="button"
          className="copy"
          onClick={() => {
            void copyText(code).then(() => {
              setCopied(true);
              setTimeout(() => setCopied(false), 1500);
            });
          }}
          aria-label={`Copy ${label}`}
        >
          {copied ? "Copied ✓" : "Copy"}
        </button>
      </figcaption>
      <div className="code-editor" style={{ height }} ref={box}>
        {near ? (
          <Suspense fallback={plainText}>
            <Editor
              value={code}
              language={language}
              theme={theme}
              loading={plainText}
              options={{
                readOnly: true,
                domReadOnly: true,
                minimap: { enabled: false },
                scrollBeyondLastLine: false,
                automaticLayout: true,
                lineNumbers: "off",
                folding: false,
                renderLineHighlight: "none",
                lineHeight: LINE_HEIGHT,
                fontSize: 13,
                padding: { top: 8, bottom: 8 },
                scrollbar: { alwaysConsumeMouseWheel: false },
                ariaLabel: label,
              }}
            />
          </Suspense>
        ) : (
          plainText
        )}
      </div>
      {/* The plain text, for find-in-page, screen readers and tests. */}
      <pre className="visually-hidden" data-code aria-hidden="true">
        {code}
      </pre>
    </figure>
  );
}
