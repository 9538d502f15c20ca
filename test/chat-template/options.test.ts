/** Template and render options: whitespace settings, the clock, limits, and applyChatTemplate's defaults. */
import { describe, expect, it } from "vitest";
import { applyChatTemplate, Template, TemplateLimitError } from "../../src/chat-template/index.js";

describe("Template options", () => {
  const source = "<ul>\n  {% for x in xs %}\n  <li>{{ x }}\n  {% endfor %}\n</ul>";

  it("applies trim_blocks and lstrip_blocks by default", () => {
    expect(new Template(source).render({ xs: [1, 2] })).toBe("<ul>\n  <li>1\n  <li>2\n</ul>");
  });

  it("can turn trim_blocks and lstrip_blocks off, as plain jinja2", () => {
    const plain = new Template(source, { trimBlocks: false, lstripBlocks: false });
    expect(plain.render({ xs: [1] })).toBe("<ul>\n  \n  <li>1\n  \n</ul>");
  });

  it("can turn off only lstrip_blocks", () => {
    expect(new Template(source, { lstripBlocks: false }).render({ xs: [1] })).toBe(
      "<ul>\n    <li>1\n  </ul>",
    );
  });

  it("reads strftime_now's clock from the options", () => {
    const template = new Template("{{ strftime_now('%Y-%m-%d %H:%M') }}", {
      now: () => new Date(2025, 0, 2, 3, 4),
    });
    expect(template.render()).toBe("2025-01-02 03:04");
    expect(template.render({}, { now: () => new Date(1999, 11, 31, 23, 59) })).toBe("1999-12-31 23:59");
  });

  it("merges limits given at construction with those given to render", () => {
    const template = new Template("{% for i in range(5) %}{{ i }}{% endfor %}", {
      limits: { maxLoopIterations: 3 },
    });
    expect(() => template.render()).toThrow(TemplateLimitError);
    expect(template.render({}, { limits: { maxLoopIterations: 10 } })).toBe("01234");
  });
});

describe("applyChatTemplate", () => {
  const source =
    "{{ bos_token }}{% for m in messages %}[{{ m.role }}:{{ m.content }}]{% endfor %}" +
    "{% if add_generation_prompt %}[assistant:{% endif %}|{{ tools }}|{{ documents }}|{{ enable_thinking }}";

  it("passes add_generation_prompt false, and tools and documents as none, when not given", () => {
    expect(applyChatTemplate(source, { messages: [{ role: "user", content: "hi" }] })).toBe(
      "[user:hi]|None|None|",
    );
  });

  it("passes special tokens and extra variables, and accepts a compiled Template", () => {
    const output = applyChatTemplate(new Template(source), {
      messages: [{ role: "user", content: "hi" }],
      add_generation_prompt: true,
      bos_token: "<s>",
      tools: [{ name: "f" }],
      enable_thinking: false,
    });
    expect(output).toBe("<s>[user:hi][assistant:|[{'name': 'f'}]|None|False");
  });
});
