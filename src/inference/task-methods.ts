/**
 * One method per task, each a typed call of the client's generic call (or stream): its argument is its task's Args
 * type and its result what its task spec says (catalogue/task-specs/*.yaml, generated into task-types.gen.ts;
 * test/contract holds each method to its spec). The client's plumbing (provider resolution, requests, flows) is
 * in client.ts.
 */
import type { InferenceStream } from "./inference-stream.js";
import { CHAT } from "./request.js";
import type {
  AudioClassificationArgs,
  AudioToAudioArgs,
  AutomaticSpeechRecognitionArgs,
  BaseArgs,
  ChatCompletionArgs,
  DocumentQuestionAnsweringArgs,
  FeatureExtractionArgs,
  FillMaskArgs,
  ImageClassificationArgs,
  ImageSegmentationArgs,
  ImageTextToImageArgs,
  ImageTextToVideoArgs,
  ImageToImageArgs,
  ImageToTextArgs,
  ImageToVideoArgs,
  InferenceOptions,
  ObjectDetectionArgs,
  QuestionAnsweringArgs,
  SentenceSimilarityArgs,
  SummarizationArgs,
  TableQuestionAnsweringArgs,
  TabularClassificationArgs,
  TabularRegressionArgs,
  TaskResult as R,
  TextClassificationArgs,
  TextGenerationArgs,
  TextToAudioArgs,
  TextToImageArgs,
  TextToSpeechArgs,
  TextToVideoArgs,
  TokenClassificationArgs,
  TranslationArgs,
  VisualQuestionAnsweringArgs,
  ZeroShotClassificationArgs,
  ZeroShotImageClassificationArgs,
} from "./types.js";

/** What the generic call reads: the common fields and the task's own, as a record (any object is one at run time). */
export type Args = BaseArgs & Record<string, unknown>;

/**
 * How a call runs besides its task: `raw` returns the answer as received (request(): no shape check, and the
 * arguments go as given); `autoRouter` lets a call with provider "auto" go to the chat auto-router (the chat
 * methods).
 */
export interface CallRoute {
  raw?: boolean;
  autoRouter?: boolean;
}

export abstract class TaskMethods {
  /**
   * Runs `task`: the answer read as the task's output says (raw: as received, after any polling). `args` is any
   * task's Args type here (interfaces, which TypeScript does not treat as records); the client reads it as Args.
   */
  protected abstract call(
    task: string,
    args: BaseArgs,
    options: InferenceOptions | undefined,
    route?: CallRoute,
  ): Promise<unknown>;
  /** Opens a stream of `task`'s chunks. */
  protected abstract stream<T>(
    task: string,
    args: BaseArgs,
    options: InferenceOptions | undefined,
    route?: CallRoute,
  ): InferenceStream<T>;

