/**
 * File extensions and content types, in one table: the type of a file read by name (hubkit infer --input @file,
 * a snippet's example file) and the file name given to uploaded bytes of a type (multipart bodies).
 */

/**
 * [extension, content type] pairs. A file name's type is that of the first pair with its extension; a type's
 * extension is that of the first pair with the type, so the usual name of each comes first, aliases after.
 */
const MEDIA_TYPES: readonly (readonly [extension: string, type: string])[] = [
  ["wav", "audio/wav"],
  ["wav", "audio/x-wav"],
  ["wav", "audio/wave"],
  ["mp3", "audio/mpeg"],
  ["mp3", "audio/mp3"],
  ["flac", "audio/flac"],
  ["flac", "audio/x-flac"],
  // An .m4a file is audio in an MP4 container, registered as audio/mp4; uploads of audio/mp4 are named .mp4.
  ["mp4", "audio/mp4"],
  ["m4a", "audio/mp4"],
  ["m4a", "audio/m4a"],
  ["m4a", "audio/x-m4a"],
  ["ogg", "audio/ogg"],
  ["webm", "audio/webm"],
  ["png", "image/png"],
  ["jpg", "image/jpeg"],
  ["jpeg", "image/jpeg"],
  ["webp", "image/webp"],
];

const TYPE_OF_EXTENSION = new Map<string, string>();
const EXTENSION_OF_TYPE = new Map<string, string>();
for (const [extension, type] of MEDIA_TYPES) {
  if (!TYPE_OF_EXTENSION.has(extension)) TYPE_OF_EXTENSION.set(extension, type);
  if (!EXTENSION_OF_TYPE.has(type)) EXTENSION_OF_TYPE.set(type, extension);
}

/** The content type of a file by its name's extension (any case), or undefined when the table does not know it. */
export function contentTypeOfFile(path: string): string | undefined {
  const extension = /\.([A-Za-z0-9]+)$/.exec(path)?.[1].toLowerCase();
  return extension === undefined ? undefined : TYPE_OF_EXTENSION.get(extension);
}

/**
 * The extension of a content type, its parameters dropped first (a browser recording is "audio/webm;codecs=opus",
 * which is webm), or undefined when the table does not know it.
 */
export function extensionOfType(type: string): string | undefined {
  return EXTENSION_OF_TYPE.get(type.split(";")[0].trim().toLowerCase());
}
