/**
 * Type-checked by `tsc --noEmit` (npm test), never run: every answer that the run-time response check accepts
 * (the shapes of catalogue/responses.yaml, as their generated types) is a value of the result type that the
 * method's task spec declares (catalogue/task-specs/*.yaml), so the two descriptions of an answer cannot drift
 * apart while they are still two files. Tasks whose providers reshape the answer after the check (take, wrap,
 * flows) are held to their spec by test/contract/typed-calls instead.
 */
import type { ResponseShapes as Shape, TaskMethodTypes } from "../../src/inference/index.js";

type Accepts<M extends keyof TaskMethodTypes, Checked> = [Checked] extends [TaskMethodTypes[M]["result"]]
  ? true
  : false;

export const checkedAnswersAreResults: {
  questionAnswering: Accepts<"questionAnswering", Shape["question-answering"]>;
  tableQuestionAnswering: Accepts<"tableQuestionAnswering", Shape["table-question-answering"]>;
  tokenClassification: Accepts<"tokenClassification", Shape["token-classification"]>;
  fillMask: Accepts<"fillMask", Shape["fill-mask"]>;
  imageSegmentation: Accepts<"imageSegmentation", Shape["image-segmentation"]>;
  objectDetection: Accepts<"objectDetection", Shape["object-detection"]>;
  summarization: Accepts<"summarization", Shape["summarization"]>;
  visualQuestionAnswering: Accepts<"visualQuestionAnswering", Shape["visual-question-answering"]>;
  documentQuestionAnswering: Accepts<"documentQuestionAnswering", Shape["document-question-answering"]>;
  translation: Accepts<"translation", Shape["translation"]>;
  automaticSpeechRecognition: Accepts<"automaticSpeechRecognition", Shape["automatic-speech-recognition"]>;
  imageToText: Accepts<"imageToText", Shape["image-to-text"]>;
  audioToAudio: Accepts<"audioToAudio", Shape["audio-to-audio"]>;
  textClassification: Accepts<"textClassification", Shape["classification"]>;
  imageClassification: Accepts<"imageClassification", Shape["classification"]>;
  audioClassification: Accepts<"audioClassification", Shape["classification"]>;
  zeroShotImageClassification: Accepts<"zeroShotImageClassification", Shape["classification"]>;
  featureExtraction: Accepts<"featureExtraction", Shape["feature-extraction"]>;
  sentenceSimilarity: Accepts<"sentenceSimilarity", Shape["numbers"]>;
  tabularClassification: Accepts<"tabularClassification", Shape["numbers"]>;
  tabularRegression: Accepts<"tabularRegression", Shape["numbers"]>;
  chatCompletion: Accepts<"chatCompletion", Shape["chat-completion"]>;
} = {
  questionAnswering: true,
  tableQuestionAnswering: true,
  tokenClassification: true,
  fillMask: true,
  imageSegmentation: true,
  objectDetection: true,
  summarization: true,
  visualQuestionAnswering: true,
  documentQuestionAnswering: true,
  translation: true,
  automaticSpeechRecognition: true,
  imageToText: true,
  audioToAudio: true,
  textClassification: true,
  imageClassification: true,
  audioClassification: true,
  zeroShotImageClassification: true,
  featureExtraction: true,
  sentenceSimilarity: true,
  tabularClassification: true,
  tabularRegression: true,
  chatCompletion: true,
};
