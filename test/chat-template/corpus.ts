/**
 * The unit corpus: small templates covering every construct the engine supports. Each case is rendered by hubkit
 * and by Python's jinja2 (corpus.test.ts); outputs must be byte-identical, and errors must be errors on both sides.
 * `expected`, when given, is also asserted directly. `error` marks cases that must fail to render or parse.
 * `difference` marks a deliberate difference from jinja2 (listed in docs/chat-template.md): the differential test
 * then asserts that the two engines do differ, so the list stays true.
 */
import type { ReferenceSuite } from "./jinja2-fixtures.js";

export interface CorpusCase {
  name: string;
  template: string;
  context?: Record<string, unknown>;
  expected?: string;
  error?: true;
  difference?: string;
}

const cases: CorpusCase[] = [];

function add(name: string, template: string, context?: Record<string, unknown>, expected?: string): void {
  cases.push({ name, template, context, expected });
}

function fails(name: string, template: string, context?: Record<string, unknown>): void {
  cases.push({ name, template, context, error: true });
}

const messages = [
  { role: "system", content: "Be brief." },
  { role: "user", content: "Hi" },
  { role: "assistant", content: "Hello!" },
];

// ---- text, output, comments, whitespace control -------------------------------------------------------------
add("plain text", "Hello", {}, "Hello");
add("empty template", "", {}, "");
add("variable", "Hi {{ name }}", { name: "Ann" }, "Hi Ann");
add("undefined prints empty", "[{{ missing }}]", {}, "[]");
add("comment removed", "a{# note #}b", {}, "ab");
add("multiline comment", "a{# one\ntwo #}b", {}, "ab");
add("trailing newline dropped", "line\n", {}, "line");
add("only one trailing newline dropped", "line\n\n", {}, "line\n");
add("crlf normalised", "a\r\nb", {}, "a\nb");
add("trim_blocks removes newline after block", "{% if true %}\nyes\n{% endif %}\nend", {}, "yes\nend");
add("trim_blocks keeps newline after print", "{{ 1 }}\n{{ 2 }}", {}, "1\n2");
add("lstrip_blocks strips indentation", "  {% if true %}\n  x\n  {% endif %}\n", {}, "  x\n");
add("lstrip only whitespace before tag", "a {% if true %}b{% endif %}", {}, "a b");
add("lstrip_blocks on comments", "x\n    {# c #}\ny", {}, "x\ny");
add("minus strips left", "a   {{- 'b' }}", {}, "ab");
add("minus strips right", "{{ 'a' -}}   \n b", {}, "ab");
add("minus block both sides", "x \n {%- if true -%} \n y \n {%- endif -%} \n z", {}, "xyz");
add("plus disables lstrip", "  {%+ if true %}x{% endif %}", {}, "  x");
add("plus disables trim_blocks", "{% if true +%}\nx{% endif %}", {}, "\nx");
add("comment minus", "a {#- c -#} b", {}, "ab");
add("raw block", "{% raw %}{{ not parsed }}{% endraw %}", {}, "{{ not parsed }}");
add("raw block whitespace", "a\n  {% raw %}\n{{ x }}\n  {% endraw %}\nb", {}, "a\n\n{{ x }}\nb");
add("raw block after a trimmed tag", "{% if true %}\n{% raw %}  {% endraw %}|{% endif %}", {}, "  |");
add("raw block minus modifiers", "{% raw -%}  x  {%- endraw %}|", {}, "x|");
add("braces in text", "a { b } c {", {}, "a { b } c {");
add("dict literal closing braces", "{{ {'a': {'b': 1}} }}", {}, "{'a': {'b': 1}}");
add("tabs lstripped", "\t{% if true %}x{% endif %}", {}, "x");
add("newline after comment trimmed", "{# c #}\nx", {}, "x");
add("print tuple", "{{ 1, 2 }}", {}, "(1, 2)");

// ---- literals -----------------------------------------------------------------------------------------------
add("integer", "{{ 42 }}", {}, "42");
add("negative integer", "{{ -42 }}", {}, "-42");
add("underscore integer", "{{ 1_000 }}", {}, "1000");
add("float", "{{ 1.5 }}", {}, "1.5");
add("integral float", "{{ 2.0 }}", {}, "2.0");
add("float exponent", "{{ 1e3 }}", {}, "1000.0");
add("big float", "{{ 1e20 }}", {}, "1e+20");
add("float 1e16", "{{ 1e16 }}", {}, "1e+16");
add("float 1e15", "{{ 1e15 }}", {}, "1000000000000000.0");
add("small float", "{{ 0.00001 }}", {}, "1e-05");
add("float 0.0001", "{{ 0.0001 }}", {}, "0.0001");
add("string single", "{{ 'a' }}", {}, "a");
add("string double", '{{ "b" }}', {}, "b");
add("string escapes", "{{ 'a\\tb\\nc' }}", {}, "a\tb\nc");
add("string unicode escape", "{{ '\\u00e9' }}", {}, "é");
add("string escaped quote", "{{ 'it\\'s' }}", {}, "it's");
add("adjacent strings", "{{ 'a' 'b' }}", {}, "ab");
add("true false none", "{{ true }} {{ false }} {{ none }}", {}, "True False None");
add("Python constants", "{{ True }} {{ False }} {{ None }}", {}, "True False None");
add("list literal", "{{ [1, 'a', none] }}", {}, "[1, 'a', None]");
add("empty list", "{{ [] }}", {}, "[]");
add("trailing comma list", "{{ [1, 2,] }}", {}, "[1, 2]");
add("tuple literal", "{{ (1, 'a') }}", {}, "(1, 'a')");
add("single tuple", "{{ (1,) }}", {}, "(1,)");
add("empty tuple", "{{ () }}", {}, "()");
add("dict literal", "{{ {'a': 1, 'b': [2]} }}", {}, "{'a': 1, 'b': [2]}");
add("empty dict", "{{ {} }}", {}, "{}");
add("dict int keys", "{{ {1: 'x'} }}", {}, "{1: 'x'}");
add("nested list", "{{ [[1], [2, [3]]] }}", {}, "[[1], [2, [3]]]");
add("parenthesised", "{{ (1 + 2) * 3 }}", {}, "9");

// ---- Python printing ----------------------------------------------------------------------------------------
add("repr single quote choice", `{{ ["it's"] }}`, {}, `["it's"]`);
add("repr both quotes", `{{ ["it's \\"x\\""] }}`, {}, `['it\\'s "x"']`);
add("repr double quote", `{{ ['a"b'] }}`, {}, `['a"b']`);
add("repr newline", "{{ ['a\\nb'] }}", {}, "['a\\nb']");
add("repr backslash", "{{ ['a\\\\b'] }}", {}, "['a\\\\b']");
add("repr control char", "{{ ['\\x01'] }}", {}, "['\\x01']");
add("repr non-ascii kept", "{{ ['é', '日本'] }}", {}, "['é', '日本']");
add("repr emoji", "{{ x }}", { x: ["🙂"] }, "['🙂']");
add("repr nested dict", "{{ d }}", { d: { a: { b: [true, null] } } }, "{'a': {'b': [True, None]}}");
add("context list print", "{{ x }}", { x: [1, "two", 3.5] }, "[1, 'two', 3.5]");
add("bool print", "{{ x }}", { x: false }, "False");
add("null print", "{{ x }}", { x: null }, "None");
add("repr tab", "{{ ['\\t'] }}", {}, "['\\t']");
add("repr nbsp", "{{ ['a\\xa0b'] }}", {}, "['a\\xa0b']");
add("dict of tuples", "{{ {'a': (1, 2)} }}", {}, "{'a': (1, 2)}");

