import type { ComponentType } from "react";
import type { ViewKind } from "../state/url";
import { ProviderView, SampleView } from "./FileViews";
import { LibraryView } from "./LibraryView";
import { TaskView } from "./TaskView";
import { TemplateView } from "./TemplateView";

/** The component of each view kind (home is handled by the shell). */
export const FileViews: Record<Exclude<ViewKind, "home">, ComponentType<{ id: string }>> &
  Record<string, ComponentType<{ id: string }>> = {
  task: TaskView,
  library: LibraryView,
  template: TemplateView,
  provider: ProviderView,
  sample: SampleView,
};
