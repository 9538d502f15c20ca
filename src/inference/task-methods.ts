/**
 * One method per task, each a typed call of the client's generic call (or stream). The client's plumbing
 * (provider resolution, requests, flows) is in client.ts.
 */
import type { InferenceStream } from "./inference-stream.js";
import { CHAT } from "./request.js";
import type {
  BaseArgs,
  BinaryArgs,
  BinaryInput,
  ChatCompletionArgs,
  ChatCompletionOutput,
  ChatCompletionStreamOutput,
  ClassificationOutput,
  ImageTextToImageArgs,
  ImageTextToVideoArgs,
  InferenceOptions,
  ResponseShapes as R,
  TaskArgs,
  TextGenerationOutput,
  TextGenerationStreamOutput,
  TextToAudioArgs,
} from "./types.js";

export type Args = BaseArgs & Record<string, unknown>;

export abstract class TaskMethods {
  /** Runs `task`: the answer read as the task's output says (raw: as received, after any polling). */
  protected abstract call(
    task: string,
    args: Args,
    options: InferenceOptions | undefined,
    raw?: boolean,
  ): Promise<unknown>;
  /** Opens a stream of `task`'s chunks. */
  protected abstract stream<T>(
    task: string,
    args: Args,
    options: InferenceOptions | undefined,
  ): InferenceStream<T>;

