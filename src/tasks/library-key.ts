/** Library names as model records give them, mapped to registry keys. */
import {
  LIBRARY_ALIASES,
  MODEL_LIBRARIES_UI_ELEMENTS,
  type ModelLibraryKey,
} from "../generated/libraries.gen.js";

/**
 * The registry key for a record's library name: the name itself when it is a key, the library's current key when
 * it is a former one (a library renamed upstream, listed in LIBRARY_ALIASES), else undefined.
 * libraryKey("contexttab") === "sap-rpt-1-oss"
 */
export function libraryKey(name: string): ModelLibraryKey | undefined {
  if (Object.hasOwn(MODEL_LIBRARIES_UI_ELEMENTS, name)) return name as ModelLibraryKey;
  return Object.hasOwn(LIBRARY_ALIASES, name) ? LIBRARY_ALIASES[name] : undefined;
}
