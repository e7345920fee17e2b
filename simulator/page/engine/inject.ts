/**
 * A page-side defense (`--defense inject:<file.js>`): the user's script, run in every
 * document by both engines from the same bytes at the same moment. The wrapper is evaluated
 * in the page before the document's own scripts, so that its `load` listener comes first;
 * the script itself runs in that listener: the document has been parsed, its own scripts and
 * DOMContentLoaded handlers have run, and decoy has not observed it yet (both engines wait
 * for `load` before the first observation of a document).
 */

/** The user's script as the engine receives it: read once by the run, never by the page. */
export interface PageInjection {
  /** As the user gave it (the defense id without `inject:`), to name it in errors. */
  readonly name: string;
  readonly source: string;
}

/**
 * Page code: a function of `report(message)` that makes the window run `source` as a classic
 * script (indirect eval: global scope, as a content script in the page's world) on `load`,
 * and reports what it throws. `eval` is taken before the page's scripts could replace it.
 */
export function injectionScript(source: string): string {
  return `(function (report) {
  var run = eval;
  var source = ${JSON.stringify(source)};
  window.addEventListener('load', function () {
    try {
      run(source);
    } catch (e) {
      var message;
      try {
        message = e !== null && typeof e === 'object' && 'message' in e ? String(e.message) : String(e);
      } catch (unreadable) {
        message = 'a value that cannot be read';
      }
      report(message);
    }
  });
})`;
}

/** The reason an episode ends when the injected script throws, in either engine. */
export const injectionThrew = (name: string, message: string) =>
  `the injected script ${name} threw: ${message.split('\n')[0] ?? ''}`;
