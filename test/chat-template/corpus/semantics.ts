/** More Python semantics checked against jinja2, cases found by random comparison, and the deliberate differences. */
import { add, cases, fails, messages } from "./define.js";

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
