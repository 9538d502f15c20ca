/**
 * Hand-written template-literal versions of the 24 local apps' snippets and deeplinks, producing what LOCAL_APPS
 * produces: the baseline of bench/local-apps.bench.ts (which checks every output against LOCAL_APPS before timing).
 * They share with LOCAL_APPS what is not rendering: the display predicates (the same functions), the template data
 * (localAppData: id, name, quant tag, chosen file, request bodies), the named rules of the registry, and the escaping
 * (shWord, json, the link encoders).
 */
import { LOCAL_APP_RULES as R, type LocalAppKey } from "../../src/generated/local-apps.gen.js";
import { localAppData } from "../../src/local-apps/data.js";
import { LOCAL_APPS } from "../../src/local-apps/index.js";
import { encodePathValue, encodeQueryValue } from "../../src/local-apps/links.js";
import type { LocalAppData, LocalAppSnippet } from "../../src/local-apps/types.js";
import type { ModelData } from "../../src/tasks/model-data.js";
import { json, shWord } from "../../src/templating/helpers.js";

/** What a page server calls of an app (LOCAL_APPS[key] has this shape). */
export interface PageApp {
  displayOnModelPage(model: ModelData): boolean;
  snippet?(model: ModelData, filepath?: string): string | string[] | LocalAppSnippet | LocalAppSnippet[];
  deeplink?(model: ModelData, filepath?: string): URL;
}

const INDENT_3 = { indent: 3 };
const INDENT_4 = { indent: 4 };
const MLX_INSTALL = "# Install MLX LM:\nuv tool install mlx-lm";
const SERVER = "# Start a local OpenAI-compatible server";

const dockerRun = (d: LocalAppData) =>
  `docker model run ${shWord(R.ggufLoadable(d.model) ? `hf.co/${d.id}${d.quant}` : `hf.co/${d.id}`)}`;

/** vLLM's and SGLang's curl to their OpenAI-compatible server. */
function openaiRequest(d: LocalAppData, port: number): string {
  const chat = R.conversational(d.model);
  return `# Call the server using curl (OpenAI-compatible API):
curl -X POST "http://localhost:${port}/v1/${chat ? "chat/completions" : "completions"}" \\
\t-H "Content-Type: application/json" \\
\t--data ${shWord(chat ? d.chatBody : d.completionBody, INDENT_4)}`;
}

function llamaCpp(d: LocalAppData): LocalAppSnippet[] {
  const ref = shWord(d.id + d.quant);
  const serve = "# Start a local OpenAI-compatible server with a web UI:\n";
  const cli = "# Run inference directly in the terminal:\n";
  const content = [`${serve}llama serve -hf ${ref}`, `${cli}llama cli -hf ${ref}`];
  return [
    { title: "Install (macOS, Linux)", setup: "curl -LsSf https://llama.app/install.sh | sh", content },
    { title: "Install from WinGet (Windows)", setup: "winget install llama.cpp", content: [...content] },
    {
      title: "Use pre-built binary",
      setup: "# Download pre-built binary from:\n# https://github.com/ggerganov/llama.cpp/releases",
      content: [`${serve}./llama-server -hf ${ref}`, `${cli}./llama-cli -hf ${ref}`],
    },
    {
      title: "Build from source code",
      setup: `git clone https://github.com/ggerganov/llama.cpp.git
cd llama.cpp
cmake -B build
cmake --build build -j --target llama-server llama-cli`,
      content: [`${serve}./build/bin/llama-server -hf ${ref}`, `${cli}./build/bin/llama-cli -hf ${ref}`],
    },
    { title: "Use Docker", content: dockerRun(d) },
  ];
}

function nodeLlamaCpp(d: LocalAppData): LocalAppSnippet[] {
  const ref = shWord(`hf:${d.id}${d.quant}`);
  return [
    { title: "Chat with the model", content: `npx -y node-llama-cpp chat ${ref}` },
    {
      title: "Estimate the model compatibility with your hardware",
      content: `npx -y node-llama-cpp inspect estimate ${ref}`,
    },
  ];
}

function vllm(d: LocalAppData): LocalAppSnippet[] {
  const mistral = R.mistralCommon(d.model);
  const setup = "# Install vLLM from pip:\npip install vllm";
  const mistralFlags =
    " --tokenizer_mode mistral --config_format mistral --load_format mistral --tool-call-parser mistral --enable-auto-tool-choice";
  return [
    {
      title: "Install from pip and serve model",
      setup: mistral ? `${setup}\n# Install mistral-common:\npip install --upgrade mistral-common` : setup,
      content: [
        `# Start the vLLM server:\nvllm serve ${shWord(d.id)}${mistral ? mistralFlags : ""}`,
        openaiRequest(d, 8000),
      ],
    },
    { title: "Use Docker", content: dockerRun(d) },
  ];
}

