/** String, dict and list methods, globals, and the idioms real chat templates use. */
import { add, fails, messages } from "./define.js";

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
