/**
 * A source file in an editable Monaco editor (a template, a catalogue file); each problem becomes an inline marker
 * at its line and column, with the message the generator prints.
 */
import { Suspense, useEffect, useRef } from "react";
import { flushSync } from "react-dom";
import type { TemplateDiagnostic } from "../data/render.js";
import { Editor } from "./LazyEditor.js";
import { useMonacoTheme } from "./theme.js";

type MonacoNs = typeof import("monaco-editor/editor/editor.api.js");
type CodeEditor = import("monaco-editor/editor/editor.api.js").editor.IStandaloneCodeEditor;

export interface SourceEditorProps {
  /** Repository path of the file: problems of other files get no marker here. */
  file: string;
  value: string;
  errors: TemplateDiagnostic[];
  onChange(value: string): void;
  language: string;
  /** The model's URI (also how a language service finds the file's schema). */
  path: string;
  options: EditorOptions;
  testId: string;
  onMount?(monaco: MonacoNs): void;
}

type EditorOptions = import("monaco-editor/editor/editor.api.js").editor.IStandaloneEditorConstructionOptions;

export const MARKER_OWNER = "hubkit-source";

export function SourceEditor(props: SourceEditorProps) {
  const { file, value, errors, onChange, language, path, options, testId } = props;
  const theme = useMonacoTheme();
  const editorRef = useRef<{ editor: CodeEditor; monaco: MonacoNs } | null>(null);

  const applyMarkers = () => {
    const current = editorRef.current;
    const model = current?.editor.getModel();
    if (!current || !model) return;
    const lines = model.getLineCount();
    current.monaco.editor.setModelMarkers(
      model,
      MARKER_OWNER,
      errors
        .filter((e) => e.file === file)
        .map((e) => {
          const line = Math.min(Math.max(1, e.line), lines);
          const col = Math.min(Math.max(1, e.col), model.getLineMaxColumn(line));
          const end = col < model.getLineMaxColumn(line) ? model.getLineMaxColumn(line) : col + 1;
          return {
            severity: current.monaco.MarkerSeverity.Error,
            message: e.message,
            startLineNumber: line,
            startColumn: col,
            endLineNumber: line,
            endColumn: end,
          };
        }),
    );
  };
  useEffect(applyMarkers);

  return (
    <div className="template-editor" data-testid={testId}>
      <Suspense fallback={<pre className="code-fallback">{value}</pre>}>
        <Editor
          height="22rem"
          language={language}
          theme={theme}
          // Uncontrolled: the editor owns the text while typing (a controlled value would race fast
          // typing); the parent remounts it (key) to load another text, e.g. "Reset to file".
          defaultValue={value}
          path={path}
          // Render the preview for this keystroke now, not in a later task: keystroke-to-preview latency.
          onChange={(v) => flushSync(() => onChange(v ?? ""))}
          onMount={(editor, monaco) => {
            editorRef.current = { editor, monaco: monaco as unknown as MonacoNs };
            props.onMount?.(monaco as unknown as MonacoNs);
            applyMarkers();
          }}
          options={{
            minimap: { enabled: false },
            scrollBeyondLastLine: false,
            automaticLayout: true,
            fontSize: 13,
            lineHeight: 19,
            insertSpaces: true,
            renderWhitespace: "boundary",
            ...options,
          }}
        />
      </Suspense>
    </div>
  );
}

export interface TemplateEditorProps {
  file: string;
  value: string;
  errors: TemplateDiagnostic[];
  onChange(value: string): void;
}

export function TemplateEditor({ file, ...rest }: TemplateEditorProps) {
  return (
    <SourceEditor
      file={file}
      {...rest}
      language="handlebars"
      path={`edit/${file}`}
      testId="template-editor"
      options={{
        tabSize: 4,
        // Templates are code generators: typed text stays exactly as typed.
        autoClosingBrackets: "never",
        autoClosingQuotes: "never",
        autoSurround: "never",
        // No completion in templates (it is for catalogue files): Enter always starts a new line.
        quickSuggestions: false,
        suggestOnTriggerCharacters: false,
        wordBasedSuggestions: "off",
        ariaLabel: `Template source ${file}`,
      }}
    />
  );
}
