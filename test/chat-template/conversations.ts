/** Conversations every real chat template is rendered with (real-templates.test.ts and the benchmark). */

export interface Conversation {
  name: string;
  /** Template variables besides the special tokens. */
  input: Record<string, unknown> & { messages: unknown[] };
}

const weatherTool = {
  type: "function",
  function: {
    name: "get_weather",
    description: "Get the current weather in a city.",
    parameters: {
      type: "object",
      properties: {
        city: { type: "string", description: "City name, e.g. Paris" },
        unit: { type: "string", enum: ["celsius", "fahrenheit"] },
      },
      required: ["city"],
    },
  },
};

const toolTurns = (args: unknown) => [
  { role: "system", content: "You are a helpful assistant with tools." },
  { role: "user", content: "What's the weather in Paris?" },
  {
    role: "assistant",
    content: "",
    tool_calls: [{ id: "call12345", type: "function", function: { name: "get_weather", arguments: args } }],
  },
  {
    role: "tool",
    tool_call_id: "call12345",
    name: "get_weather",
    content: '{"temperature": 21, "sky": "clear"}',
  },
  { role: "assistant", content: "It is 21 °C and clear in Paris." },
];

/** A typical four-turn chat: system, user, assistant, user. */
export const FOUR_TURNS = [
  { role: "system", content: "You are a concise assistant." },
  { role: "user", content: "Hello! Who are you?" },
  { role: "assistant", content: "I'm an AI assistant. How can I help?" },
  { role: "user", content: "Write a haiku about the sea 🌊." },
];

export const CONVERSATIONS: Conversation[] = [
  {
    name: "single user turn",
    input: { messages: [{ role: "user", content: "Hi there" }], add_generation_prompt: true },
  },
  {
    name: "system and four turns, generation prompt",
    input: { messages: FOUR_TURNS, add_generation_prompt: true },
  },
  {
    name: "system and four turns, no generation prompt",
    input: { messages: FOUR_TURNS, add_generation_prompt: false },
  },
  {
    name: "multi-turn without system",
    input: {
      messages: [
        { role: "user", content: "2+2?" },
        { role: "assistant", content: "4" },
        { role: "user", content: "And 3+3?" },
        { role: "assistant", content: "6" },
      ],
    },
  },
  {
    name: "tool call with object arguments",
    input: { messages: toolTurns({ city: "Paris", unit: "celsius" }), tools: [weatherTool] },
  },
  {
    name: "tool call with string arguments, generation prompt",
    input: {
      messages: toolTurns('{"city": "Paris"}').slice(0, 4),
      tools: [weatherTool],
      add_generation_prompt: true,
    },
  },
  {
    name: "tools offered, plain question",
    input: {
      messages: [{ role: "user", content: "What's the weather in Oslo?" }],
      tools: [weatherTool],
      add_generation_prompt: true,
    },
  },
  {
    name: "reasoning history, thinking enabled",
    input: {
      messages: [
        { role: "system", content: "Think step by step." },
        { role: "user", content: "2+3?" },
        { role: "assistant", content: "<think>\nAdd them.\n</think>\n\n5" },
        { role: "user", content: "Times 4?" },
      ],
      add_generation_prompt: true,
      enable_thinking: true,
    },
  },
  {
    name: "image content parts",
    input: {
      messages: [
        { role: "user", content: [{ type: "image" }, { type: "text", text: "What is in this picture?" }] },
        { role: "assistant", content: [{ type: "text", text: "A cat on a sofa." }] },
        { role: "user", content: [{ type: "text", text: "What colour is it?" }] },
      ],
      add_generation_prompt: true,
    },
  },
  {
    name: "reasoning content, thinking disabled",
    input: {
      messages: [
        { role: "user", content: "Is 17 prime?" },
        { role: "assistant", content: "Yes.", reasoning_content: "17 has no divisors but 1 and 17." },
        { role: "user", content: "And 21?" },
      ],
      add_generation_prompt: true,
      enable_thinking: false,
    },
  },
  {
    name: "documents for retrieval",
    input: {
      messages: [{ role: "user", content: "Summarise the documents." }],
      documents: [
        { title: "Tides", text: "Tides follow the moon." },
        { title: "Waves", text: "Wind makes waves." },
      ],
      add_generation_prompt: true,
    },
  },
  {
    name: "non-alternating roles",
    input: {
      messages: [
        { role: "user", content: "one" },
        { role: "user", content: "two" },
      ],
    },
  },
  {
    name: "system message in the wrong place",
    input: {
      messages: [
        { role: "user", content: "Hi" },
        { role: "system", content: "Late system prompt" },
        { role: "assistant", content: "Hello" },
      ],
    },
  },
];

export const SPECIAL_TOKENS = { bos_token: "<s>", eos_token: "</s>" };
