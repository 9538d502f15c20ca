/**
 * The chat task: not a pipeline type of its own, but what every chat route serves. Its own module (importing
 * nothing) so that the generator, which runs before anything is generated, names it from the same place.
 */
export const CHAT = "conversational";
