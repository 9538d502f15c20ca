"""Reference renderer for hubkit's differential tests: Python's jinja2, configured as transformers configures it.

Reads {"now": "YYYY-MM-DDTHH:MM:SS", "cases": [{"template": str, "context": obj}, ...]} on stdin and prints a JSON
list with one {"output": str} or {"error": "ExceptionType: message"} per case, in order.
"""

import json
import sys
from datetime import datetime

import jinja2
from jinja2 import nodes
from jinja2.ext import Extension
from jinja2.sandbox import ImmutableSandboxedEnvironment


class GenerationBlock(Extension):
    """`{% generation %}...{% endgeneration %}` renders its body unchanged (transformers' AssistantTracker)."""

    tags = {"generation"}

    def parse(self, parser):
        lineno = next(parser.stream).lineno
        body = parser.parse_statements(["name:endgeneration"], drop_needle=True)
        return nodes.CallBlock(self.call_method("_render_body"), [], [], body).set_lineno(lineno)

    def _render_body(self, caller):
        return caller()


def tojson(x, ensure_ascii=False, indent=None, separators=None, sort_keys=False):
    return json.dumps(x, ensure_ascii=ensure_ascii, indent=indent, separators=separators, sort_keys=sort_keys)


def raise_exception(message):
    raise jinja2.exceptions.TemplateError(message)


def main():
    batch = json.load(sys.stdin)
    now = datetime.fromisoformat(batch["now"])
    env = ImmutableSandboxedEnvironment(
        trim_blocks=True, lstrip_blocks=True, extensions=[GenerationBlock, "jinja2.ext.loopcontrols"]
    )
    env.filters["tojson"] = tojson
    env.globals["raise_exception"] = raise_exception
    env.globals["strftime_now"] = lambda fmt: now.strftime(fmt)
    # Compiled once per source, as transformers caches its compiled chat templates: cases share templates (a real
    # template is rendered with every conversation), and compiling dominated the run.
    compiled = {}
    results = []
    for case in batch["cases"]:
        source = case["template"]
        try:
            if source not in compiled:
                compiled[source] = env.from_string(source)
            results.append({"output": compiled[source].render(**case["context"])})
        except Exception as error:  # every failure is a result to compare, not a crash
            results.append({"error": f"{type(error).__name__}: {error}"})
    json.dump(results, sys.stdout, ensure_ascii=False)


main()
