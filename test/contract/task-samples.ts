/**
 * A sample input of every task spec, written once and checked twice: the type checker checks each against its
 * generated type (this file is part of `tsc --noEmit`), and task-samples.test.ts validates the same values with
 * ajv against the JSON Schema definition of the same name (files as base64 text, as in a JSON body). The
 * invalid samples fail both: `@ts-expect-error` here, a failed validation there.
 */
import type {
  AudioClassificationInput,
  AudioToAudioInput,
  AutomaticSpeechRecognitionInput,
  ChatCompletionInput,
  DocumentQuestionAnsweringInput,
  FeatureExtractionInput,
  FillMaskInput,
  ImageClassificationInput,
  ImageSegmentationInput,
  ImageTextToImageInput,
  ImageTextToVideoInput,
  ImageToImageInput,
  ImageToTextInput,
  ImageToVideoInput,
  ObjectDetectionInput,
  QuestionAnsweringInput,
  SentenceSimilarityInput,
  SummarizationInput,
  TableQuestionAnsweringInput,
  TabularClassificationInput,
  TabularRegressionInput,
  TextClassificationInput,
  TextGenerationInput,
  TextToAudioInput,
  TextToImageInput,
  TextToSpeechInput,
  TextToVideoInput,
  TokenClassificationInput,
  TranslationInput,
  VisualQuestionAnsweringInput,
  ZeroShotClassificationInput,
  ZeroShotImageClassificationInput,
} from "../../src/inference/index.js";

const file = new Blob([new Uint8Array([137, 80, 78, 71])], { type: "image/png" });

/** Task spec file (without .yaml) -> definition name -> a valid value of it. */
export const VALID_INPUTS = {
  "audio-classification": {
    AudioClassificationInput: {
      inputs: file,
      parameters: { top_k: 3, function_to_apply: "softmax" },
    } satisfies AudioClassificationInput,
  },
  "audio-to-audio": { AudioToAudioInput: { inputs: file } satisfies AudioToAudioInput },
  "automatic-speech-recognition": {
    AutomaticSpeechRecognitionInput: {
      inputs: file,
      parameters: {
        return_timestamps: true,
        generation_parameters: { num_beams: 2, early_stopping: "never" },
      },
    } satisfies AutomaticSpeechRecognitionInput,
  },
  conversational: {
    ChatCompletionInput: {
      messages: [
        { role: "system", content: "Be brief." },
        {
          role: "user",
          content: [
            { type: "text", text: "What is it?" },
            { type: "image_url", image_url: { url: "https://x/y.png" } },
          ],
        },
        {
          role: "assistant",
          content: null,
          tool_calls: [{ id: "c1", type: "function", function: { name: "f", arguments: "{}" } }],
        },
        { role: "tool", tool_call_id: "c1", content: "42" },
      ],
      max_tokens: 50,
      temperature: null,
      tools: [{ type: "function", function: { name: "f", parameters: { type: "object" } } }],
      tool_choice: { function: { name: "f" } },
      response_format: { type: "json_schema", json_schema: { name: "answer", schema: { type: "object" } } },
      stream_options: { include_usage: true },
    } satisfies ChatCompletionInput,
  },
  "document-question-answering": {
    DocumentQuestionAnsweringInput: {
      inputs: { image: file, question: "What is the total?" },
      parameters: { top_k: 1, word_boxes: ["Total", [10, 20, 30, 40]] },
    } satisfies DocumentQuestionAnsweringInput,
  },
  "feature-extraction": {
    FeatureExtractionInput: {
      inputs: ["a", "b"],
      normalize: true,
      truncation_direction: "left",
    } satisfies FeatureExtractionInput,
  },
  "fill-mask": {
    FillMaskInput: { inputs: "Paris is the [MASK].", parameters: { top_k: 2 } } satisfies FillMaskInput,
  },
  "image-classification": { ImageClassificationInput: { inputs: file } satisfies ImageClassificationInput },
  "image-segmentation": {
    ImageSegmentationInput: {
      inputs: file,
      parameters: { subtask: "panoptic", threshold: 0.5 },
    } satisfies ImageSegmentationInput,
  },
  "image-text-to-image": {
    ImageTextToImageInput: {
      parameters: { prompt: "a cat", target_size: { width: 512, height: 512 } },
    } satisfies ImageTextToImageInput,
  },
  "image-text-to-video": {
    ImageTextToVideoInput: {
      inputs: file,
      parameters: { prompt: "waves", num_frames: 24 },
    } satisfies ImageTextToVideoInput,
  },
  "image-to-image": {
    ImageToImageInput: { inputs: file, parameters: { prompt: "in snow" } } satisfies ImageToImageInput,
  },
  "image-to-text": {
    ImageToTextInput: { inputs: file, parameters: { max_new_tokens: 20 } } satisfies ImageToTextInput,
  },
  "image-to-video": {
    ImageToVideoInput: { inputs: file, parameters: { seed: 1 } } satisfies ImageToVideoInput,
  },
  "object-detection": {
    ObjectDetectionInput: { inputs: file, parameters: { threshold: 0.9 } } satisfies ObjectDetectionInput,
  },
  "question-answering": {
    QuestionAnsweringInput: {
      inputs: { question: "Who?", context: "Ada wrote it." },
      parameters: { top_k: 1, align_to_words: true },
    } satisfies QuestionAnsweringInput,
  },
  "sentence-similarity": {
    SentenceSimilarityInput: {
      inputs: { source_sentence: "a", sentences: ["b", "c"] },
    } satisfies SentenceSimilarityInput,
  },
  summarization: {
    SummarizationInput: {
      inputs: "A long text.",
      parameters: { truncation: "longest_first", generate_parameters: { num_beams: 4 } },
    } satisfies SummarizationInput,
  },
  "table-question-answering": {
    TableQuestionAnsweringInput: {
      inputs: { table: { city: ["Paris", "Rome"] }, question: "Which city?" },
      parameters: { padding: "longest" },
    } satisfies TableQuestionAnsweringInput,
  },
  "tabular-classification": {
    TabularClassificationInput: { inputs: { data: { a: ["1", "2"] } } } satisfies TabularClassificationInput,
  },
  "tabular-regression": {
    TabularRegressionInput: { inputs: { data: { a: ["1", "2"] } } } satisfies TabularRegressionInput,
  },
  "text-classification": {
    TextClassificationInput: {
      inputs: "I love it",
      parameters: { top_k: 1 },
    } satisfies TextClassificationInput,
  },
  "text-generation": {
    TextGenerationInput: {
      inputs: "Once",
      parameters: { max_new_tokens: 20, stop: ["."], grammar: { type: "regex", value: "[a-z]+" } },
    } satisfies TextGenerationInput,
  },
  "text-to-audio": {
    TextToAudioInput: {
      inputs: "rain",
      parameters: { generation_parameters: { do_sample: true } },
    } satisfies TextToAudioInput,
  },
  "text-to-image": {
    TextToImageInput: {
      inputs: "a cat",
      parameters: { num_inference_steps: 5, width: 512 },
    } satisfies TextToImageInput,
  },
  "text-to-speech": { TextToSpeechInput: { inputs: "Hello" } satisfies TextToSpeechInput },
  "text-to-video": {
    TextToVideoInput: {
      inputs: "waves",
      parameters: { negative_prompt: ["blur"] },
    } satisfies TextToVideoInput,
  },
  "token-classification": {
    TokenClassificationInput: {
      inputs: "Ada lives in Paris",
      parameters: { aggregation_strategy: "simple" },
    } satisfies TokenClassificationInput,
  },
  translation: {
    TranslationInput: {
      inputs: ["Bonjour"],
      parameters: { src_lang: "fr", tgt_lang: "en" },
    } satisfies TranslationInput,
  },
  "visual-question-answering": {
    VisualQuestionAnsweringInput: {
      inputs: { image: file, question: "What colour?" },
    } satisfies VisualQuestionAnsweringInput,
  },
  "zero-shot-classification": {
    ZeroShotClassificationInput: {
      inputs: "I love it",
      parameters: { candidate_labels: ["positive", "negative"], multi_label: false },
    } satisfies ZeroShotClassificationInput,
  },
  "zero-shot-image-classification": {
    ZeroShotImageClassificationInput: {
      inputs: file,
      parameters: { candidate_labels: ["cat", "dog"] },
    } satisfies ZeroShotImageClassificationInput,
  },
};

