import { useEffect, useState } from "react";

const draftKey = (path: string) => `hubkit-viewer:draft:${path}`;

/**
 * The edited text of a file, kept in this browser tab (sessionStorage) while it differs from the file. The editor
 * owns its text while typing (uncontrolled); "Reset to file" gives it a new key (editorRevision), so a fresh
 * editor opens on the file's text instead of keeping the discarded edit for the next keystroke to bring back.
 */
export function useDraft(path: string, source: string) {
  const [draft, setDraft] = useState<string>(() => sessionStorage.getItem(draftKey(path)) ?? source);
  const [editorRevision, setEditorRevision] = useState(0);
  const resetToFile = () => {
    setDraft(source);
    setEditorRevision((n) => n + 1);
  };
  useEffect(() => {
    if (draft === source) sessionStorage.removeItem(draftKey(path));
    else sessionStorage.setItem(draftKey(path), draft);
  }, [draft, path, source]);
  return { draft, setDraft, editorRevision, resetToFile };
}
