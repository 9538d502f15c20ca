/** Shapes of catalogue/providers/*.yaml and catalogue/responses.yaml, as their schemas define them. */

export interface ProviderFile {
  id: string;
  name: string;
  directBaseUrl: string;
  routerSegment?: string;
  routerOnly?: boolean;
  auth: "bearer" | "key" | "x-key";
  closedSource?: boolean;
  clientSideOnly?: boolean;
  headers?: Record<string, string>;
  tasks: Record<string, ProviderTaskFile>;
}

export interface ProviderTaskFile {
  method?: "POST" | "GET";
  path: string;
  directBaseUrl?: string;
  routerQuery?: Record<string, string>;
  body?: Record<string, unknown>;
  accept?: string[];
  output?: {
    unwrap?: string;
    expect?: string;
    take?: string;
    file?: string;
    fileType?: string;
    wrap?: string;
  };
  flow?: string | string[];
  pollIntervalMs?: number;
  pollAttempts?: number;
}

/** A shape: a type expression, a mapping of fields, or a one-item list. */
export type ShapeFile = string | { [field: string]: ShapeFile } | [ShapeFile];

export interface ResponsesFile {
  shapes: Record<string, ShapeFile>;
}