// Invalid values: each directive stands on the line above the error, and every one must be used.
const misspelt: TextToImageInput = {
  inputs: "a cat",
  // @ts-expect-error a misspelt parameter
  parameters: { num_inference_stepz: 5 },
};
const numberAsText: TextGenerationInput = {
  inputs: "Once",
  // @ts-expect-error a number given as text
  parameters: { max_new_tokens: "5" },
};
const noRole: ChatCompletionInput = {
  // @ts-expect-error a message without its role
  messages: [{ content: "Hi" }],
};
const noLabels: ZeroShotClassificationInput = {
  inputs: "I love it",
  // @ts-expect-error the candidate labels are required
  parameters: {},
};
const unknownSubtask: ImageSegmentationInput = {
  inputs: file,
  // @ts-expect-error not a subtask
  parameters: { subtask: "all" },
};
const noContext: QuestionAnsweringInput = {
  // @ts-expect-error the context is required
  inputs: { question: "Who?" },
};
const numberInputs: FeatureExtractionInput = {
  // @ts-expect-error a number is not a text
  inputs: 5,
};
const numberCells: TableQuestionAnsweringInput = {
  // @ts-expect-error cells are strings
  inputs: { table: { a: [1] }, question: "?" },
};

/** Task spec file -> definition name -> a value that is not one: the type checker and ajv both refuse it. */
export const INVALID_INPUTS = {
  "text-to-image": { TextToImageInput: misspelt },
  "text-generation": { TextGenerationInput: numberAsText },
  conversational: { ChatCompletionInput: noRole },
  "zero-shot-classification": { ZeroShotClassificationInput: noLabels },
  "image-segmentation": { ImageSegmentationInput: unknownSubtask },
  "question-answering": { QuestionAnsweringInput: noContext },
  "feature-extraction": { FeatureExtractionInput: numberInputs },
  "table-question-answering": { TableQuestionAnsweringInput: numberCells },
};