// ---- arithmetic ---------------------------------------------------------------------------------------------
add("add", "{{ 1 + 2 }}", {}, "3");
add("subtract", "{{ 1 - 5 }}", {}, "-4");
add("multiply", "{{ 3 * 4 }}", {}, "12");
add("true division", "{{ 7 / 2 }}", {}, "3.5");
add("true division integral", "{{ 4 / 2 }}", {}, "2.0");
add("division thirds", "{{ 1 / 3 }}", {}, "0.3333333333333333");
add("floor division", "{{ 7 // 2 }}", {}, "3");
add("floor division negative", "{{ -7 // 2 }}", {}, "-4");
add("floor division float", "{{ 7.5 // 2 }}", {}, "3.0");
add("modulo", "{{ 7 % 3 }}", {}, "1");
add("modulo negative left", "{{ -7 % 3 }}", {}, "2");
add("modulo negative right", "{{ 7 % -3 }}", {}, "-2");
add("modulo float", "{{ 7.5 % 2 }}", {}, "1.5");
add("power", "{{ 2 ** 10 }}", {}, "1024");
add("power negative", "{{ 2 ** -1 }}", {}, "0.5");
add("power big", "{{ 10 ** 20 }}", {}, "100000000000000000000");
add("power of two beyond 2**53", "{{ 2 ** 64 }}", {}, "18446744073709551616");
add("power precedence", "{{ 2 * 3 ** 2 }}", {}, "18");
add("float plus int", "{{ 1.5 + 1 }}", {}, "2.5");
add("float sum integral", "{{ 0.5 + 0.5 }}", {}, "1.0");
add("float times int", "{{ 2.0 * 3 }}", {}, "6.0");
add("float repr sum", "{{ 0.1 + 0.2 }}", {}, "0.30000000000000004");
add("bool arithmetic", "{{ true + 1 }}", {}, "2");
add("unary minus", "{{ -(3) }}", {}, "-3");
add("unary plus", "{{ +3 }}", {}, "3");
add("unary minus float", "{{ -2.0 }}", {}, "-2.0");
add("unary minus filter precedence", "{{ -1|abs }}", {}, "1");
add("string repeat", "{{ 'ab' * 3 }}", {}, "ababab");
add("string repeat left int", "{{ 2 * 'x' }}", {}, "xx");
add("string repeat zero", "[{{ 'ab' * 0 }}]", {}, "[]");
add("string repeat negative", "[{{ 'ab' * -2 }}]", {}, "[]");
add("list repeat", "{{ [1, 2] * 2 }}", {}, "[1, 2, 1, 2]");
add("list concat", "{{ [1] + [2, 3] }}", {}, "[1, 2, 3]");
add("tuple concat", "{{ (1,) + (2,) }}", {}, "(1, 2)");
add("string plus", "{{ 'a' + 'b' }}", {}, "ab");
add("string percent", "{{ 'x=%s' % 5 }}", {}, "x=5");
add("string percent tuple", "{{ '%s-%d' % ('a', 3) }}", {}, "a-3");
add("string percent float", "{{ '%.2f' % 3.14159 }}", {}, "3.14");
add("math precedence", "{{ 1 + 2 * 3 - 4 / 2 }}", {}, "5.0");
fails("division by zero", "{{ 1 / 0 }}");
fails("floor division by zero", "{{ 1 // 0 }}");
fails("modulo by zero", "{{ 1 % 0 }}");
fails("string plus int", "{{ 'a' + 1 }}");
fails("list plus tuple", "{{ [1] + (2,) }}");
fails("undefined plus int", "{{ missing + 1 }}");
fails("none plus int", "{{ none + 1 }}");
fails("unary minus string", "{{ -'a' }}");

// ---- concatenation ------------------------------------------------------------------------------------------
add("tilde", "{{ 'a' ~ 1 ~ none }}", {}, "a1None");
add("tilde undefined", "{{ 'a' ~ missing ~ 'b' }}", {}, "ab");
add("tilde list", "{{ 'x' ~ [1] }}", {}, "x[1]");
add("tilde float", "{{ 1.0 ~ '' }}", {}, "1.0");
add("tilde binds tighter than plus", "{{ 1 ~ 2 + 3 ~ 4 }}", {}, "1234");
fails("tilde precedence makes int plus str", "{{ 1 + 2 ~ 3 }}");
add("tilde bool", "{{ true ~ false }}", {}, "TrueFalse");

// ---- comparisons and logic ----------------------------------------------------------------------------------
add("equal", "{{ 1 == 1 }}", {}, "True");
add("int equals float", "{{ 1 == 1.0 }}", {}, "True");
add("bool equals int", "{{ true == 1 }}", {}, "True");
add("string not equal", "{{ 'a' != 'b' }}", {}, "True");
add("list equal", "{{ [1, [2]] == [1, [2]] }}", {}, "True");
add("list not equal tuple", "{{ [1] == (1,) }}", {}, "False");
add("dict equal", "{{ {'a': 1} == {'a': 1} }}", {}, "True");
add("less than", "{{ 1 < 2 }}", {}, "True");
add("chained comparison", "{{ 1 < 2 < 3 }}", {}, "True");
add("chained comparison false", "{{ 1 < 3 < 2 }}", {}, "False");
add("string ordering", "{{ 'abc' < 'abd' }}", {}, "True");
add("list ordering", "{{ [1, 2] < [1, 3] }}", {}, "True");
add("greater equal", "{{ 2 >= 2 }}", {}, "True");
add("none equals none", "{{ none == none }}", {}, "True");
add("undefined equals none", "{{ missing == none }}", {}, "False");
add("in list", "{{ 2 in [1, 2] }}", {}, "True");
add("in string", "{{ 'ell' in 'hello' }}", {}, "True");
add("in dict", "{{ 'a' in {'a': 1} }}", {}, "True");
add("not in", "{{ 3 not in [1, 2] }}", {}, "True");
add("in undefined", "{{ 'a' in missing }}", {}, "False");
add("and returns value", "{{ 1 and 'x' }}", {}, "x");
add("or returns value", "{{ 0 or 'y' }}", {}, "y");
add("or both falsy", "{{ '' or [] }}", {}, "[]");
add("not", "{{ not 0 }}", {}, "True");
add("not precedence", "{{ not 1 == 2 }}", {}, "True");
add("and or precedence", "{{ true or false and false }}", {}, "True");
fails("compare int string", "{{ 1 < 'a' }}");
fails("compare none", "{{ none < 1 }}");
fails("int in string", "{{ 1 in 'abc' }}");

// ---- truthiness ---------------------------------------------------------------------------------------------
add("empty list falsy", "{% if [] %}y{% else %}n{% endif %}", {}, "n");
add("empty dict falsy", "{% if {} %}y{% else %}n{% endif %}", {}, "n");
add("empty string falsy", "{% if '' %}y{% else %}n{% endif %}", {}, "n");
add("zero falsy", "{% if 0 %}y{% else %}n{% endif %}", {}, "n");
add("zero float falsy", "{% if 0.0 %}y{% else %}n{% endif %}", {}, "n");
add("none falsy", "{% if none %}y{% else %}n{% endif %}", {}, "n");
add("undefined falsy", "{% if missing %}y{% else %}n{% endif %}", {}, "n");
add("string truthy", "{% if ' ' %}y{% else %}n{% endif %}", {}, "y");
add("context empty object falsy", "{% if x %}y{% else %}n{% endif %}", { x: {} }, "n");
add("context object truthy", "{% if x %}y{% else %}n{% endif %}", { x: { a: 1 } }, "y");
add("namespace truthy", "{% if namespace() %}y{% endif %}", {}, "y");

// ---- conditional expressions --------------------------------------------------------------------------------
add("conditional expression", "{{ 'a' if true else 'b' }}", {}, "a");
add("conditional expression else", "{{ 'a' if false else 'b' }}", {}, "b");
add("conditional without else", "[{{ 'a' if false }}]", {}, "[]");
add("nested conditional", "{{ 1 if false else 2 if true else 3 }}", {}, "2");
add("conditional in filter arg", "{{ x|default('d' if true else 'e') }}", {}, "d");

// ---- attribute and item access ------------------------------------------------------------------------------
add("attribute", "{{ m.role }}", { m: messages[0] }, "system");
add("item", "{{ m['content'] }}", { m: messages[0] }, "Be brief.");
add("item then attribute", "{{ ms[1].content }}", { ms: messages }, "Hi");
add("negative index", "{{ ms[-1].role }}", { ms: messages }, "assistant");
add("index out of range undefined", "[{{ [1][5] }}]", {}, "[]");
add("missing key undefined", "[{{ {'a': 1}['b'] }}]", {}, "[]");
add("missing attribute undefined", "[{{ m.nope }}]", { m: { a: 1 } }, "[]");
add("attribute of none undefined", "[{{ none.x }}]", {}, "[]");
add("dotted integer index", "{{ x.0 }}", { x: ["a", "b"] }, "a");
add("string index", "{{ 'hello'[1] }}", {}, "e");
add("string negative index", "{{ 'hello'[-1] }}", {}, "o");
add("dict method wins over key", "{{ d['items'] }}", { d: { items: 7 } }, "7");
add("dict get method", "{{ d.get('a') }} {{ d.get('z') }} {{ d.get('z', 5) }}", { d: { a: 1 } }, "1 None 5");
add("item key from variable", "{{ d[k] }}", { d: { a: "A" }, k: "a" }, "A");
add("private key via item", "{{ d['_x'] }}", { d: { _x: 1 } }, "1");
add("private key via attribute", "{{ d._x }}", { d: { _x: 2 } }, "2");
add("nested access", "{{ a.b.c }}", { a: { b: { c: "deep" } } }, "deep");
add("is defined on missing attribute", "{{ m.tool_calls is defined }}", { m: { role: "user" } }, "False");
add("is defined on present attribute", "{{ m.role is defined }}", { m: { role: "user" } }, "True");
add("emoji string index", "{{ s[1] }}", { s: "🙂a" }, "a");
fails("attribute of undefined", "{{ missing.x }}");
fails("item of undefined", "{{ missing['x'] }}");
fails("attribute of undefined attribute", "{{ m.a.b }}", { m: {} });