  /** With provider omitted or "auto" (and no endpointUrl): the hub's auto-router, which needs a hub token. */
  chatCompletion(args: ChatCompletionArgs, options?: InferenceOptions): Promise<R<"chatCompletion">> {
    return this.call(CHAT, args, options, { autoRouter: true }) as Promise<R<"chatCompletion">>;
  }
  chatCompletionStream(
    args: ChatCompletionArgs,
    options?: InferenceOptions,
  ): InferenceStream<R<"chatCompletionStream">> {
    return this.stream(CHAT, args, options, { autoRouter: true });
  }
  textGeneration(args: TextGenerationArgs, options?: InferenceOptions): Promise<R<"textGeneration">> {
    return this.call("text-generation", args, options) as Promise<R<"textGeneration">>;
  }
  textGenerationStream(
    args: TextGenerationArgs,
    options?: InferenceOptions,
  ): InferenceStream<R<"textGenerationStream">> {
    return this.stream("text-generation", args, options);
  }
  featureExtraction(
    args: FeatureExtractionArgs,
    options?: InferenceOptions,
  ): Promise<R<"featureExtraction">> {
    return this.call("feature-extraction", args, options) as Promise<R<"featureExtraction">>;
  }
  sentenceSimilarity(
    args: SentenceSimilarityArgs,
    options?: InferenceOptions,
  ): Promise<R<"sentenceSimilarity">> {
    return this.call("sentence-similarity", args, options) as Promise<R<"sentenceSimilarity">>;
  }
  fillMask(args: FillMaskArgs, options?: InferenceOptions): Promise<R<"fillMask">> {
    return this.call("fill-mask", args, options) as Promise<R<"fillMask">>;
  }
  summarization(args: SummarizationArgs, options?: InferenceOptions): Promise<R<"summarization">> {
    return this.call("summarization", args, options) as Promise<R<"summarization">>;
  }
  translation(args: TranslationArgs, options?: InferenceOptions): Promise<R<"translation">> {
    return this.call("translation", args, options) as Promise<R<"translation">>;
  }
  questionAnswering(
    args: QuestionAnsweringArgs,
    options?: InferenceOptions,
  ): Promise<R<"questionAnswering">> {
    return this.call("question-answering", args, options) as Promise<R<"questionAnswering">>;
  }
  tableQuestionAnswering(
    args: TableQuestionAnsweringArgs,
    options?: InferenceOptions,
  ): Promise<R<"tableQuestionAnswering">> {
    return this.call("table-question-answering", args, options) as Promise<R<"tableQuestionAnswering">>;
  }
  textClassification(
    args: TextClassificationArgs,
    options?: InferenceOptions,
  ): Promise<R<"textClassification">> {
    return this.call("text-classification", args, options) as Promise<R<"textClassification">>;
  }
  tokenClassification(
    args: TokenClassificationArgs,
    options?: InferenceOptions,
  ): Promise<R<"tokenClassification">> {
    return this.call("token-classification", args, options) as Promise<R<"tokenClassification">>;
  }
  zeroShotClassification(
    args: ZeroShotClassificationArgs,
    options?: InferenceOptions,
  ): Promise<R<"zeroShotClassification">> {
    return this.call("zero-shot-classification", args, options) as Promise<R<"zeroShotClassification">>;
  }
  audioClassification(
    args: AudioClassificationArgs,
    options?: InferenceOptions,
  ): Promise<R<"audioClassification">> {
    return this.call("audio-classification", args, options) as Promise<R<"audioClassification">>;
  }
  audioToAudio(args: AudioToAudioArgs, options?: InferenceOptions): Promise<R<"audioToAudio">> {
    return this.call("audio-to-audio", args, options) as Promise<R<"audioToAudio">>;
  }
  automaticSpeechRecognition(
    args: AutomaticSpeechRecognitionArgs,
    options?: InferenceOptions,
  ): Promise<R<"automaticSpeechRecognition">> {
    return this.call("automatic-speech-recognition", args, options) as Promise<
      R<"automaticSpeechRecognition">
    >;
  }
  textToSpeech(args: TextToSpeechArgs, options?: InferenceOptions): Promise<R<"textToSpeech">> {
    return this.call("text-to-speech", args, options) as Promise<R<"textToSpeech">>;
  }
  /** A Blob; with outputType "url" the provider's image URL, "dataUrl" a data: URL, "json" the provider's answer. */
  textToImage(
    args: TextToImageArgs,
    options: InferenceOptions & { outputType: "url" | "dataUrl" },
  ): Promise<string>;
  textToImage(
    args: TextToImageArgs,
    options: InferenceOptions & { outputType: "json" },
  ): Promise<Record<string, unknown> | Blob>;
  textToImage(
    args: TextToImageArgs,
    options?: InferenceOptions & { outputType?: "blob" },
  ): Promise<R<"textToImage">>;
  textToImage(
    args: TextToImageArgs,
    options?: InferenceOptions,
  ): Promise<R<"textToImage"> | string | Record<string, unknown>>;
  textToImage(args: TextToImageArgs, options?: InferenceOptions): Promise<unknown> {
    return this.call("text-to-image", args, options);
  }
  imageToImage(args: ImageToImageArgs, options?: InferenceOptions): Promise<R<"imageToImage">> {
    return this.call("image-to-image", args, options) as Promise<R<"imageToImage">>;
  }
  imageToText(args: ImageToTextArgs, options?: InferenceOptions): Promise<R<"imageToText">> {
    return this.call("image-to-text", args, options) as Promise<R<"imageToText">>;
  }
  imageClassification(
    args: ImageClassificationArgs,
    options?: InferenceOptions,
  ): Promise<R<"imageClassification">> {
    return this.call("image-classification", args, options) as Promise<R<"imageClassification">>;
  }
  imageSegmentation(
    args: ImageSegmentationArgs,
    options?: InferenceOptions,
  ): Promise<R<"imageSegmentation">> {
    return this.call("image-segmentation", args, options) as Promise<R<"imageSegmentation">>;
  }
  objectDetection(args: ObjectDetectionArgs, options?: InferenceOptions): Promise<R<"objectDetection">> {
    return this.call("object-detection", args, options) as Promise<R<"objectDetection">>;
  }
  zeroShotImageClassification(
    args: ZeroShotImageClassificationArgs,
    options?: InferenceOptions,
  ): Promise<R<"zeroShotImageClassification">> {
    return this.call("zero-shot-image-classification", args, options) as Promise<
      R<"zeroShotImageClassification">
    >;
  }
  documentQuestionAnswering(
    args: DocumentQuestionAnsweringArgs,
    options?: InferenceOptions,
  ): Promise<R<"documentQuestionAnswering">> {
    return this.call("document-question-answering", args, options) as Promise<R<"documentQuestionAnswering">>;
  }
  visualQuestionAnswering(
    args: VisualQuestionAnsweringArgs,
    options?: InferenceOptions,
  ): Promise<R<"visualQuestionAnswering">> {
    return this.call("visual-question-answering", args, options) as Promise<R<"visualQuestionAnswering">>;
  }
  tabularClassification(
    args: TabularClassificationArgs,
    options?: InferenceOptions,
  ): Promise<R<"tabularClassification">> {
    return this.call("tabular-classification", args, options) as Promise<R<"tabularClassification">>;
  }
  tabularRegression(
    args: TabularRegressionArgs,
    options?: InferenceOptions,
  ): Promise<R<"tabularRegression">> {
    return this.call("tabular-regression", args, options) as Promise<R<"tabularRegression">>;
  }
  textToVideo(args: TextToVideoArgs, options?: InferenceOptions): Promise<R<"textToVideo">> {
    return this.call("text-to-video", args, options) as Promise<R<"textToVideo">>;
  }
  imageToVideo(args: ImageToVideoArgs, options?: InferenceOptions): Promise<R<"imageToVideo">> {
    return this.call("image-to-video", args, options) as Promise<R<"imageToVideo">>;
  }
  /** A generated image, from a source image and a prompt (or from the prompt alone). */
  imageTextToImage(args: ImageTextToImageArgs, options?: InferenceOptions): Promise<R<"imageTextToImage">> {
    return this.call("image-text-to-image", args, options) as Promise<R<"imageTextToImage">>;
  }
  /** A generated video, from a source image and a prompt (or from the prompt alone). */
  imageTextToVideo(args: ImageTextToVideoArgs, options?: InferenceOptions): Promise<R<"imageTextToVideo">> {
    return this.call("image-text-to-video", args, options) as Promise<R<"imageTextToVideo">>;
  }
  /** Generated audio (music, sound) from a prompt. */
  textToAudio(args: TextToAudioArgs, options?: InferenceOptions): Promise<R<"textToAudio">> {
    return this.call("text-to-audio", args, options) as Promise<R<"textToAudio">>;
  }
}