function sglang(d: LocalAppData): LocalAppSnippet[] {
  const id = shWord(d.id);
  const request = openaiRequest(d, 30000);
  return [
    {
      title: "Install from pip and serve model",
      setup: "# Install SGLang from pip:\npip install sglang",
      content: [
        `# Start the SGLang server:
python3 -m sglang.launch_server \\
    --model-path ${id} \\
    --host 0.0.0.0 \\
    --port 30000`,
        request,
      ],
    },
    {
      title: "Use Docker images",
      setup: `docker run --gpus all \\
    --shm-size 32g \\
    -p 30000:30000 \\
    -v ~/.cache/huggingface:/root/.cache/huggingface \\
    --env "HF_TOKEN=<secret>" \\
    --ipc=host \\
    lmsysorg/sglang:latest \\
    python3 -m sglang.launch_server \\
        --model-path ${id} \\
        --host 0.0.0.0 \\
        --port 30000`,
      content: request,
    },
  ];
}

function mlxLm(d: LocalAppData): LocalAppSnippet[] {
  const id = shWord(d.id);
  if (!R.conversational(d.model)) {
    const content = `# Generate some text:\nmlx_lm.generate --model ${id} --prompt "Once upon a time"`;
    return [{ title: "Generate or start a chat session", setup: MLX_INSTALL, content }];
  }
  return [
    {
      title: "Generate or start a chat session",
      setup: MLX_INSTALL,
      content: `# Interactive chat REPL:\nmlx_lm.chat --model ${id}`,
    },
    {
      title: "Run an OpenAI-compatible server",
      setup: MLX_INSTALL,
      content: `# Start the server (it listens on port 8080 by default):
mlx_lm.server --model ${id}

# Call the server using curl:
curl -X POST "http://localhost:8080/v1/chat/completions" \\
   -H "Content-Type: application/json" \\
   --data ${shWord(d.greetingBody, INDENT_3)}`,
    },
  ];
}

const tgi = (d: LocalAppData): LocalAppSnippet[] => [
  {
    title: "Use Docker images",
    setup: `# Deploy with docker on Linux:
docker run --gpus all \\
\t-v ~/.cache/huggingface:/root/.cache/huggingface \\
\t-e HF_TOKEN="<secret>" \\
\t-p 8000:80 \\
\tghcr.io/huggingface/text-generation-inference:latest \\
\t--model-id ${shWord(d.id)}`,
    content: `# Call the server using curl:
curl -X POST "http://localhost:8000/v1/chat/completions" \\
\t-H "Content-Type: application/json" \\
\t--data ${shWord(d.textChatBody, INDENT_4)}`,
  },
];

function localai(d: LocalAppData): LocalAppSnippet[] {
  const ref = shWord(`huggingface://${d.id}/${d.ggufFile}`);
  const image = "localai/localai:latest-cpu";
  return [
    {
      title: "Install from binary",
      setup: "curl https://localai.io/install.sh | sh",
      content: `# Load and run the model:\nlocal-ai run ${ref}`,
    },
    {
      title: "Use Docker images",
      setup: `# Pull the image:\ndocker pull ${image}`,
      content: `# Load and run the model:\ndocker run -p 8080:8080 --name localai -v $PWD/models:/build/models ${image} ${ref}`,
    },
  ];
}

function lemonade(d: LocalAppData): LocalAppSnippet[] {
  const ryzen = R.ryzenai(d.model);
  const name = !ryzen && d.quantLabel ? `user.${d.name}-${d.quantLabel}` : `user.${d.name}`;
  return [
    {
      title: "Pull the model",
      setup: "# Download Lemonade from https://lemonade-server.ai/",
      content: `lemonade pull ${shWord(ryzen ? d.id : d.id + d.quant)}`,
    },
    {
      title: ryzen ? "Run and chat with the model (requires XDNA 2 NPU)" : "Run and chat with the model",
      content: `lemonade run ${shWord(name)}`,
    },
    { title: "List all available models", content: "lemonade list" },
  ];
}

/** The agents' first tab: a local server for the model (MLX for an MLX repo, else llama.cpp). */
const serverTab = (d: LocalAppData, mlx: boolean): LocalAppSnippet =>
  mlx
    ? {
        title: "Start the MLX server",
        setup: MLX_INSTALL,
        content: `${SERVER}:\nmlx_lm.server --model ${shWord(d.id)}`,
      }
    : {
        title: "Start the llama.cpp server",
        setup: "# Install llama.cpp:\nbrew install llama.cpp",
        content: `${SERVER}:\nllama serve -hf ${shWord(d.id + d.quant)}`,
      };

function pi(d: LocalAppData): LocalAppSnippet[] {
  const mlx = R.mlx(d.model);
  const models = `# Add to ~/.pi/agent/models.json:
{
  "providers": {
    "${mlx ? "mlx-lm" : "llama-cpp"}": {
      "baseUrl": "http://localhost:8080/v1",
      "api": "openai-completions",
      "apiKey": "none",
      "models": [
        {
          "id": ${json(mlx ? d.id : d.id + d.quant)}
        }
      ]
    }
  }
}`;
  return [
    serverTab(d, mlx),
    {
      title: "Configure the model in Pi",
      setup: "# Install Pi:\nnpm install -g @earendil-works/pi-coding-agent",
      content: models,
    },
    { title: "Run Pi", content: "# Start Pi in your project directory:\npi" },
  ];
}