// ---- slicing ------------------------------------------------------------------------------------------------
add("slice", "{{ [1, 2, 3, 4][1:3] }}", {}, "[2, 3]");
add("slice open end", "{{ [1, 2, 3][1:] }}", {}, "[2, 3]");
add("slice open start", "{{ [1, 2, 3][:2] }}", {}, "[1, 2]");
add("slice negative", "{{ [1, 2, 3][-2:] }}", {}, "[2, 3]");
add("slice reverse", "{{ [1, 2, 3][::-1] }}", {}, "[3, 2, 1]");
add("slice step", "{{ [0, 1, 2, 3, 4][::2] }}", {}, "[0, 2, 4]");
add("slice negative step bounds", "{{ [0, 1, 2, 3, 4][3:0:-1] }}", {}, "[3, 2, 1]");
add("string slice", "{{ 'hello'[1:4] }}", {}, "ell");
add("string reverse slice", "{{ 'abc'[::-1] }}", {}, "cba");
add("slice out of range", "{{ [1, 2][5:] }}", {}, "[]");
add("tuple slice", "{{ (1, 2, 3)[1:] }}", {}, "(2, 3)");
add("messages tail", "{{ ms[1:]|length }}", { ms: messages }, "2");
add("emoji slice", "{{ s[:2] }}", { s: "🙂🙃x" }, "🙂🙃");
fails("slice step zero", "{{ [1][::0] }}");

// ---- if -------------------------------------------------------------------------------------------------------
add("if true", "{% if x %}yes{% endif %}", { x: 1 }, "yes");
add("if false", "{% if x %}yes{% endif %}", { x: 0 }, "");
add("if else", "{% if x %}a{% else %}b{% endif %}", { x: false }, "b");
add("elif", "{% if x == 1 %}a{% elif x == 2 %}b{% else %}c{% endif %}", { x: 2 }, "b");
add("many elif", "{% if x == 1 %}a{% elif x == 2 %}b{% elif x == 3 %}c{% endif %}", { x: 3 }, "c");
add("nested if", "{% if a %}{% if b %}ab{% else %}a{% endif %}{% endif %}", { a: 1, b: 0 }, "a");
add("if set leaks", "{% if true %}{% set y = 1 %}{% endif %}{{ y }}", {}, "1");
add("if with tuple test", "{% if 1, 2 %}t{% endif %}", {}, "t");

// ---- for ------------------------------------------------------------------------------------------------------
add("for", "{% for x in [1, 2, 3] %}{{ x }}{% endfor %}", {}, "123");
add("for else empty", "{% for x in [] %}{{ x }}{% else %}none{% endfor %}", {}, "none");
add("for else not taken", "{% for x in [1] %}{{ x }}{% else %}none{% endfor %}", {}, "1");
add("for over string", "{% for c in 'ab' %}[{{ c }}]{% endfor %}", {}, "[a][b]");
add("for over dict keys", "{% for k in d %}{{ k }}{% endfor %}", { d: { a: 1, b: 2 } }, "ab");
add(
  "for over items",
  "{% for k, v in d.items() %}{{ k }}={{ v }};{% endfor %}",
  { d: { a: 1, b: 2 } },
  "a=1;b=2;",
);
add("for over undefined", "{% for x in missing %}{{ x }}{% else %}empty{% endfor %}", {}, "empty");
add("for tuple unpack", "{% for a, b in [(1, 2), (3, 4)] %}{{ a + b }}{% endfor %}", {}, "37");
add("for parenthesised unpack", "{% for (a, b) in [[1, 2]] %}{{ a }}{{ b }}{% endfor %}", {}, "12");
add("loop index", "{% for x in 'abc' %}{{ loop.index }}{% endfor %}", {}, "123");
add("loop index0", "{% for x in 'abc' %}{{ loop.index0 }}{% endfor %}", {}, "012");
add(
  "loop first last",
  "{% for x in 'abc' %}{{ loop.first }}{{ loop.last }} {% endfor %}",
  {},
  "TrueFalse FalseFalse FalseTrue ",
);
add("loop length", "{% for x in 'abc' %}{{ loop.length }}{% endfor %}", {}, "333");
add(
  "loop revindex",
  "{% for x in 'abc' %}{{ loop.revindex }}{{ loop.revindex0 }} {% endfor %}",
  {},
  "32 21 10 ",
);
add(
  "loop previtem nextitem",
  "{% for x in [1, 2, 3] %}{{ loop.previtem }}-{{ loop.nextitem }};{% endfor %}",
  {},
  "-2;1-3;2-;",
);
add("loop cycle", "{% for x in range(4) %}{{ loop.cycle('a', 'b') }}{% endfor %}", {}, "abab");
add("loop depth", "{% for x in [1] %}{{ loop.depth }}{{ loop.depth0 }}{% endfor %}", {}, "10");
add("loop changed", "{% for x in [1, 1, 2] %}{{ loop.changed(x) }}{% endfor %}", {}, "TrueFalseTrue");
add("for if filter", "{% for x in range(6) if x is even %}{{ x }}{% endfor %}", {}, "024");
add("for if filter length", "{% for x in range(6) if x > 2 %}{{ loop.length }}{% endfor %}", {}, "333");
add("for if filter loop index", "{% for x in range(6) if x > 3 %}{{ loop.index }}{% endfor %}", {}, "12");
add(
  "nested loops",
  "{% for a in [1, 2] %}{% for b in 'xy' %}{{ a }}{{ b }} {% endfor %}{% endfor %}",
  {},
  "1x 1y 2x 2y ",
);
add(
  "outer loop variable",
  "{% for a in [1, 2] %}{% set outer = loop %}{% for b in 'x' %}{{ outer.index }}{{ loop.index }}{% endfor %}{% endfor %}",
  {},
  "1121",
);
add(
  "set in loop does not leak",
  "{% set x = 0 %}{% for i in [1, 2] %}{% set x = i %}{% endfor %}{{ x }}",
  {},
  "0",
);
add("loop scope each iteration", "{% for i in range(3) %}[{{ x }}]{% set x = i %}{% endfor %}", {}, "[][][]");
add("loop sees outer", "{% set x = 5 %}{% for i in range(2) %}{{ x }}{% endfor %}", {}, "55");
add("loop variable not leaked", "{% for i in [1] %}{% endfor %}[{{ i }}]", {}, "[]");
add("break", "{% for x in range(10) %}{% if x == 3 %}{% break %}{% endif %}{{ x }}{% endfor %}", {}, "012");
add(
  "continue",
  "{% for x in range(5) %}{% if x is odd %}{% continue %}{% endif %}{{ x }}{% endfor %}",
  {},
  "024",
);
add(
  "break inner only",
  "{% for a in [1, 2] %}{% for b in [1, 2] %}{% break %}{% endfor %}{{ a }}{% endfor %}",
  {},
  "12",
);
add("range start stop", "{% for i in range(2, 5) %}{{ i }}{% endfor %}", {}, "234");
add("range step", "{% for i in range(10, 0, -3) %}{{ i }},{% endfor %}", {}, "10,7,4,1,");
add("range empty", "{% for i in range(0) %}x{% else %}e{% endfor %}", {}, "e");
add(
  "for over messages",
  "{% for m in messages %}<{{ m.role }}>{{ m.content }}{% endfor %}",
  { messages },
  "<system>Be brief.<user>Hi<assistant>Hello!",
);
add("for over tuple literal", "{% for x in 1, 2 %}{{ x }}{% endfor %}", {}, "12");
fails("for over none", "{% for x in none %}{% endfor %}");
fails("for over int", "{% for x in 5 %}{% endfor %}");
fails("unpack mismatch", "{% for a, b in [(1, 2, 3)] %}{% endfor %}");

// ---- set ------------------------------------------------------------------------------------------------------
add("set", "{% set x = 3 %}{{ x }}", {}, "3");
add("set expression", "{% set x = 'a' ~ 'b' %}{{ x }}", {}, "ab");
add("set tuple unpack", "{% set a, b = 1, 2 %}{{ a }}{{ b }}", {}, "12");
add("set tuple unpack list", "{% set a, b = [3, 4] %}{{ b }}{{ a }}", {}, "43");
add("set block", "{% set x %}hello {{ 'w' }}{% endset %}[{{ x }}]", {}, "[hello w]");
add("set block filter", "{% set x | upper %}abc{% endset %}{{ x }}", {}, "ABC");
add("set block trims newline", "{% set x %}\nline\n{% endset %}[{{ x }}]", {}, "[line\n]");
add("set overrides context", "{% set name = 'b' %}{{ name }}", { name: "a" }, "b");
add("set namespace attribute", "{% set ns = namespace(n=0) %}{% set ns.n = 5 %}{{ ns.n }}", {}, "5");
add(
  "namespace in loop",
  "{% set ns = namespace(total=0) %}{% for i in [1, 2, 3] %}{% set ns.total = ns.total + i %}{% endfor %}{{ ns.total }}",
  {},
  "6",
);
add(
  "namespace new attribute",
  "{% set ns = namespace() %}{% set ns.found = true %}{{ ns.found }}",
  {},
  "True",
);
add("namespace from dict", "{% set ns = namespace({'a': 1}) %}{{ ns.a }}", {}, "1");
add("namespace missing attribute", "[{{ namespace().x }}]", {}, "[]");
add("namespace item access", "{% set ns = namespace(a=1) %}{{ ns['a'] }}", {}, "1");
add("set to none", "{% set x = none %}{{ x }}", {}, "None");
fails("set attribute on non-namespace", "{% set d = {} %}{% set d.x = 1 %}");
fails("set unpack too few", "{% set a, b = [1] %}");