  chatCompletion(args: ChatCompletionArgs, options?: InferenceOptions): Promise<ChatCompletionOutput> {
    return this.call(CHAT, args, options) as Promise<ChatCompletionOutput>;
  }
  chatCompletionStream(
    args: ChatCompletionArgs,
    options?: InferenceOptions,
  ): InferenceStream<ChatCompletionStreamOutput> {
    return this.stream(CHAT, args, options);
  }
  textGeneration(args: TaskArgs<string>, options?: InferenceOptions): Promise<TextGenerationOutput> {
    return this.call("text-generation", args, options) as Promise<TextGenerationOutput>;
  }
  textGenerationStream(
    args: TaskArgs<string>,
    options?: InferenceOptions,
  ): InferenceStream<TextGenerationStreamOutput> {
    return this.stream("text-generation", args, options);
  }
  featureExtraction(
    args: TaskArgs<string | string[]>,
    options?: InferenceOptions,
  ): Promise<R["feature-extraction"]> {
    return this.call("feature-extraction", args, options) as Promise<R["feature-extraction"]>;
  }
  sentenceSimilarity(
    args: TaskArgs<{ source_sentence: string; sentences: string[] }>,
    options?: InferenceOptions,
  ): Promise<number[]> {
    return this.call("sentence-similarity", args, options) as Promise<number[]>;
  }
  fillMask(args: TaskArgs<string>, options?: InferenceOptions): Promise<R["fill-mask"]> {
    return this.call("fill-mask", args, options) as Promise<R["fill-mask"]>;
  }
  summarization(args: TaskArgs<string>, options?: InferenceOptions): Promise<R["summarization"]> {
    return this.call("summarization", args, options) as Promise<R["summarization"]>;
  }
  translation(args: TaskArgs<string | string[]>, options?: InferenceOptions): Promise<R["translation"]> {
    return this.call("translation", args, options) as Promise<R["translation"]>;
  }
  questionAnswering(
    args: TaskArgs<{ question: string; context: string }>,
    options?: InferenceOptions,
  ): Promise<R["question-answering"]> {
    return this.call("question-answering", args, options) as Promise<R["question-answering"]>;
  }
  tableQuestionAnswering(
    args: TaskArgs<{ query: string; table: Record<string, string[]> }>,
    options?: InferenceOptions,
  ): Promise<R["table-question-answering"]> {
    return this.call("table-question-answering", args, options) as Promise<R["table-question-answering"]>;
  }
  textClassification(args: TaskArgs<string>, options?: InferenceOptions): Promise<ClassificationOutput> {
    return this.call("text-classification", args, options) as Promise<ClassificationOutput>;
  }
  tokenClassification(
    args: TaskArgs<string>,
    options?: InferenceOptions,
  ): Promise<R["token-classification"]> {
    return this.call("token-classification", args, options) as Promise<R["token-classification"]>;
  }
  zeroShotClassification(
    args: TaskArgs<string | string[], { candidate_labels: string[] } & Record<string, unknown>>,
    options?: InferenceOptions,
  ): Promise<ClassificationOutput> {
    return this.call("zero-shot-classification", args, options) as Promise<ClassificationOutput>;
  }
  audioClassification(args: BinaryArgs, options?: InferenceOptions): Promise<ClassificationOutput> {
    return this.call("audio-classification", args, options) as Promise<ClassificationOutput>;
  }
  audioToAudio(args: BinaryArgs, options?: InferenceOptions): Promise<R["audio-to-audio"]> {
    return this.call("audio-to-audio", args, options) as Promise<R["audio-to-audio"]>;
  }
  automaticSpeechRecognition(
    args: BinaryArgs,
    options?: InferenceOptions,
  ): Promise<R["automatic-speech-recognition"]> {
    return this.call("automatic-speech-recognition", args, options) as Promise<
      R["automatic-speech-recognition"]
    >;
  }
  textToSpeech(args: TaskArgs<string>, options?: InferenceOptions): Promise<Blob> {
    return this.call("text-to-speech", args, options) as Promise<Blob>;
  }
  /** A Blob; with outputType "url" the provider's image URL, "dataUrl" a data: URL, "json" the provider's answer. */
  textToImage(
    args: TaskArgs<string>,
    options: InferenceOptions & { outputType: "url" | "dataUrl" },
  ): Promise<string>;
  textToImage(
    args: TaskArgs<string>,
    options: InferenceOptions & { outputType: "json" },
  ): Promise<Record<string, unknown> | Blob>;
  textToImage(args: TaskArgs<string>, options?: InferenceOptions & { outputType?: "blob" }): Promise<Blob>;
  textToImage(
    args: TaskArgs<string>,
    options?: InferenceOptions,
  ): Promise<Blob | string | Record<string, unknown>>;
  textToImage(args: TaskArgs<string>, options?: InferenceOptions): Promise<unknown> {
    return this.call("text-to-image", args, options);
  }
  imageToImage(args: TaskArgs<BinaryInput>, options?: InferenceOptions): Promise<Blob> {
    return this.call("image-to-image", args, options) as Promise<Blob>;
  }
  imageToText(args: BinaryArgs, options?: InferenceOptions): Promise<R["image-to-text"]> {
    return this.call("image-to-text", args, options) as Promise<R["image-to-text"]>;
  }
  imageClassification(args: BinaryArgs, options?: InferenceOptions): Promise<ClassificationOutput> {
    return this.call("image-classification", args, options) as Promise<ClassificationOutput>;
  }
  imageSegmentation(args: BinaryArgs, options?: InferenceOptions): Promise<R["image-segmentation"]> {
    return this.call("image-segmentation", args, options) as Promise<R["image-segmentation"]>;
  }
  objectDetection(args: BinaryArgs, options?: InferenceOptions): Promise<R["object-detection"]> {
    return this.call("object-detection", args, options) as Promise<R["object-detection"]>;
  }
  zeroShotImageClassification(
    args: TaskArgs<{ image: BinaryInput }, { candidate_labels: string[] } & Record<string, unknown>>,
    options?: InferenceOptions,
  ): Promise<ClassificationOutput> {
    return this.call("zero-shot-image-classification", args, options) as Promise<ClassificationOutput>;
  }
  documentQuestionAnswering(
    args: TaskArgs<{ image: BinaryInput; question: string }>,
    options?: InferenceOptions,
  ): Promise<R["document-question-answering"]> {
    return this.call("document-question-answering", args, options) as Promise<
      R["document-question-answering"]
    >;
  }
  visualQuestionAnswering(
    args: TaskArgs<{ image: BinaryInput; question: string }>,
    options?: InferenceOptions,
  ): Promise<R["visual-question-answering"]> {
    return this.call("visual-question-answering", args, options) as Promise<R["visual-question-answering"]>;
  }
  tabularClassification(
    args: TaskArgs<{ data: Record<string, string[]> }>,
    options?: InferenceOptions,
  ): Promise<number[]> {
    return this.call("tabular-classification", args, options) as Promise<number[]>;
  }
  tabularRegression(
    args: TaskArgs<{ data: Record<string, string[]> }>,
    options?: InferenceOptions,
  ): Promise<number[]> {
    return this.call("tabular-regression", args, options) as Promise<number[]>;
  }
  textToVideo(args: TaskArgs<string>, options?: InferenceOptions): Promise<Blob> {
    return this.call("text-to-video", args, options) as Promise<Blob>;
  }
  imageToVideo(args: TaskArgs<BinaryInput>, options?: InferenceOptions): Promise<Blob> {
    return this.call("image-to-video", args, options) as Promise<Blob>;
  }
  /** A generated image, from a source image and a prompt (or from the prompt alone). */
  imageTextToImage(args: ImageTextToImageArgs, options?: InferenceOptions): Promise<Blob> {
    return this.call("image-text-to-image", args, options) as Promise<Blob>;
  }
  /** A generated video, from a source image and a prompt (or from the prompt alone). */
  imageTextToVideo(args: ImageTextToVideoArgs, options?: InferenceOptions): Promise<Blob> {
    return this.call("image-text-to-video", args, options) as Promise<Blob>;
  }
  /** Generated audio (music, sound) from a prompt. */
  textToAudio(args: TextToAudioArgs, options?: InferenceOptions): Promise<Blob> {
    return this.call("text-to-audio", args, options) as Promise<Blob>;
  }
}
