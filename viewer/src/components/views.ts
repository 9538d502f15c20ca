import type { ComponentType } from "react";
import type { ViewKind } from "../state/url.js";
import { ChangesView } from "./ChangesView.js";
import { ProviderView, SampleView } from "./FileViews.js";
import { LibraryView } from "./LibraryView.js";
import { LocalAppView } from "./LocalAppView.js";
import { TaskView } from "./TaskView.js";
import { TemplateView } from "./TemplateView.js";

/** The component of each view kind (home is handled by the shell). */
export const FileViews: Record<Exclude<ViewKind, "home">, ComponentType<{ id: string }>> &
  Record<string, ComponentType<{ id: string }>> = {
  task: TaskView,
  library: LibraryView,
  "local-app": LocalAppView,
  template: TemplateView,
  provider: ProviderView,
  sample: SampleView,
  // A loaded diff report (view=changes:report): not a catalogue file, so it has no id of its own.
  changes: ChangesView,
};