// ---- macros and call ------------------------------------------------------------------------------------------
add("macro", "{% macro hi(name) %}Hi {{ name }}{% endmacro %}{{ hi('A') }}", {}, "Hi A");
add(
  "macro default",
  "{% macro f(a, b='x') %}{{ a }}{{ b }}{% endmacro %}{{ f(1) }}{{ f(1, 2) }}",
  {},
  "1x12",
);
add("macro keyword", "{% macro f(a, b) %}{{ a }}-{{ b }}{% endmacro %}{{ f(b=2, a=1) }}", {}, "1-2");
add("macro missing arg undefined", "{% macro f(a, b) %}[{{ b }}]{% endmacro %}{{ f(1) }}", {}, "[]");
add("macro default uses earlier param", "{% macro f(a, b=a) %}{{ b }}{% endmacro %}{{ f(3) }}", {}, "3");
add(
  "macro sees globals at call time",
  "{% macro m() %}{{ b }}{% endmacro %}{% set b = 2 %}{{ m() }}{% set b = 3 %}{{ m() }}",
  {},
  "23",
);
add("macro sees context", "{% macro m() %}{{ name }}{% endmacro %}{{ m() }}", { name: "ctx" }, "ctx");
add(
  "macro set is local",
  "{% set x = 1 %}{% macro m() %}{% set x = 2 %}{{ x }}{% endmacro %}{{ m() }}{{ x }}",
  {},
  "21",
);
add(
  "macro recursion",
  "{% macro fact(n) %}{% if n <= 1 %}1{% else %}{{ n * fact(n - 1)|int }}{% endif %}{% endmacro %}{{ fact(5) }}",
  {},
  "120",
);
add("macro output is string", "{% macro m() %}12{% endmacro %}{{ m() ~ 3 }}", {}, "123");
add("macro whitespace", "{% macro m(x) %}\n  <{{ x }}>\n{% endmacro %}[{{ m(1) }}]", {}, "[  <1>\n]");
add("macro is callable", "{% macro m() %}{% endmacro %}{{ m is callable }}", {}, "True");
add(
  "call block",
  "{% macro wrap() %}[{{ caller() }}]{% endmacro %}{% call wrap() %}inside{% endcall %}",
  {},
  "[inside]",
);
add(
  "call block with args",
  "{% macro each(xs) %}{% for x in xs %}{{ caller(x) }}{% endfor %}{% endmacro %}{% call(x) each([1, 2]) %}<{{ x }}>{% endcall %}",
  {},
  "<1><2>",
);
add(
  "call block sees outer",
  "{% set v = 'o' %}{% macro w() %}{{ caller() }}{% endmacro %}{% call w() %}{{ v }}{% endcall %}",
  {},
  "o",
);
add("call with star args", "{% macro f(a, b) %}{{ a }}{{ b }}{% endmacro %}{{ f(*[1, 2]) }}", {}, "12");
add(
  "call with double star kwargs",
  "{% macro f(a, b) %}{{ a }}{{ b }}{% endmacro %}{{ f(**{'b': 2, 'a': 1}) }}",
  {},
  "12",
);
fails("macro too many args", "{% macro f(a) %}{% endmacro %}{{ f(1, 2) }}");
fails("macro unknown keyword", "{% macro f(a) %}{% endmacro %}{{ f(b=1) }}");

// ---- filter blocks, with, generation --------------------------------------------------------------------------
add("filter block", "{% filter upper %}abc{{ 'd' }}{% endfilter %}", {}, "ABCD");
add("filter block chain", "{% filter trim|upper %}  x  {% endfilter %}", {}, "X");
add("filter block with args", "{% filter replace('a', 'b') %}aaa{% endfilter %}", {}, "bbb");
add("with block", "{% with a = 1, b = 2 %}{{ a + b }}{% endwith %}[{{ a }}]", {}, "3[]");
add("generation block", "{% generation %}answer {{ 1 }}{% endgeneration %}", {}, "answer 1");
add("generation block trims", "a\n{% generation %}\nb\n{% endgeneration %}\nc", {}, "a\nb\nc");

// ---- filters: strings -----------------------------------------------------------------------------------------
add("trim", "[{{ '  a b \\n'|trim }}]", {}, "[a b]");
add("trim chars", "{{ 'xxaxx'|trim('x') }}", {}, "a");
add("upper", "{{ 'abc'|upper }}", {}, "ABC");
add("lower", "{{ 'ABC'|lower }}", {}, "abc");
add("title filter", "{{ 'hello world-foo bar_baz'|title }}", {}, "Hello World-Foo Bar_baz");
add("title filter apostrophe", '{{ "it\'s ok"|title }}', {}, "It's Ok");
add("capitalize", "{{ 'hELLO wORLD'|capitalize }}", {}, "Hello world");
add("replace", "{{ 'aXbXc'|replace('X', '-') }}", {}, "a-b-c");
add("replace count", "{{ 'aaa'|replace('a', 'b', 2) }}", {}, "bba");
add("replace empty old", "{{ 'ab'|replace('', '-') }}", {}, "-a-b-");
add("string filter on list", "{{ [1, 'a']|string }}", {}, "[1, 'a']");
add("string filter on none", "{{ none|string }}", {}, "None");
add("upper on number", "{{ 5|upper }}", {}, "5");
add("indent", "{{ 'a\\nb\\nc'|indent(2) }}", {}, "a\n  b\n  c");
add("indent first", "{{ 'a\\nb'|indent(2, true) }}", {}, "  a\n  b");
add("indent blank lines", "{{ 'a\\n\\nb'|indent(2) }}", {}, "a\n\n  b");
add("indent blank true", "{{ 'a\\n\\nb'|indent(2, blank=true) }}", {}, "a\n  \n  b");
add("indent string width", "{{ 'a\\nb'|indent('> ') }}", {}, "a\n> b");
add("indent default", "{{ 'a\\nb'|indent }}", {}, "a\n    b");
add("indent trailing newline", "[{{ 'a\\nb\\n'|indent(2) }}]", {}, "[a\n  b\n]");
add("center", "[{{ 'ab'|center(7) }}]", {}, "[   ab  ]");
add("center odd", "[{{ 'abc'|center(6) }}]", {}, "[ abc  ]");
add("truncate within leeway", "{{ 'hello world foo'|truncate(11) }}", {}, "hello world foo");
add("truncate", "{{ 'hello world foo bar'|truncate(11) }}", {}, "hello...");
add("truncate long", "{{ 'aaaa bbbb cccc dddd eeee'|truncate(12) }}", {}, "aaaa...");
add("truncate killwords", "{{ 'aaaa bbbb cccc dddd eeee'|truncate(12, true) }}", {}, "aaaa bbbb...");
add("truncate end", "{{ 'abcdefghijklmnopqrstuvwxyz'|truncate(10, true, '!', 0) }}", {}, "abcdefghi!");
add("wordcount", "{{ 'one two, three'|wordcount }}", {}, "3");
add("format filter", "{{ '%s is %d'|format('x', 3) }}", {}, "x is 3");
add("escape", "{{ '<a href=\"x\">&'|escape }}", {}, "&lt;a href=&#34;x&#34;&gt;&amp;");
add("safe", "{{ '<b>'|safe }}", {}, "<b>");
add("length of string", "{{ 'héllo'|length }}", {}, "5");
add("length of emoji", "{{ s|length }}", { s: "🙂🙂" }, "2");
add("reverse string", "{{ 'abc'|reverse }}", {}, "cba");
add("list of string", "{{ 'ab'|list }}", {}, "['a', 'b']");
add("first of string", "{{ 'abc'|first }}", {}, "a");
add("last of string", "{{ 'abc'|last }}", {}, "c");

