/** Filters (strings, numbers, sequences), tojson and tests. */
import { add, fails, messages } from "./define.js";

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
