/**
 * The model record snippet generators read (what the hub returns for a model). Its JSON Schema is $defs/record of
 * schemas/model-record.schema.json; test/libraries/model-data.test.ts keeps the two in step.
 */
export interface ModelData {
  /** The repo id, e.g. "org/name". */
  id: string;
  /** All tags: conversational, custom_code, lora, controlnet, gguf, ... (missing = none). */
  tags?: string[];
  pipeline_tag?: string;
  library_name?: string;
  mask_token?: string;
  widgetData?: WidgetExample[];
  cardData?: {
    base_model?: string | string[];
    instance_prompt?: string | null;
  };
  transformersInfo?: {
    auto_model: string;
    custom_class?: string;
    pipeline_tag?: string;
    processor?: string;
  };
  config?: {
    architectures?: string[];
    model_type?: string;
    tokenizer_config?: { chat_template?: ChatTemplate };
    processor_config?: { chat_template?: ChatTemplate };
    /** The repo's chat_template.jinja file. */
    chat_template_jinja?: string | null;
    adapter_transformers?: { model_name?: string; model_class?: string };
    keras_hub?: { tasks?: string[] };
    sklearn?: { model?: { file?: string }; model_format?: string };
    speechbrain?: { speechbrain_interface?: string; vocoder_interface?: string; vocoder_model_id?: string };
    peft?: { base_model_name_or_path?: string; task_type?: string };
    /** Read by the local apps (vLLM and SGLang serve awq, gptq, aqlm and marlin checkpoints). */
    quantization_config?: { quant_method?: string };
  };
  /** GGUF metadata of a GGUF repo; a context length means llama.cpp can load it (local apps). */
  gguf?: { context_length?: number; chat_template?: string };
}

/** A chat template: the Jinja source or a list of named templates; null when the config says there is none. */
export type ChatTemplate = string | null | { name: string; template: string }[];

/** One widget input example: text inputs have `text`; sentence-similarity ones `source_sentence` and `sentences`. */
export interface WidgetExample {
  text?: string;
  source_sentence?: string;
  sentences?: string[];
  example_title?: string;
}

/** Every top-level field of ModelData, so a test can compare the type with the schema. */
export const MODEL_DATA_FIELDS = {
  id: true,
  tags: true,
  pipeline_tag: true,
  library_name: true,
  mask_token: true,
  widgetData: true,
  cardData: true,
  transformersInfo: true,
  config: true,
  gguf: true,
} as const satisfies Record<keyof ModelData, true>;