function hermesAgent(d: LocalAppData): LocalAppSnippet[] {
  const mlx = R.mlx(d.model);
  return [
    serverTab(d, mlx),
    {
      title: "Configure Hermes",
      setup:
        "# Install Hermes:\ncurl -fsSL https://hermes-agent.nousresearch.com/install.sh | bash\nhermes setup",
      content: `# Point Hermes at the local server:
hermes config set model.provider custom
hermes config set model.base_url http://127.0.0.1:8080/v1
hermes config set model.default ${shWord(mlx ? d.id : d.id + d.quant)}`,
    },
    { title: "Run Hermes", content: "hermes" },
  ];
}

function openclaw(d: LocalAppData): LocalAppSnippet[] {
  const mlx = R.mlx(d.model);
  return [
    serverTab(d, mlx),
    {
      title: "Configure OpenClaw",
      setup: "# Install OpenClaw:\nnpm install -g openclaw@latest",
      content: `# Register the local server and set it as the default model:
openclaw onboard --non-interactive \\
  --mode local \\
  --auth-choice custom-api-key \\
  --custom-base-url http://127.0.0.1:8080/v1 \\
  --custom-model-id ${shWord(mlx ? d.id : d.id + d.quant)} \\
  --custom-provider-id ${mlx ? "mlx-lm" : "llama-cpp"} \\
  --custom-compatibility openai \\
  --custom-text-input \\
  --accept-risk \\
  --skip-health`,
    },
    {
      title: "Run OpenClaw",
      content: 'openclaw agent --local --agent main --message "Hello from Hugging Face"',
    },
  ];
}

/** A link opening the model (and the chosen file, when there is one) from a query. */
const withFile = (url: string, d: LocalAppData) =>
  new URL(
    d.file === undefined
      ? `${url}?model=${encodeQueryValue(d.id)}`
      : `${url}?model=${encodeQueryValue(d.id)}&file=${encodeQueryValue(d.file)}`,
  );
const atPath = (url: string, d: LocalAppData) => new URL(url + encodePathValue(d.id));
const withQuery = (url: string, name: string, d: LocalAppData) =>
  new URL(`${url}?${name}=${encodeQueryValue(d.id)}`);

function jellybox(d: LocalAppData): URL {
  if (R.ggufLoadable(d.model)) return atPath("jellybox://llm/models/huggingface/LLM/", d);
  const kind = R.lora(d.model) ? "ImageLora" : "Image";
  return atPath(`jellybox://image/models/huggingface/${kind}/`, d);
}

const drawthings = (d: LocalAppData) =>
  withQuery(
    `https://drawthings.ai/import/diffusers/pipeline.${R.lora(d.model) ? "load_lora_weights" : "from_pretrained"}`,
    "repo_id",
    d,
  );

type Render = (d: LocalAppData) => string | LocalAppSnippet[];

const SNIPPETS: Partial<Record<LocalAppKey, Render>> = {
  "llama.cpp": llamaCpp,
  "node-llama-cpp": nodeLlamaCpp,
  vllm,
  sglang,
  "mlx-lm": mlxLm,
  tgi,
  localai,
  ollama: (d) => `ollama run ${shWord(`hf.co/${d.id}${d.quant}`)}`,
  "docker-model-runner": dockerRun,
  lemonade,
  pi,
  "hermes-agent": hermesAgent,
  openclaw,
};

const DEEPLINKS: Partial<Record<LocalAppKey, (d: LocalAppData) => URL>> = {
  lmstudio: (d) => withFile("lmstudio://open_from_hf", d),
  jan: (d) => atPath("jan://models/huggingface/", d),
  "atomic-chat": (d) => atPath("atomic-chat://models/huggingface/", d),
  backyard: (d) => atPath("https://backyard.ai/hf/model/", d),
  jellybox,
  msty: (d) => atPath("msty://models/search/hf/", d),
  recursechat: (d) => withQuery("recursechat://new-hf-gguf-model", "hf-model-id", d),
  drawthings,
  diffusionbee: (d) => withQuery("https://diffusionbee.com/huggingface_import", "model_id", d),
  joyfusion: (d) => withQuery("https://joyfusion.app/import_from_hf", "repo_id", d),
  unsloth: (d) => withFile("unsloth://open_from_hf", d),
};

/** Every app by key, as LOCAL_APPS has them: its display predicate, and its hand-written snippet or deeplink. */
export const HAND_WRITTEN_LOCAL_APPS = Object.fromEntries(
  (Object.keys(LOCAL_APPS) as LocalAppKey[]).map((key): [LocalAppKey, PageApp] => {
    const displayOnModelPage = LOCAL_APPS[key].displayOnModelPage;
    const snippet = SNIPPETS[key];
    const deeplink = DEEPLINKS[key];
    if (snippet)
      return [key, { displayOnModelPage, snippet: (model, file) => snippet(localAppData(model, file)) }];
    if (deeplink)
      return [key, { displayOnModelPage, deeplink: (model, file) => deeplink(localAppData(model, file)) }];
    throw new Error(`bench/hand-literals/local-apps.ts: no hand-written snippet or deeplink for ${key}`);
  }),
) as Record<LocalAppKey, PageApp>;
