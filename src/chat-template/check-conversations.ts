/**
 * The fixed conversations `checkChatTemplate` renders a template with, and what each needs from the template.
 * Every template is expected to render a plain chat; the others only when the template shows it handles them.
 */

/** What a conversation needs beyond a plain user/assistant chat. */
export type Feature = "system" | "tools" | "tool-calls" | "content-parts" | "reasoning";

export interface CheckConversation {
  name: string;
  needs: Feature[];
  variables: Record<string, unknown> & { messages: Record<string, unknown>[] };
}

const weatherTool = {
  type: "function",
  function: {
    name: "get_weather",
    description: "Get the current weather in a city.",
    parameters: {
      type: "object",
      properties: { city: { type: "string", description: "The city" } },
      required: ["city"],
    },
  },
};

const system = { role: "system", content: "You are a helpful assistant." };
const question = { role: "user", content: "What is the capital of France?" };
const answer = { role: "assistant", content: "The capital of France is Paris." };
const followUp = { role: "user", content: "And of Italy?" };
const weatherQuestion = { role: "user", content: "What is the weather in Paris?" };

export const CHECK_CONVERSATIONS: CheckConversation[] = [
  {
    name: "user, generation prompt",
    needs: [],
    variables: { messages: [question], add_generation_prompt: true },
  },
  {
    name: "system and user, generation prompt",
    needs: ["system"],
    variables: { messages: [system, question], add_generation_prompt: true },
  },
  {
    name: "multi-turn, no generation prompt",
    needs: [],
    variables: { messages: [question, answer, followUp, { role: "assistant", content: "Rome." }] },
  },
  {
    name: "system and multi-turn, generation prompt",
    needs: ["system"],
    variables: { messages: [system, question, answer, followUp], add_generation_prompt: true },
  },
  {
    name: "tool definitions",
    needs: ["tools"],
    variables: { messages: [weatherQuestion], tools: [weatherTool], add_generation_prompt: true },
  },
  {
    name: "tool call and result",
    needs: ["tools", "tool-calls"],
    variables: {
      messages: [
        weatherQuestion,
        {
          role: "assistant",
          content: "",
          tool_calls: [
            {
              id: "call12345",
              type: "function",
              function: { name: "get_weather", arguments: { city: "Paris" } },
            },
          ],
        },
        { role: "tool", tool_call_id: "call12345", name: "get_weather", content: '{"temperature": 21}' },
        { role: "assistant", content: "It is 21 degrees in Paris." },
      ],
      tools: [weatherTool],
      add_generation_prompt: false,
    },
  },
  {
    name: "content parts",
    needs: ["content-parts"],
    variables: {
      messages: [
        {
          role: "user",
          content: [{ type: "image" }, { type: "text", text: "What is in this picture?" }],
        },
      ],
      add_generation_prompt: true,
    },
  },
  {
    name: "reasoning",
    needs: ["reasoning"],
    variables: {
      messages: [
        question,
        { role: "assistant", content: "Paris.", reasoning_content: "The user asks about France's capital." },
        followUp,
      ],
      add_generation_prompt: true,
    },
  },
];
