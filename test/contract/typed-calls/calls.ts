/**
 * Type-checked, never run: against the sources by `npm test`'s type check (tsconfig.json maps "hubkit" to src/), and
 * against the installed package by test/contract/package.test.ts (strict). Each
 * `@ts-expect-error` line must fail to compile, or tsc reports the directive as unused; every other line must
 * compile: correct calls of every method, and code written with the reference client's type names.
 */
import {
  InferenceClient,
  type AudioClassificationArgs,
  type AudioToAudioArgs,
  type AutomaticSpeechRecognitionArgs,
  type AutomaticSpeechRecognitionOutput,
  type ChatCompletionInput,
  type ChatCompletionInputMessage,
  type ChatCompletionOutput,
  type ChatCompletionStreamOutput,
  type DocumentQuestionAnsweringArgs,
  type FeatureExtractionArgs,
  type FillMaskArgs,
  type FillMaskOutput,
  type GenerationParameters,
  type ImageClassificationArgs,
  type ImageSegmentationArgs,
  type ImageTextToImageArgs,
  type ImageTextToVideoArgs,
  type ImageToImageArgs,
  type ImageToTextArgs,
  type ImageToVideoArgs,
  type ObjectDetectionArgs,
  type ObjectDetectionOutput,
  type QuestionAnsweringArgs,
  type QuestionAnsweringOutput,
  type SentenceSimilarityArgs,
  type SummarizationArgs,
  type TableQuestionAnsweringArgs,
  type TabularClassificationArgs,
  type TabularRegressionArgs,
  type TaskMethodTypes,
  type TextClassificationArgs,
  type TextClassificationOutput,
  type TextGenerationInput,
  type TextGenerationOutput,
  type TextToAudioArgs,
  type TextToImageArgs,
  type TextToImageInput,
  type TextToImageOutput,
  type TextToImageParameters,
  type TextToVideoArgs,
  type TokenClassificationArgs,
  type TranslationArgs,
  type VisualQuestionAnsweringArgs,
  type ZeroShotClassificationArgs,
  type ZeroShotImageClassificationArgs,
} from "hubkit";
import type { TextToImageArgs as TextToImageArgsFromSubpath } from "hubkit/inference";

const client = new InferenceClient("hf_token");
const model = "org/model";
const image = new Blob([]);

export async function mistakes(): Promise<void> {
  // @ts-expect-error a misspelt parameter
  await client.textToImage({ model, inputs: "a cat", parameters: { num_inference_stepz: 5 } });
  // @ts-expect-error a parameter of the wrong type
  await client.textToImage({ model, inputs: "a cat", parameters: { num_inference_steps: "five" } });
  // @ts-expect-error chat options are top-level fields, checked as such
  await client.chatCompletion({ model, messages: [], temprature: 0.5 });
  // @ts-expect-error a message's content is text or parts, not a number
  await client.chatCompletion({ model, messages: [{ role: "user", content: 42 }] });
  // @ts-expect-error zero-shot classification needs its candidate labels
  await client.zeroShotClassification({ model, inputs: "a text", parameters: {} });
  // @ts-expect-error max_new_tokens is a number
  await client.textGeneration({ model, inputs: "Once", parameters: { max_new_tokens: "10" } });
  // @ts-expect-error subtask is one of instance, panoptic, semantic
  await client.imageSegmentation({ model, inputs: image, parameters: { subtask: "all" } });
  // @ts-expect-error question answering needs the context
  await client.questionAnswering({ model, inputs: { question: "Who?" } });
  // @ts-expect-error generation_parameters are checked too
  await client.textToAudio({ model, inputs: "rain", parameters: { generation_parameters: { top_kk: 5 } } });
  // @ts-expect-error fillMask resolves to a list
  const notAList: string = await client.fillMask({ model, inputs: "Paris is the [MASK] of France." });
  void notAList;
}

/** Provider-specific fields go through a spread of an object of their own, which is sent as it is. */
export async function providerFields(): Promise<Blob> {
  const blackForestLabs = { safety_tolerance: 2 };
  return client.textToImage({ model, inputs: "a cat", parameters: { ...blackForestLabs, seed: 1 } });
}

/** Code written with the reference client's type names. */
export async function upstreamNames(): Promise<void> {
  const parameters: TextToImageParameters = { num_inference_steps: 5, guidance_scale: 7.5, width: 512 };
  const input: TextToImageInput = { inputs: "a cat", parameters };
  const args: TextToImageArgs = { model, provider: "fal-ai", ...input };
  const same: TextToImageArgsFromSubpath = args;
  const blob: Blob = await client.textToImage(same);
  const url: string = await client.textToImage(args, { outputType: "url" });
  const output: TextToImageOutput = { image: blob };
  void url;
  void output;

  const messages: ChatCompletionInputMessage[] = [{ role: "user", content: "Hi" }];
  const chat: ChatCompletionInput = { messages, max_tokens: 50, temperature: 0.2 };
  const answer: ChatCompletionOutput = await client.chatCompletion({ model, ...chat });
  const text: string | null | undefined = answer.choices[0].message.content;
  for await (const chunk of client.chatCompletionStream({ model, ...chat })) {
    const typed: ChatCompletionStreamOutput = chunk;
    void (typed.choices[0]?.delta.content ?? "");
  }
  void text;

  const generation: GenerationParameters = { do_sample: true, early_stopping: "never" };
  await client.textToAudio({ model, inputs: "rain", parameters: { generation_parameters: generation } });
  const prompt: TextGenerationInput = { inputs: "Once", parameters: { max_new_tokens: 20, stop: ["."] } };
  const generated: TextGenerationOutput = await client.textGeneration({ model, ...prompt });
  const labels: TextClassificationOutput = await client.textClassification({ model, inputs: "I love it" });
  const masks: FillMaskOutput = await client.fillMask({ model, inputs: "Paris is the [MASK] of France." });
  const answerOne: QuestionAnsweringOutput[number] = await client.questionAnswering({
    model,
    inputs: { question: "Who?", context: "Me." },
  });
  const boxes: ObjectDetectionOutput = await client.objectDetection({ model, inputs: image });
  const speech: AutomaticSpeechRecognitionOutput = await client.automaticSpeechRecognition({
    model,
    data: image,
  });
  void [generated, labels, masks, answerOne, boxes, speech];
}