// ---- filters: numbers -----------------------------------------------------------------------------------------
add("int from string", "{{ '42'|int }}", {}, "42");
add("int from float string", "{{ '4.7'|int }}", {}, "4");
add("int from bad string", "{{ 'x'|int }}", {}, "0");
add("int default", "{{ 'x'|int(7) }}", {}, "7");
add("int from float", "{{ 3.9|int }}", {}, "3");
add("int negative float", "{{ -3.9|int }}", {}, "-3");
add("int base", "{{ 'ff'|int(base=16) }}", {}, "255");
add("float from string", "{{ '2.5'|float }}", {}, "2.5");
add("float from int", "{{ 2|float }}", {}, "2.0");
add("float bad", "{{ 'x'|float }}", {}, "0.0");
add("abs", "{{ -3|abs }} {{ (-2.5)|abs }}", {}, "3 2.5");
add("round", "{{ 2.7|round }}", {}, "3.0");
add("round half even", "{{ 2.5|round }} {{ 3.5|round }}", {}, "2.0 4.0");
add("round precision", "{{ 3.14159|round(2) }}", {}, "3.14");
add("round binary tie", "{{ 2.675|round(2) }}", {}, "2.67");
add("round int", "{{ 3|round }}", {}, "3");
add("round floor", "{{ 3.7|round(0, 'floor') }}", {}, "3.0");
add("round ceil", "{{ 3.2|round(method='ceil') }}", {}, "4.0");
add("round negative", "{{ -2.5|round }}", {}, "-2.0");
add("sum", "{{ [1, 2, 3]|sum }}", {}, "6");
add("sum attribute", "{{ items|sum(attribute='n') }}", { items: [{ n: 1 }, { n: 2 }] }, "3");
add("sum floats", "{{ [0.5, 0.5]|sum }}", {}, "1.0");
add("min max", "{{ [3, 1, 2]|min }}{{ [3, 1, 2]|max }}", {}, "13");
add("max strings case-insensitive", "{{ ['b', 'A', 'c']|max }}", {}, "c");
add("int of bool", "{{ true|int }}", {}, "1");

// ---- filters: sequences ---------------------------------------------------------------------------------------
add("length list", "{{ [1, 2, 3]|length }}", {}, "3");
add("count", "{{ [1, 2]|count }}", {}, "2");
add("length dict", "{{ {'a': 1}|length }}", {}, "1");
add("length undefined", "{{ missing|length }}", {}, "0");
add("first", "{{ [1, 2]|first }}", {}, "1");
add("last", "{{ [1, 2]|last }}", {}, "2");
add("first empty", "[{{ []|first }}]", {}, "[]");
add("join", "{{ ['a', 'b']|join(', ') }}", {}, "a, b");
add("join numbers", "{{ [1, 2]|join }}", {}, "12");
add("join attribute", "{{ ms|join(' ', attribute='role') }}", { ms: messages }, "system user assistant");
add("list of dict", "{{ {'a': 1, 'b': 2}|list }}", {}, "['a', 'b']");
add("list of tuple", "{{ (1, 2)|list }}", {}, "[1, 2]");
add("reverse list", "{{ [1, 2, 3]|reverse|list }}", {}, "[3, 2, 1]");
add("sort", "{{ [3, 1, 2]|sort }}", {}, "[1, 2, 3]");
add("sort reverse", "{{ [3, 1, 2]|sort(reverse=true) }}", {}, "[3, 2, 1]");
add("sort strings case-insensitive", "{{ ['b', 'A', 'c']|sort }}", {}, "['A', 'b', 'c']");
add("sort case sensitive", "{{ ['b', 'A', 'c']|sort(case_sensitive=true) }}", {}, "['A', 'b', 'c']");
add(
  "sort attribute",
  "{{ (xs|sort(attribute='n'))|map(attribute='n')|list }}",
  { xs: [{ n: 2 }, { n: 1 }] },
  "[1, 2]",
);
add(
  "sort stable",
  "{{ xs|sort(attribute='k')|map(attribute='v')|join }}",
  {
    xs: [
      { k: 1, v: "a" },
      { k: 0, v: "b" },
      { k: 1, v: "c" },
    ],
  },
  "bac",
);
add("unique", "{{ [1, 2, 1, 3]|unique|list }}", {}, "[1, 2, 3]");
add("unique case-insensitive", "{{ ['a', 'A', 'b']|unique|list }}", {}, "['a', 'b']");
add(
  "map attribute",
  "{{ ms|map(attribute='role')|list }}",
  { ms: messages },
  "['system', 'user', 'assistant']",
);
add("map attribute default", "{{ xs|map(attribute='n', default=0)|list }}", { xs: [{ n: 1 }, {}] }, "[1, 0]");
add("map filter", "{{ ['a', 'b']|map('upper')|list }}", {}, "['A', 'B']");
add("map filter args", "{{ ['a-b']|map('replace', '-', '+')|list }}", {}, "['a+b']");
add("select", "{{ [0, 1, 2, 3]|select('odd')|list }}", {}, "[1, 3]");
add("select truthy", "{{ [0, 1, '', 'a']|select|list }}", {}, "[1, 'a']");
add("reject", "{{ [0, 1, 2, 3]|reject('odd')|list }}", {}, "[0, 2]");
add("select with arg", "{{ [1, 5, 10]|select('gt', 4)|list }}", {}, "[5, 10]");
add(
  "selectattr",
  "{{ ms|selectattr('role', 'equalto', 'user')|map(attribute='content')|list }}",
  { ms: messages },
  "['Hi']",
);
add(
  "selectattr truthy",
  "{{ xs|selectattr('ok')|list|length }}",
  { xs: [{ ok: true }, { ok: false }, {}] },
  "1",
);
add("rejectattr", "{{ ms|rejectattr('role', 'eq', 'system')|list|length }}", { ms: messages }, "2");
add(
  "selectattr defined",
  "{{ xs|selectattr('a', 'defined')|list|length }}",
  { xs: [{ a: 1 }, { b: 2 }] },
  "1",
);
add(
  "selectattr in",
  "{{ ms|selectattr('role', 'in', ['user', 'system'])|list|length }}",
  { ms: messages },
  "2",
);
add("items filter", "{{ {'a': 1}|items|list }}", {}, "[('a', 1)]");
add("dictsort", "{{ {'b': 1, 'a': 2}|dictsort }}", {}, "[('a', 2), ('b', 1)]");
add("dictsort by value", "{{ {'b': 1, 'a': 2}|dictsort(by='value') }}", {}, "[('b', 1), ('a', 2)]");
add("batch", "{{ [1, 2, 3]|batch(2)|list }}", {}, "[[1, 2], [3]]");
add("batch fill", "{{ [1, 2, 3]|batch(2, 0)|list }}", {}, "[[1, 2], [3, 0]]");
add("default undefined", "{{ missing|default('d') }}", {}, "d");
add("default defined", "{{ 'x'|default('d') }}", {}, "x");
add("default none kept", "{{ none|default('d') }}", {}, "None");
add("default boolean", "{{ ''|default('d', true) }}", {}, "d");
add("d alias", "{{ missing|d('z') }}", {}, "z");
add("default empty", "[{{ missing|default }}]", {}, "[]");
add("attr filter skips dict keys", "[{{ m|attr('role') }}]", { m: { role: "r" } }, "[]");
add("attr filter method", "{{ (m|attr('keys'))()|list }}", { m: { role: "r" } }, "['role']");
add("filter chain", "{{ '  Hello '|trim|lower|replace('l', 'L') }}", {}, "heLLo");
add("filter on expression", "{{ ('a' ~ 'b')|upper }}", {}, "AB");
add("filter precedence over plus", "{{ 1 + [1, 2]|length }}", {}, "3");
fails("unknown filter", "{{ 1|nosuchfilter }}");
fails("split filter does not exist", "{{ 'a b'|split }}");
fails("sort mixed types", "{{ [1, 'a']|sort }}");

// ---- tojson ---------------------------------------------------------------------------------------------------
add("tojson string", "{{ 'a\"b'|tojson }}", {}, '"a\\"b"');
add("tojson no html escaping", "{{ '<a>&\\''|tojson }}", {}, '"<a>&\'"');
add("tojson non-ascii kept", "{{ 'é日🙂'|tojson }}", {}, '"é日🙂"');
add("tojson dict spacing", "{{ {'a': 1, 'b': [1, 2]}|tojson }}", {}, '{"a": 1, "b": [1, 2]}');
add("tojson key order kept", "{{ d|tojson }}", { d: { z: 1, a: 2 } }, '{"z": 1, "a": 2}');
add("tojson sort_keys", "{{ d|tojson(sort_keys=true) }}", { d: { z: 1, a: 2 } }, '{"a": 2, "z": 1}');
add(
  "tojson indent",
  "{{ {'a': [1, {}], 'b': []}|tojson(indent=2) }}",
  {},
  '{\n  "a": [\n    1,\n    {}\n  ],\n  "b": []\n}',
);
add(
  "tojson indent 4",
  "{{ d|tojson(indent=4) }}",
  { d: { a: { b: "c" } } },
  '{\n    "a": {\n        "b": "c"\n    }\n}',
);
add("tojson separators", "{{ {'a': [1, 2]}|tojson(separators=(',', ':')) }}", {}, '{"a":[1,2]}');
add("tojson floats", "{{ [1.0, 0.5, 1e20, 2]|tojson }}", {}, "[1.0, 0.5, 1e+20, 2]");
add("tojson none bools", "{{ [none, true, false]|tojson }}", {}, "[null, true, false]");
add("tojson control chars", "{{ 'a\\x01\\n\\t'|tojson }}", {}, '"a\\u0001\\n\\t"');
add("tojson tuple", "{{ (1, 'a')|tojson }}", {}, '[1, "a"]');
add(
  "tojson non-string keys",
  "{{ {1: 'a', none: 'b', 2.5: 'c'}|tojson }}",
  {},
  '{"1": "a", "null": "b", "2.5": "c"}',
);
add("tojson ensure_ascii", "{{ 'é'|tojson(true) }}", {}, '"\\u00e9"');
add(
  "tojson tool schema",
  "{{ tools[0]|tojson }}",
  {
    tools: [
      {
        type: "function",
        function: { name: "get", parameters: { type: "object", properties: { q: { type: "string" } } } },
      },
    ],
  },
  '{"type": "function", "function": {"name": "get", "parameters": {"type": "object", "properties": {"q": {"type": "string"}}}}}',
);
add("tojson unicode line separator", "{{ s|tojson }}", { s: "a\u2028b" }, '"a\u2028b"');
add("tojson empty containers", "{{ [[], {}]|tojson(indent=2) }}", {}, "[\n  [],\n  {}\n]");
fails("tojson undefined", "{{ missing|tojson }}");
fails("tojson namespace", "{{ namespace()|tojson }}");

