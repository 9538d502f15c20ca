/**
 * Preload (`node --import`) that lets a generated JS snippet run unmodified against the loopback fake server: fetch
 * sends each request for one of the origins under test to the loopback server instead, with the origin it was
 * meant for in a header (the server records it); any other origin is refused. The packages the snippet imports are
 * in its folder's node_modules (test/snippets/run-snippet.ts, installSnippetPackages).
 * Environment: HUBKIT_LOOPBACK (http://127.0.0.1:port), HUBKIT_LOOPBACK_ORIGINS (comma-separated).
 */
const realFetch = globalThis.fetch;
globalThis.fetch = function loopbackFetch(input, init) {
  // Read at each request: the module runner (exec/module-runner.mjs) runs snippets of several tests in turn.
  const { HUBKIT_LOOPBACK: loopback, HUBKIT_LOOPBACK_ORIGINS: origins = "" } = process.env;
  const allowed = origins.split(",").filter(Boolean);
  const url = new URL(input instanceof Request ? input.url : String(input));
  if (!allowed.includes(url.origin)) {
    return Promise.reject(
      new TypeError(`loopback: ${url.origin} is not an origin under test (${allowed.join(", ")})`),
    );
  }
  const request = new Request(
    `${loopback}${url.pathname}${url.search}`,
    input instanceof Request ? input : init,
  );
  request.headers.set("x-hubkit-loopback-origin", url.origin);
  return realFetch(request, input instanceof Request ? init : undefined);
};
