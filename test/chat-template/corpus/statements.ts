/** Statements: if, for, set, macros and call, filter blocks, with, generation. */
import { add, fails, messages } from "./define.js";

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