// ---- tests ----------------------------------------------------------------------------------------------------
add("is defined", "{{ x is defined }} {{ y is defined }}", { x: 1 }, "True False");
add("is undefined", "{{ y is undefined }}", {}, "True");
add("is not defined", "{{ y is not defined }}", {}, "True");
add("is none", "{{ x is none }} {{ y is none }}", { x: null }, "True False");
add("is not none", "{{ x is not none }}", { x: 0 }, "True");
add("is string", "{{ 'a' is string }} {{ 1 is string }}", {}, "True False");
add(
  "is number",
  "{{ 1 is number }} {{ 1.5 is number }} {{ 'a' is number }} {{ true is number }}",
  {},
  "True True False True",
);
add("is integer", "{{ 1 is integer }} {{ 1.0 is integer }} {{ true is integer }}", {}, "True False False");
add("is float", "{{ 1.0 is float }} {{ 1 is float }}", {}, "True False");
add(
  "is mapping",
  "{{ {} is mapping }} {{ [] is mapping }} {{ d is mapping }}",
  { d: { a: 1 } },
  "True False True",
);
add(
  "is iterable",
  "{{ [] is iterable }} {{ 'a' is iterable }} {{ 1 is iterable }} {{ missing is iterable }}",
  {},
  "True True False True",
);
add("is sequence", "{{ [] is sequence }} {{ 'a' is sequence }} {{ 1 is sequence }}", {}, "True True False");
add("is boolean", "{{ true is boolean }} {{ 1 is boolean }}", {}, "True False");
add("is true false", "{{ true is true }} {{ 1 is true }} {{ false is false }}", {}, "True False True");
add("is odd even", "{{ 3 is odd }} {{ 3 is even }}", {}, "True False");
add("is divisibleby", "{{ 9 is divisibleby 3 }} {{ 9 is divisibleby(2) }}", {}, "True False");
add("is in", "{{ 2 is in [1, 2] }}", {}, "True");
add("is eq", "{{ 1 is eq 1 }} {{ 1 is equalto 2 }}", {}, "True False");
add("is ne", "{{ 1 is ne 2 }}", {}, "True");
add(
  "is lt gt",
  "{{ 1 is lt 2 }} {{ 1 is gt 2 }} {{ 2 is le 2 }} {{ 2 is ge 3 }}",
  {},
  "True False True False",
);
add("is lessthan greaterthan", "{{ 1 is lessthan 2 }} {{ 1 is greaterthan 2 }}", {}, "True False");
add(
  "is callable",
  "{{ range is callable }} {{ 1 is callable }} {{ 'a'.upper is callable }}",
  {},
  "True False True",
);
add("is lower upper", "{{ 'abc' is lower }} {{ 'ABC' is upper }} {{ 'aB' is lower }}", {}, "True True False");
add("is sameas", "{{ none is sameas none }}", {}, "True");
add("test in and", "{{ x is defined and x > 1 }}", { x: 2 }, "True");
add("test precedence not", "{{ not x is defined }}", {}, "True");
add("test with string arg", "{{ 'a' is eq 'a' }}", {}, "True");
add(
  "is string on content list",
  "{{ m.content is string }}",
  { m: { content: [{ type: "text", text: "x" }] } },
  "False",
);
fails("unknown test", "{{ 1 is nosuchtest }}");
fails("odd on string", "{{ 'a' is odd }}");

// ---- string methods -------------------------------------------------------------------------------------------
add("strip", "[{{ '  a  '.strip() }}]", {}, "[a]");
add("strip chars", "{{ 'xxaxx'.strip('x') }}", {}, "a");
add("lstrip rstrip", "[{{ '  a  '.lstrip() }}|{{ '  a  '.rstrip() }}]", {}, "[a  |  a]");
add("rstrip chars", "{{ 'a\\n\\n'.rstrip('\\n') }}", {}, "a");
add("split default", "{{ ' a  b '.split() }}", {}, "['a', 'b']");
add("split sep", "{{ 'a,b,,c'.split(',') }}", {}, "['a', 'b', '', 'c']");
add("split maxsplit", "{{ 'a,b,c'.split(',', 1) }}", {}, "['a', 'b,c']");
add("split whitespace maxsplit", "{{ 'a b  c'.split(none, 1) }}", {}, "['a', 'b  c']");
add("split then index", "{{ 'k=v'.split('=')[1] }}", {}, "v");
add("startswith", "{{ 'hello'.startswith('he') }}", {}, "True");
add("startswith tuple", "{{ 'hello'.startswith(('x', 'h')) }}", {}, "True");
add("endswith", "{{ 'hello'.endswith('lo') }} {{ 'hello'.endswith(('a', 'b')) }}", {}, "True False");
add("upper method", "{{ 'ab'.upper() }}", {}, "AB");
add("lower method", "{{ 'AB'.lower() }}", {}, "ab");
add("title method", '{{ "hello world it\'s".title() }}', {}, "Hello World It'S");
add("capitalize method", "{{ 'hELLO'.capitalize() }}", {}, "Hello");
add("replace method", "{{ 'a-b-c'.replace('-', '+') }}", {}, "a+b+c");
add("replace method count", "{{ 'a-b-c'.replace('-', '+', 1) }}", {}, "a+b-c");
add("join method", "{{ ', '.join(['a', 'b']) }}", {}, "a, b");
add("format method", "{{ '{} and {}'.format('a', 'b') }}", {}, "a and b");
add("format method named", "{{ '{x}-{y}'.format(x=1, y=2) }}", {}, "1-2");
add("format method index", "{{ '{1}{0}'.format('a', 'b') }}", {}, "ba");
add("format method spec", "{{ '{:>5}|{:.2f}|{:03d}'.format('a', 3.14159, 7) }}", {}, "    a|3.14|007");
add("format method braces", "{{ '{{}} {}'.format(1) }}", {}, "{} 1");
add("count method", "{{ 'banana'.count('a') }}", {}, "3");
add("find method", "{{ 'hello'.find('l') }} {{ 'hello'.find('z') }}", {}, "2 -1");
add("rfind method", "{{ 'hello'.rfind('l') }}", {}, "3");
add("splitlines method", "{{ 'a\\nb\\r\\nc'.splitlines() }}", {}, "['a', 'b', 'c']");
add("method chain", "{{ '  A,B '.strip().lower().split(',') }}", {}, "['a', 'b']");
add("method on undefined attr item", "{{ m.content.strip() }}", { m: { content: " x " } }, "x");
add("isdigit", "{{ '123'.isdigit() }} {{ '1a'.isdigit() }}", {}, "True False");
add("method missing undefined", "[{{ 'a'.nosuch }}]", {}, "[]");
fails("join method non-strings", "{{ ','.join([1, 2]) }}");
fails("call missing method", "{{ 'a'.nosuch() }}");

// ---- dict and list methods ------------------------------------------------------------------------------------
add("dict items", "{{ d.items()|list }}", { d: { a: 1 } }, "[('a', 1)]");
add("dict keys", "{{ d.keys()|list }}", { d: { a: 1, b: 2 } }, "['a', 'b']");
add("dict values", "{{ d.values()|list }}", { d: { a: 1, b: 2 } }, "[1, 2]");
add("dict literal items", "{% for k, v in {'x': 1}.items() %}{{ k }}{{ v }}{% endfor %}", {}, "x1");
add("list index", "{{ [1, 2, 3].index(2) }}", {}, "1");
add("list count", "{{ [1, 2, 1].count(1) }}", {}, "2");
add("dict function", "{{ dict(a=1, b=2) }}", {}, "{'a': 1, 'b': 2}");
add("dict function from pairs", "{{ dict([('a', 1)]) }}", {}, "{'a': 1}");
fails("list append forbidden", "{% set xs = [] %}{{ xs.append(1) }}");
fails("list pop forbidden", "{{ [1].pop() }}");
fails("dict update forbidden", "{% set d = {} %}{{ d.update({'a': 1}) }}");
fails("dict pop forbidden", "{{ d.pop('a') }}", { d: { a: 1 } });
fails("list index missing", "{{ [1].index(5) }}");

