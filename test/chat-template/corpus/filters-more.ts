/**
 * Issue 20, cause 6: groupby, slice, wordwrap, urlize, filesizeformat, pprint, striptags, xmlattr; and the last
 * filters, tests and globals jinja2 has that hubkit lacked (forceescape, urlencode, `escaped`, `filter`, `test`,
 * cycler, joiner).
 */
import { add, cases, fails } from "./define.js";

const users = [
  { name: "a", city: "Paris", age: 3 },
  { name: "b", city: "paris" },
  { name: "c", city: "Lyon", age: 1 },
];
const long =
  "This is a rather long string that will certainly not fit on a single line of eighty characters in pprint output.";
const conversation = {
  messages: [
    { role: "system", content: "You are a helpful assistant that answers briefly." },
    { role: "user", content: "What is the capital of France? Answer in one word please." },
  ],
  tools: [],
};

// ---- groupby --------------------------------------------------------------------------------------------------
add(
  "groupby unpacked",
  "{% for g, items in users | groupby('city') %}{{ g }}:{{ items | map(attribute='name') | join(',') }};{% endfor %}",
  { users },
  "Lyon:c;Paris:a,b;",
);
add(
  "groupby grouper and list",
  "{% for g in users | groupby('city') %}{{ g.grouper }}={{ g.list | length }};{% endfor %}{{ (users | groupby('city'))[0] }}",
  { users },
  "Lyon=1;Paris=2;('Lyon', [{'name': 'c', 'city': 'Lyon', 'age': 1}])",
);
add(
  "groupby case sensitive",
  "{{ users | groupby('city', case_sensitive=true) | map(attribute='grouper') | list }}",
  { users },
  "['Lyon', 'Paris', 'paris']",
);
add(
  "groupby default",
  "{{ users | groupby('age', default=0) | map(attribute='grouper') | list }}",
  { users },
  "[0, 1, 3]",
);
fails("groupby of a missing attribute without default", "{{ users | groupby('age') | list }}", { users });

// ---- slice ----------------------------------------------------------------------------------------------------
add(
  "slice filter",
  "{{ [1, 2, 3, 4, 5, 6, 7] | slice(3) | list }} {{ [1, 2, 3, 4, 5, 6, 7] | slice(3, 'x') | list }} {{ [1, 2] | slice(4) | list }}",
  {},
  "[[1, 2, 3], [4, 5], [6, 7]] [[1, 2, 3], [4, 5, 'x'], [6, 7, 'x']] [[1], [2], [], []]",
);

// ---- wordwrap -------------------------------------------------------------------------------------------------
add(
  "wordwrap",
  "{{ 'The quick brown fox jumps over the lazy dog, and then some more words appear here to wrap it.' | wordwrap(20) }}",
  {},
  "The quick brown fox\njumps over the lazy\ndog, and then some\nmore words appear\nhere to wrap it.",
);
add(
  "wordwrap hyphens, long words, wrapstring",
  "{{ 'a-very-long-hyphenated-word-that-needs-breaking ok' | wordwrap(10) }}|{{ 'abcdefghijklmnopqrstuvwxyz' | wordwrap(7) }}|{{ 'line one\\n\\nline two is long enough' | wordwrap(8, wrapstring='<br>') }}",
  {},
  "a-very-\nlong-hyphe\nnated-\nword-that-\nneeds-\nbreaking\nok|abcdefg\nhijklmn\nopqrstu\nvwxyz|line one<br><br>line two<br>is long<br>enough",
);
add(
  "wordwrap without breaking",
  "{{ 'abcdefghijklmnop qr' | wordwrap(5, break_long_words=false) }}|{{ 'well-known trade-off' | wordwrap(6, break_on_hyphens=false) }}|{{ 'em--dash words--here' | wordwrap(4) }}",
  {},
  "abcdefghijklmnop\nqr|well-k\nnown t\nrade-o\nff|em--\ndash\nword\ns--\nhere",
);

// ---- urlize ---------------------------------------------------------------------------------------------------
add(
  "urlize",
  "{{ 'Visit https://example.com/path?x=1, or www.hf.co. Mail me@example.org (see http://a.b/c).' | urlize }}",
  {},
  'Visit <a href="https://example.com/path?x=1" rel="noopener">https://example.com/path?x=1</a>, or ' +
    '<a href="https://www.hf.co" rel="noopener">www.hf.co</a>. Mail <a href="mailto:me@example.org">me@example.org</a> ' +
    "(see http://a.b/c).",
);
add(
  "urlize options",
  "{{ 'go to example.com and <b>' | urlize(nofollow=true, target='_blank') }}|{{ 'https://example.com/a/very/long/url' | urlize(10) }}|{{ 'mailto:a@b.co x' | urlize }}|{{ '(http://x.org/a_(b))' | urlize }}",
);

// ---- filesizeformat -------------------------------------------------------------------------------------------
add(
  "filesizeformat",
  "{{ 0 | filesizeformat }} {{ 1 | filesizeformat }} {{ 999 | filesizeformat }} {{ 1000 | filesizeformat }} {{ 1250 | filesizeformat }} {{ 1048576 | filesizeformat(true) }} {{ '3000000' | filesizeformat }} {{ (10 ** 30) | filesizeformat }} {{ 1.5 | filesizeformat }}",
  {},
  "0 Bytes 1 Byte 999 Bytes 1.0 kB 1.2 kB 1.0 MiB 3.0 MB 1000000.0 YB 1 Bytes",
);
add(
  "percent f rounds ties to even",
  "{{ '%.1f %.2f %.0f %.0f %.1f'|format(1.25, 0.125, 2.5, 3.5, -1.25) }} {{ '{:.1f}'.format(0.25) }}",
  {},
  "1.2 0.12 2 4 -1.2 0.2",
);

