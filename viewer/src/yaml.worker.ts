// The worker of the YAML language service (monaco-yaml). Vite builds workers from the project's own files only.
import "monaco-yaml/yaml.worker.js";