// ---- globals ----------------------------------------------------------------------------------------------------
add("range list", "{{ range(3)|list }}", {}, "[0, 1, 2]");
add("range length", "{{ range(5)|length }}", {}, "5");
add("raise_exception", "{% if false %}{{ raise_exception('no') }}{% endif %}ok", {}, "ok");
add("strftime_now", "{{ strftime_now('%Y-%m-%d') }}", {}, "2024-07-26");
add(
  "strftime_now names",
  "{{ strftime_now('%d %b %Y %A %B %H:%M:%S') }}",
  {},
  "26 Jul 2024 Friday July 10:30:05",
);
add("strftime_now no padding", "{{ strftime_now('%-d %-m') }}", {}, "26 7");
add("strftime_now 12 hour", "{{ strftime_now('%I %p %j %y') }}", {}, "10 AM 208 24");
add("namespace repr", "{{ namespace(a=1) }}", {}, "<Namespace {'a': 1}>");
fails("raise_exception raises", "{{ raise_exception('Conversation roles must alternate') }}");
fails("range too big", "{{ range(1000000)|length }}");
fails("call undefined", "{{ nosuch() }}");
fails("call string", "{{ 'a'() }}");
fails("range of float", "{{ range(1.5) }}");

// ---- chat-template idioms ---------------------------------------------------------------------------------------
add(
  "bos and roles",
  "{{ bos_token }}{% for m in messages %}{{ '<|' + m.role + '|>' + m.content }}{% endfor %}",
  { bos_token: "<s>", messages },
  "<s><|system|>Be brief.<|user|>Hi<|assistant|>Hello!",
);
add(
  "system message split",
  "{% if messages[0].role == 'system' %}{% set sys = messages[0].content %}{% set rest = messages[1:] %}{% else %}{% set rest = messages %}{% endif %}{{ sys }}|{{ rest|length }}",
  { messages },
  "Be brief.|2",
);
add(
  "alternation check",
  "{% for m in messages[1:] %}{% if (m.role == 'user') != (loop.index0 % 2 == 0) %}{{ raise_exception('alternate') }}{% endif %}{% endfor %}ok",
  { messages },
  "ok",
);
fails(
  "alternation check fails",
  "{% for m in messages %}{% if (m.role == 'user') != (loop.index0 % 2 == 0) %}{{ raise_exception('Conversation roles must alternate user/assistant/user/assistant/...') }}{% endif %}{% endfor %}",
  { messages },
);
add(
  "content parts",
  "{% for p in m.content %}{% if p.type == 'text' %}{{ p.text }}{% elif p.type == 'image' %}<image>{% endif %}{% endfor %}",
  { m: { content: [{ type: "image" }, { type: "text", text: "What?" }] } },
  "<image>What?",
);
add(
  "last message flag",
  "{% for m in messages %}{% if loop.last %}{{ m.role }}{% endif %}{% endfor %}",
  { messages },
  "assistant",
);
add(
  "generation prompt",
  "{% if add_generation_prompt %}<|assistant|>\n{% endif %}",
  { add_generation_prompt: true },
  "<|assistant|>\n",
);
add(
  "tool call arguments json",
  "{{ tc.arguments|tojson }}",
  { tc: { arguments: { city: "Paris", days: 3 } } },
  '{"city": "Paris", "days": 3}',
);
add(
  "tool call arguments string",
  "{% if tc.arguments is string %}{{ tc.arguments }}{% else %}{{ tc.arguments|tojson }}{% endif %}",
  { tc: { arguments: '{"a": 1}' } },
  '{"a": 1}',
);
add(
  "namespace last user index",
  "{% set ns = namespace(last=-1) %}{% for m in messages %}{% if m.role == 'user' %}{% set ns.last = loop.index0 %}{% endif %}{% endfor %}{{ ns.last }}",
  { messages },
  "1",
);
add(
  "reasoning split",
  "{{ c.split('</think>')[-1].lstrip('\\n') }}",
  { c: "<think>x</think>\n\nanswer" },
  "answer",
);
add("messages reverse loop", "{% for m in messages[::-1] %}{{ m.role[0] }}{% endfor %}", { messages }, "aus");
add(
  "keyword bool in context",
  "{% if enable_thinking is defined and enable_thinking is false %}off{% endif %}",
  { enable_thinking: false },
  "off",
);
add(
  "tools loop json",
  "{% for t in tools %}{{ t|tojson }}\n{% endfor %}",
  { tools: [{ name: "a" }, { name: "b" }] },
  '{"name": "a"}\n{"name": "b"}\n',
);
add("trim content", "{{ m.content|trim }}", { m: { content: "\n x \n" } }, "x");
add("role title", "{{ 'user'|title }}: hi", {}, "User: hi");
add("indent tool json", "{{ t|tojson(indent=4)|indent(4) }}", { t: { a: 1 } }, '{\n        "a": 1\n    }');
add(
  "selectattr system messages",
  "{{ messages|selectattr('role', 'equalto', 'system')|list|length }}",
  { messages },
  "1",
);
add(
  "whitespace heavy template",
  "{%- for m in messages -%}\n  {{- m.role -}}\n  {%- if not loop.last %}, {% endif -%}\n{%- endfor -%}",
  { messages },
  "system, user, assistant",
);
add(
  "block-indented loop",
  "<s>\n{% for m in messages %}\n    {% if m.role == 'user' %}\n    [INST] {{ m.content }} [/INST]\n    {% else %}\n    {{ m.content }}\n    {% endif %}\n{% endfor %}",
  { messages: messages.slice(1) },
  "<s>\n    [INST] Hi [/INST]\n    Hello!\n",
);