// ---- pprint ---------------------------------------------------------------------------------------------------
add(
  "pprint short",
  "{{ {'b': 1, 'a': [1, 2]} | pprint }}|{{ 'x' | pprint }}|{{ none | pprint }}|{{ (1,) | pprint }}",
  {},
  "{'a': [1, 2], 'b': 1}|'x'|None|(1,)",
);
add("pprint a conversation", "{{ data | pprint }}", { data: conversation });
add("pprint a long string", "{{ long | pprint }}", { long });
add("pprint a list of long strings", "{{ [long, long] | pprint }}", { long });

// ---- striptags, xmlattr ---------------------------------------------------------------------------------------
add(
  "striptags",
  "{{ '<p>Hello <b>World</b> <!-- c <x> --> &amp; &lt;3 &#65;&#x42;  </p>\\n x' | striptags }}|{{ 'a < b' | striptags }}",
  {},
  "Hello World & <3 AB x|a < b",
);
add(
  "xmlattr",
  "{{ {'class': 'a\"b', 'id': 1, 'skip': none, 'u': undefined_var} | xmlattr }}|{{ {'a': 1} | xmlattr(false) }}|{{ {} | xmlattr }}",
  {},
  ' class="a&#34;b" id="1"|a="1"|',
);
add("xmlattr keeps markup", "{{ {'a': '<x>' | safe} | xmlattr }}", {}, ' a="<x>"');
fails("xmlattr refuses a space in a name", "{{ {'a b': 1} | xmlattr }}");

// ---- forceescape, urlencode, and the escaped/filter/test tests -----------------------------------------------
add(
  "forceescape",
  "{{ '<a>' | forceescape }}{{ ('<a>' | safe) | forceescape }}{{ ('<a>' | forceescape) + '<' }}",
  {},
  "&lt;a&gt;&lt;a&gt;&lt;a&gt;&lt;",
);
add(
  "urlencode",
  "{{ 'a b/c?d=é&~!*()' | urlencode }}|{{ {'a b': 'c&d', 'e': 1} | urlencode }}|{{ [('x', 'y z'), ('1', 2)] | urlencode }}|{{ 42 | urlencode }}",
  {},
  "a%20b/c%3Fd%3D%C3%A9%26~%21%2A%28%29|a+b=c%26d&e=1|x=y+z&1=2|42",
);
add(
  "escaped, filter and test tests",
  "{{ ('a' | safe) is escaped }}{{ 'a' is escaped }}{{ 'upper' is filter }}{{ 'nope' is filter }}{{ 'defined' is test }}{{ 1 is filter }}",
  {},
  "TrueFalseTrueFalseTrueFalse",
);

// ---- self in a single template ------------------------------------------------------------------------------
add(
  "self renders a block again",
  "{% for i in [1, 2] %}{% block b %}[{{ i }}]{% endblock %}{% endfor %}{{ self.b() }}",
  {},
  "[][][]",
);
add(
  "self sees top-level variables at the call",
  "{% set y = 3 %}{% block b %}<{{ y }}>{% endblock %}{% set y = 4 %}{{ self.b() }}",
  {},
  "<3><4>",
);
add(
  "self finds a block in an untaken branch",
  "{% if false %}{% block b %}x{% endblock %}{% endif %}{{ self.b() }}",
  {},
  "x",
);
add("self prints as a template reference", "{{ self }}", {}, "<TemplateReference None>");
fails("self without that block", "{{ self.nope() }}{% block b %}{% endblock %}");
add(
  "required block never rendered",
  "{% if false %}{% block b required %}{% endblock %}{% endif %}ok",
  {},
  "ok",
);
add(
  "self on a required block",
  "{{ self.b() }}{% if false %}{% block b required %}{% endblock %}{% endif %}",
  {},
  "",
);
fails("required block rendered", "{% block b required %}{# c #} {% endblock %}");
fails("required block with content", "{% if false %}{% block b required %}x{% endblock %}{% endif %}");
fails("super in a single template", "{% block b %}{{ super() }}{% endblock %}");
fails("include without a loader", "{% include 'x' %}");
fails("extends without a loader", "{% extends 'x' %}");
fails("import without a loader", "{% import 'x' as y %}");

// ---- cycler and joiner ---------------------------------------------------------------------------------------
add(
  "cycler",
  "{% set c = cycler('a', 'b') %}{{ c.next() }}{{ c.next() }}{{ c.current }}{{ c.next() }}{% set _ = c.reset() %}{{ c.current }}{{ c.items }}",
  {},
  "abaaa('a', 'b')",
);
fails("cycler without items", "{{ cycler().next() }}");
add(
  "joiner",
  "{% set j = joiner() %}{% for x in [1, 2, 3] %}{{ j() }}{{ x }}{% endfor %}|{% set j2 = joiner('-') %}{{ j2() }}{{ j2() }}{{ j2() }}",
  {},
  "1, 2, 3|--",
);

cases.push(
  {
    name: "difference: striptags knows the common entities only",
    template: "{{ '&eacute;&amp;' | striptags }}",
    expected: "&eacute;&",
    difference: "Python's html.unescape knows every HTML5 entity name",
  },
  {
    name: "difference: \\N escapes are refused",
    template: "{{ '\\N{BULLET}' }}",
    error: true,
    difference: "hubkit carries no Unicode name table",
  },
);
cases.push({
  name: "difference: slice is a list, not a generator",
  template: "{{ [1, 2] | slice(2) | length }}",
  expected: "2",
  difference: "jinja2's slice filter returns a generator, which has no length",
});