/** Every method, called plainly with its Args type. */
export async function everyMethod(a: {
  audioClassification: AudioClassificationArgs;
  audioToAudio: AudioToAudioArgs;
  automaticSpeechRecognition: AutomaticSpeechRecognitionArgs;
  documentQuestionAnswering: DocumentQuestionAnsweringArgs;
  featureExtraction: FeatureExtractionArgs;
  fillMask: FillMaskArgs;
  imageClassification: ImageClassificationArgs;
  imageSegmentation: ImageSegmentationArgs;
  imageTextToImage: ImageTextToImageArgs;
  imageTextToVideo: ImageTextToVideoArgs;
  imageToImage: ImageToImageArgs;
  imageToText: ImageToTextArgs;
  imageToVideo: ImageToVideoArgs;
  objectDetection: ObjectDetectionArgs;
  questionAnswering: QuestionAnsweringArgs;
  sentenceSimilarity: SentenceSimilarityArgs;
  summarization: SummarizationArgs;
  tableQuestionAnswering: TableQuestionAnsweringArgs;
  tabularClassification: TabularClassificationArgs;
  tabularRegression: TabularRegressionArgs;
  textClassification: TextClassificationArgs;
  textToAudio: TextToAudioArgs;
  textToVideo: TextToVideoArgs;
  tokenClassification: TokenClassificationArgs;
  translation: TranslationArgs;
  visualQuestionAnswering: VisualQuestionAnsweringArgs;
  zeroShotClassification: ZeroShotClassificationArgs;
  zeroShotImageClassification: ZeroShotImageClassificationArgs;
}): Promise<unknown[]> {
  return [
    await client.audioClassification(a.audioClassification),
    await client.audioToAudio(a.audioToAudio),
    await client.automaticSpeechRecognition(a.automaticSpeechRecognition),
    await client.documentQuestionAnswering(a.documentQuestionAnswering),
    await client.featureExtraction(a.featureExtraction),
    await client.fillMask(a.fillMask),
    await client.imageClassification(a.imageClassification),
    await client.imageSegmentation(a.imageSegmentation),
    await client.imageTextToImage(a.imageTextToImage),
    await client.imageTextToVideo(a.imageTextToVideo),
    await client.imageToImage(a.imageToImage),
    await client.imageToText(a.imageToText),
    await client.imageToVideo(a.imageToVideo),
    await client.objectDetection(a.objectDetection),
    await client.questionAnswering(a.questionAnswering),
    await client.sentenceSimilarity(a.sentenceSimilarity),
    await client.summarization(a.summarization),
    await client.tableQuestionAnswering(a.tableQuestionAnswering),
    await client.tabularClassification(a.tabularClassification),
    await client.tabularRegression(a.tabularRegression),
    await client.textClassification(a.textClassification),
    await client.textToAudio(a.textToAudio),
    await client.textToVideo(a.textToVideo),
    await client.tokenClassification(a.tokenClassification),
    await client.translation(a.translation),
    await client.visualQuestionAnswering(a.visualQuestionAnswering),
    await client.zeroShotClassification(a.zeroShotClassification),
    await client.zeroShotImageClassification(a.zeroShotImageClassification),
  ];
}

/** Each method takes its task spec's Args type and returns (or yields) its spec's result, exactly. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Produced<R> = R extends AsyncIterable<infer T> ? T : Awaited<R>;
type MethodHolds<M extends keyof TaskMethodTypes> =
  Same<Parameters<InferenceClient[M]>[0], TaskMethodTypes[M]["args"]> extends true
    ? M extends "textToImage" // overloaded on outputType: its Blob case is checked in upstreamNames()
      ? true
      : Same<Produced<ReturnType<InferenceClient[M]>>, TaskMethodTypes[M]["result"]>
    : false;
export const everyMethodHoldsToItsSpec: { [M in keyof TaskMethodTypes]: MethodHolds<M> } = {
  audioClassification: true,
  audioToAudio: true,
  automaticSpeechRecognition: true,
  chatCompletion: true,
  chatCompletionStream: true,
  documentQuestionAnswering: true,
  featureExtraction: true,
  fillMask: true,
  imageClassification: true,
  imageSegmentation: true,
  imageTextToImage: true,
  imageTextToVideo: true,
  imageToImage: true,
  imageToText: true,
  imageToVideo: true,
  objectDetection: true,
  questionAnswering: true,
  sentenceSimilarity: true,
  summarization: true,
  tableQuestionAnswering: true,
  tabularClassification: true,
  tabularRegression: true,
  textClassification: true,
  textGeneration: true,
  textGenerationStream: true,
  textToAudio: true,
  textToImage: true,
  textToSpeech: true,
  textToVideo: true,
  tokenClassification: true,
  translation: true,
  visualQuestionAnswering: true,
  zeroShotClassification: true,
  zeroShotImageClassification: true,
};