// ---- more Python semantics, checked against jinja2 only -------------------------------------------------------
add("percent format widths", "{{ '%5s|%-5s|%05.1f|%x|%r' % ('a', 'b', 3.14159, 255, 'q') }}");
add("percent format zero padded negative", "{{ '%05d|%-4d|%c%c' % (-3, 7, 72, 'i') }}");
add("format thousands", "{{ '{:,}'.format(1234567) }}");
add("format percent", "{{ '{:.1%}'.format(0.256) }}");
add("format conversions", "{{ '{!r} {!s}'.format('a', 'b') }}");
add("format center fill", "{{ '{:*^9}'.format('mid') }}");
add("format sign", "{{ '{:+d} {: d}'.format(5, 7) }}");
add("upper sharp s", "{{ 'straße'|upper }}");
add("float tiny", "{{ 1e-7 }}");
add("float big integral", "{{ 123456789012345678.0 }}");
add("float negative zero", "{{ -0.0 }}");
add("float division repr", "{{ 10 / 4 }} {{ 2 / 3 }} {{ 1e300 * 10 }}");
add("sum then divide", "{{ [1, 2, 3]|sum / 2 }}");
add("float filter divide", "{{ 3|float / 2 }}");
add(
  "round binary",
  "{{ (0.1 * 3)|round(2) }} {{ 1.005|round(2) }} {{ 0.5|round }} {{ 1.5|round }} {{ -0.5|round }}",
);
add("round precision integral", "{{ 2.0|round(1) }} {{ 1234.5678|round(-2) }}");
add("int dict key lookup", "{{ {1: 'a'}[1] }}");
add("dictsort reverse", "{{ {'b': 1, 'a': 2}|dictsort(reverse=true) }}");
add("dictsort case", "{{ {'b': 1, 'A': 2}|dictsort }}");
add("center narrow", "[{{ 'abc'|center(2) }}]");
add("items loop", "{% for k, v in d|items %}{{ k }}{{ v }}{% endfor %}", { d: { x: 1, y: 2 } });
add("join contents newline", "{{ ms|map(attribute='content')|join('\n') }}", { ms: messages });
add("first of list filter", "{{ 'abc'|list|first }}");
add("default none boolean", "{{ none|default('x', true) }}");
add("string test undefined", "{{ missing is string }}");
add("conditional defined", "{{ 'a' if x is defined else 'b' }}");
add("set default plus one", "{% set x = x|default(0) + 1 %}{{ x }}");
add("float floor division", "{{ -7 // 2.0 }} {{ 7 % 2.5 }} {{ 2 ** 0.5 }}");
add("string step slice", "{{ 'Hello'[::2] }}");
add("sorted first", "{{ [3, 1, 2]|sort|first }} {{ [1, 2, 3]|reverse|first }}");
add("range reverse list", "{{ range(3)|reverse|list }}");
add("loop outside loop", "[{{ loop }}]");
add(
  "nested namespace list",
  "{% set ns = namespace(items=[]) %}{% for i in range(3) %}{% set ns.items = ns.items + [i] %}{% endfor %}{{ ns.items }}",
);
add("string multiply list join", "{{ (['ab'] * 2)|join('-') }}");
add("comparison of lists of strings", "{{ ['a', 'b'] < ['a', 'c'] }}");
add("count method overlapping", "{{ 'aaaa'.count('aa') }}");
add("split on multi-char", "{{ 'a<>b<>c'.split('<>') }}");
add("rsplit style via slicing", "{{ 'a.b.c'.split('.')[-1] }}");
add("strip multiple chars", "{{ '<<x>>'.strip('<>') }}");
add("title with digits", "{{ 'abc1def 2ghi'.title() }}");
add("capitalize filter unicode", "{{ 'éCOLE'|capitalize }}");
add("wordcount unicode", "{{ 'héllo wörld, ça va'|wordcount }}");
add("unique attribute", "{{ xs|unique(attribute='k')|map(attribute='v')|join }}", {
  xs: [
    { k: "a", v: 1 },
    { k: "A", v: 2 },
    { k: "b", v: 3 },
  ],
});
add("min attribute", "{{ (xs|min(attribute='n')).n }}", { xs: [{ n: 3 }, { n: 1 }] });
add("sum start", "{{ [1, 2]|sum(start=10) }}");
add("select equalto string", "{{ ['a', 'b', 'a']|select('equalto', 'a')|list|length }}");
add("reject none", "{{ [1, none, 2]|reject('none')|list }}");
add("map int", "{{ ['1', '2']|map('int')|sum }}");
add("batch nested loop", "{% for row in [1, 2, 3, 4, 5]|batch(2) %}{{ row|join(',') }};{% endfor %}");
add(
  "tojson nested indent separators",
  "{{ {'a': [1, {'b': none}]}|tojson(indent=2, separators=(',', ': ')) }}",
);
add("tojson string indent", "{{ {'a': 1}|tojson(indent='\t') }}");
add("tojson float keys and bools", "{{ {'x': 1.5, 'y': false}|tojson(sort_keys=true) }}");
add("repr of unicode escapes", "{{ ['\u200b', '\u2028', '\u{1F600}'] }}");
add("repr of quote mix", `{{ ["a'b", 'c"d', 'e\\'f"g'] }}`);
add("repr nested tuple in list", "{{ [(1, 'a'), ()] }}");
add("int of whitespace string", "{{ '  12  '|int }} {{ '1_000'|int }} {{ '0x1A'|int(0, 16) }}");
add("float of exponent string", "{{ '1e3'|float }} {{ 'inf'|float }}");
add("abs of bool", "{{ true|abs }}");
add("length of tuple and nested", "{{ (1, 2)|length }} {{ [[1, 2]]|length }}");
add("in tuple", "{{ 'a' in ('a', 'b') }}");
add("not equal across types", "{{ '1' != 1 }} {{ none != false }}");
add("chained equality", "{{ 1 == 1 == 1 }} {{ 1 == 1 != 2 }}");
add("unary not on list", "{{ not [] }} {{ not [0] }}");
add("and or with undefined", "{{ missing or 'fallback' }} [{{ missing and 'x' }}]");
add("loop cycle three", "{% for i in range(5) %}{{ loop.cycle('a', 'b', 'c') }}{% endfor %}");
add("loop revindex filtered", "{% for i in range(10) if i is odd %}{{ loop.revindex }}{% endfor %}");
add(
  "macro caller with loop",
  "{% macro list(items) %}{% for i in items %}{{ caller(i, loop.index) }}{% endfor %}{% endmacro %}{% call(item, n) list(['a', 'b']) %}{{ n }}:{{ item }} {% endcall %}",
);
add("macro default from context", "{% macro greet(who=name) %}hi {{ who }}{% endmacro %}{{ greet() }}", {
  name: "ctx",
});
add("with shadowing", "{% set a = 1 %}{% with a = a + 1 %}{{ a }}{% endwith %}{{ a }}");
add("filter block macro", "{% macro m() %}x{% endmacro %}{% filter upper %}{{ m() }}y{% endfilter %}");
add("set block in loop", "{% for i in [1, 2] %}{% set s %}<{{ i }}>{% endset %}{{ s }}{% endfor %}");
add("raw with tags inside", "{% raw %}{% if %}{{ x }}{% endraw %}|");

// ---- found by comparing random expressions with jinja2 -----------------------------------------------------
add(
  "float floor division like CPython",
  "{{ 3 // 0.1 }} {{ -3 // 0.1 }} {{ 7.0 // -2 }}",
  {},
  "29.0 -30.0 -4.0",
);
add("percent with a list argument", "{{ 'x' % [1, 2] }}", {}, "x");
add("undefined is a sequence", "{{ missing is sequence }}", {}, "True");
add(
  "odd and even on floats and bools",
  "{{ 1.0 is odd }} {{ 0.5 is even }} {{ true is odd }} {{ -3 is odd }}",
  {},
  "True False True True",
);
add("select on a falsy value", "{{ false|select|list }} {{ 0|map('string')|list }}", {}, "[] []");
fails("indent of a number", "{{ 5|indent(2) }}");
fails("truncate of a number", "{{ 0.1|truncate(3) }}");

// ---- numbers after a dot, and sort keys (jinja2's lexer and make_multi_attrgetter) ---------------------------
// A number right after a dot is never a float (the lexer's float rule has a (?<!\.) lookbehind): `.0.1` is two
// item lookups. sort's key is a list of the requested values, and Python compares lists with == before <, so
// equal values that cannot be ordered (None, undefined) sort; min, max and dictsort compare the values themselves.
add(
  "integer after a dot is an index, not a float",
  "{{ matrix.0.1 }}",
  {
    matrix: [
      [1, 2],
      [3, 4],
    ],
  },
  "2",
);
add("dotted integers on a literal", "{{ [[5, [6, 7]]].0.1.0 }}", {}, "6");
fails("a number after a dot and a space is lexed as a float", "{{ matrix. 0.1 }}", { matrix: [[1, 2]] });
add("sort equal Nones", "{{ [None, None] | sort }}", {}, "[None, None]");
add("sort undefined names", "{{ [a, b, c] | sort }}", {}, "[Undefined, Undefined, Undefined]");
add("sort reverse keeps equal undefineds", "{{ [a, b] | sort(reverse=true) | length }}", {}, "2");
add(
  "sort by equal None attributes",
  "{{ xs|sort(attribute='k')|map(attribute='v')|join }}",
  {
    xs: [
      { k: null, v: "a" },
      { k: null, v: "b" },
    ],
  },
  "ab",
);
add(
  "sort by a comma-separated attribute list",
  "{{ people|sort(attribute='age,name')|map(attribute='name')|join(' ') }}",
  {
    people: [
      { age: 30, name: "b" },
      { age: 20, name: "c" },
      { age: 30, name: "a" },
    ],
  },
  "c a b",
);
fails("sort None with an integer", "{{ [None, 1] | sort }}");
fails("sort None with an undefined", "{{ [None, a] | sort }}");
fails("min of Nones", "{{ [None, None] | min }}");
fails("dictsort of None values", "{{ {'a': None, 'b': None} | dictsort(by='value') }}");

// ---- deliberate and edge parse errors -------------------------------------------------------------------------
fails("unclosed print", "{{ x ");
fails("unclosed block", "{% if x %}");
fails("unknown tag", "{% frobnicate %}");
fails("endfor without for", "{% endfor %}");
fails("bad expression", "{{ 1 + }}");
fails("break outside loop", "{% break %}");
fails("assign to constant", "{% set true = 1 %}");
fails("unclosed string", "{{ 'abc }}");
fails("unclosed comment", "{# abc");
fails("elif after else", "{% if x %}{% else %}{% elif y %}{% endif %}");

// ---- deliberate differences from jinja2 (docs/chat-template.md) ------------------------------------------------
cases.push(
  {
    name: "difference: private attribute access raises at once",
    template: "{{ ''.__class__ }}",
    error: true,
    difference:
      "jinja2 returns an undefined that only fails when used further; hubkit raises TemplateSecurityError",
  },
  {
    name: "difference: constructor access raises",
    template: "{{ x.constructor }}",
    context: { x: {} },
    error: true,
    difference:
      "constructor is not a Python attribute (jinja2 prints ''); hubkit refuses the JS escape hatch",
  },
  {
    name: "difference: range is a list",
    template: "{{ range(3) }}",
    expected: "[0, 1, 2]",
    difference: "jinja2 prints Python's range object as range(0, 3)",
  },
  {
    name: "difference: strings over the size limit",
    template: "{{ ('ab' * 3000000)|length }}",
    error: true,
    difference: "hubkit refuses to build a string over maxOutputLength (5,000,000) characters",
  },
  {
    name: "difference: integers beyond 2**53",
    template: "{{ 2 ** 64 + 1 }}",
    expected: "18446744073709551616",
    difference: "JS numbers are doubles: integers beyond 2**53 lose precision",
  },
);

export const CORPUS: readonly CorpusCase[] = cases;

export const CORPUS_SUITE: ReferenceSuite = {
  name: "corpus",
  cases: CORPUS.map((c) => ({
    label: c.name,
    reference: { template: c.template, context: c.context ?? {} },
    difference: c.difference,
  })),
};
