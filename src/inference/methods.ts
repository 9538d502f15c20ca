/** Which InferenceClient method serves each task: used to point callers at the right method in errors. */
export const METHOD_OF_TASK: Record<string, string> = {
  conversational: "chatCompletion",
  "text-generation": "textGeneration",
  "feature-extraction": "featureExtraction",
  "sentence-similarity": "sentenceSimilarity",
  "fill-mask": "fillMask",
  summarization: "summarization",
  translation: "translation",
  "question-answering": "questionAnswering",
  "table-question-answering": "tableQuestionAnswering",
  "text-classification": "textClassification",
  "token-classification": "tokenClassification",
  "zero-shot-classification": "zeroShotClassification",
  "audio-classification": "audioClassification",
  "audio-to-audio": "audioToAudio",
  "automatic-speech-recognition": "automaticSpeechRecognition",
  "text-to-speech": "textToSpeech",
  "text-to-image": "textToImage",
  "image-to-image": "imageToImage",
  "image-to-text": "imageToText",
  "image-classification": "imageClassification",
  "image-segmentation": "imageSegmentation",
  "object-detection": "objectDetection",
  "zero-shot-image-classification": "zeroShotImageClassification",
  "document-question-answering": "documentQuestionAnswering",
  "visual-question-answering": "visualQuestionAnswering",
  "tabular-classification": "tabularClassification",
  "tabular-regression": "tabularRegression",
  "text-to-video": "textToVideo",
  "image-to-video": "imageToVideo",
  "image-text-to-image": "imageTextToImage",
  "image-text-to-video": "imageTextToVideo",
  "text-to-audio": "textToAudio",
};

/** Tasks whose method honours the outputType option (and may return a URL, a data: URL or the JSON answer). */
export const OUTPUT_TYPE_TASKS: ReadonlySet<string> = new Set(["text-to-image"]);

/** Tasks that also take their binary input as `data` (the older argument form), e.g. audioClassification({data}). */
export const LEGACY_DATA_TASKS: ReadonlySet<string> = new Set([
  "audio-classification",
  "automatic-speech-recognition",
  "audio-to-audio",
  "image-classification",
  "image-segmentation",
  "image-to-text",
  "object-detection",
]);

/** The arguments with a legacy `data` input moved to `inputs` (when the task takes it and no inputs are given). */
export function withLegacyData<A extends Record<string, unknown>>(task: string, args: A): A {
  if (!LEGACY_DATA_TASKS.has(task) || args.inputs !== undefined || args.data === undefined) return args;
  const { data, ...rest } = args;
  return { ...rest, inputs: data } as unknown as A;
}

export const describeTask = (task: string): string =>
  METHOD_OF_TASK[task] ? `${task} (${METHOD_OF_TASK[task]})` : task;
