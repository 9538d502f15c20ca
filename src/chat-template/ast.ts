/** Syntax tree of a template. Every node carries the line and column where it starts. */

export interface Located {
  line: number;
  column: number;
}

export type Expr =
  | (Located & { kind: "literal"; value: unknown })
  | (Located & { kind: "name"; name: string })
  | (Located & { kind: "list"; items: Expr[] })
  | (Located & { kind: "tuple"; items: Expr[] })
  | (Located & { kind: "dict"; entries: [Expr, Expr][] })
  | (Located & { kind: "attribute"; object: Expr; name: string })
  | (Located & { kind: "item"; object: Expr; key: Expr })
  | (Located & { kind: "slice"; object: Expr; start?: Expr; stop?: Expr; step?: Expr })
  | (Located & { kind: "call"; callee: Expr; args: CallArgs })
  | (Located & { kind: "filter"; value: Expr; name: string; args: CallArgs })
  | (Located & { kind: "test"; value: Expr; name: string; args: CallArgs; negated: boolean })
  | (Located & { kind: "unary"; operator: "-" | "+" | "not"; operand: Expr })
  | (Located & { kind: "binary"; operator: BinaryOperator; left: Expr; right: Expr })
  | (Located & { kind: "logical"; operator: "and" | "or"; left: Expr; right: Expr })
  | (Located & { kind: "compare"; first: Expr; rest: { operator: CompareOperator; operand: Expr }[] })
  | (Located & { kind: "concat"; parts: Expr[] })
  | (Located & { kind: "conditional"; test: Expr; then: Expr; otherwise?: Expr });

export type BinaryOperator = "+" | "-" | "*" | "/" | "//" | "%" | "**";
export type CompareOperator = "==" | "!=" | "<" | "<=" | ">" | ">=" | "in" | "not in";

export interface CallArgs {
  positional: Expr[];
  keyword: { name: string; value: Expr }[];
  /** `*args`: a sequence whose items are appended to the positional arguments. */
  spread?: Expr;
  /** `**kwargs`: a mapping whose entries are added to the keyword arguments. */
  keywordSpread?: Expr;
}

/** What a `for` or `set` assigns to. */
export type Target =
  | (Located & { kind: "name"; name: string })
  | (Located & { kind: "tuple"; items: Target[] })
  | (Located & { kind: "namespace-attribute"; namespace: string; attribute: string });

export interface MacroParameter {
  name: string;
  default?: Expr;
}

export interface FilterApplication extends Located {
  name: string;
  args: CallArgs;
}

export type Stmt =
  | (Located & { kind: "text"; text: string })
  | (Located & { kind: "output"; value: Expr })
  | (Located & { kind: "if"; branches: { test: Expr; body: Stmt[] }[]; otherwise: Stmt[] })
  | (Located & {
      kind: "for";
      target: Target;
      iterable: Expr;
      condition?: Expr;
      /** `{% for ... recursive %}`: the body may call `loop(items)` to run itself on nested items. */
      recursive: boolean;
      body: Stmt[];
      otherwise: Stmt[];
    })
  | (Located & { kind: "set"; target: Target; value: Expr })
  | (Located & { kind: "set-block"; target: Target; filters: FilterApplication[]; body: Stmt[] })
  | (Located & { kind: "macro"; name: string; parameters: MacroParameter[]; body: Stmt[] })
  | (Located & { kind: "call-block"; call: Expr; parameters: MacroParameter[]; body: Stmt[] })
  | (Located & { kind: "filter-block"; filters: FilterApplication[]; body: Stmt[] })
  | (Located & { kind: "with"; assignments: { target: Target; value: Expr }[]; body: Stmt[] })
  | (Located & { kind: "block"; name: string; scoped: boolean; required: boolean; body: Stmt[] })
  | (Located & { kind: "break" })
  | (Located & { kind: "continue" });
