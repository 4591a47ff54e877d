// @ts-check
// Building the page's elements: the one helper every module that makes markup in script uses.

/**
 * An element with attributes and children: `el("button", { type: "button", class: "primary", text: "Hint" })`.
 * `class` sets the class name, `text` the text; every other key is an attribute (`true` writes it empty,
 * as `hidden: true` or `disabled: true` do in markup). Typed by its tag: el("select") is an HTMLSelectElement.
 * @template {string} K
 * @param {K} tag
 * @param {Record<string, string | boolean>} [props]
 * @param {...(Node | string)} children
 * @returns {K extends keyof HTMLElementTagNameMap ? HTMLElementTagNameMap[K] : HTMLElement}
 */
export function el(tag, props = {}, ...children) {
  const node = /** @type {K extends keyof HTMLElementTagNameMap ? HTMLElementTagNameMap[K] : HTMLElement} */ (document.createElement(tag));
  for (const [key, value] of Object.entries(props)) {
    if (key === "class") node.className = String(value);
    else if (key === "text") node.textContent = String(value);
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  node.append(...children);
  return node;
}

/**
 * The elements of the pages (index.html, lab.html, learn.html) that script reads as more than an
 * HTMLElement (a field's value, a button's disabled, a dialog's showModal), by id; any other id is an
 * HTMLElement.
 * @typedef {{
 *   "alphabet": HTMLSelectElement, "auto-notes": HTMLButtonElement, "back-link": HTMLAnchorElement,
 *   "batch-cancel": HTMLButtonElement, "batch-csv": HTMLButtonElement, "batch-progress": HTMLProgressElement,
 *   "batch-run": HTMLButtonElement, "batch-set": HTMLSelectElement, "batch-table": HTMLTableElement,
 *   "batch-text": HTMLTextAreaElement, "cancel": HTMLButtonElement, "check": HTMLInputElement,
 *   "clear-solution": HTMLButtonElement, "compare-csv": HTMLButtonElement, "compare-run": HTMLButtonElement,
 *   "compare-table": HTMLTableElement, "confirm": HTMLDialogElement, "confirm-no": HTMLButtonElement,
 *   "confirm-yes": HTMLButtonElement, "contrast": HTMLInputElement, "copy-grid": HTMLButtonElement,
 *   "copy-line": HTMLButtonElement, "copy-link": HTMLButtonElement, "corner-mode": HTMLButtonElement,
 *   "digit-first": HTMLButtonElement, "erase": HTMLButtonElement, "export-progress": HTMLInputElement,
 *   "export-text": HTMLTextAreaElement, "finish": HTMLDialogElement, "finish-close": HTMLButtonElement,
 *   "finish-next": HTMLButtonElement, "games": HTMLDetailsElement, "highlight": HTMLInputElement,
 *   "hint": HTMLButtonElement, "hint-apply": HTMLButtonElement,
 *   "install-app": HTMLButtonElement, "lab-link": HTMLAnchorElement, "language": HTMLSelectElement,
 *   "load": HTMLButtonElement, "matrix-cage-table": HTMLTableElement, "matrix-table": HTMLTableElement,
 *   "method": HTMLSelectElement, "mode-toggle": HTMLButtonElement, "more": HTMLButtonElement,
 *   "more-close": HTMLButtonElement, "new-grid": HTMLButtonElement, "node-limit": HTMLInputElement,
 *   "notes-mode": HTMLButtonElement, "pause": HTMLButtonElement, "print": HTMLButtonElement,
 *   "puzzle-text": HTMLTextAreaElement, "redo": HTMLButtonElement, "restart": HTMLButtonElement,
 *   "resume": HTMLButtonElement, "rewind": HTMLButtonElement, "sample": HTMLSelectElement,
 *   "save-aside": HTMLButtonElement, "save-export": HTMLButtonElement, "save-text": HTMLTextAreaElement,
 *   "share-link": HTMLAnchorElement, "show-timer": HTMLInputElement, "size": HTMLSelectElement,
 *   "solve": HTMLButtonElement, "stats-export": HTMLButtonElement, "stats-panel": HTMLDetailsElement,
 *   "stats-reset": HTMLButtonElement, "stats-text": HTMLTextAreaElement, "theme": HTMLSelectElement,
 *   "undo": HTMLButtonElement, "update-reload": HTMLButtonElement, "watch-back": HTMLButtonElement,
 *   "watch-end": HTMLButtonElement, "watch-method": HTMLSelectElement, "watch-play": HTMLButtonElement,
 *   "watch-record": HTMLButtonElement, "watch-seek": HTMLInputElement, "watch-speed": HTMLInputElement,
 *   "watch-start": HTMLButtonElement, "watch-step": HTMLButtonElement,
 * }} ElementsById
 */

/**
 * The page's element with this id, typed by ElementsById. The page's markup has every id script asks
 * for, so the type says the element is there (this returns what getElementById does).
 * @template {string} K
 * @param {K} id
 * @returns {K extends keyof ElementsById ? ElementsById[K] : HTMLElement}
 */
export function byId(id) {
  return /** @type {K extends keyof ElementsById ? ElementsById[K] : HTMLElement} */ (/** @type {unknown} */ (document.getElementById(id)));
}

/**
 * An EventTarget whose events carry typed details: `Events` maps each event's type to its `detail`
 * (`emit(type, detail)` fires a CustomEvent). The game, the board and the engine client are these.
 * @template {{[type: string]: unknown}} Events
 */
export class Emitter extends EventTarget {
  /**
   * @template {keyof Events & string} K
   * @overload
   * @param {K} type
   * @param {(event: CustomEvent<Events[K]>) => void} listener
   * @param {boolean | AddEventListenerOptions} [options]
   * @returns {void}
   */
  /**
   * @overload
   * @param {string} type
   * @param {EventListenerOrEventListenerObject | null} listener
   * @param {boolean | AddEventListenerOptions} [options]
   * @returns {void}
   */
  /**
   * @param {string} type
   * @param {any} listener
   * @param {boolean | AddEventListenerOptions} [options]
   */
  addEventListener(type, listener, options) {
    super.addEventListener(type, listener, options);
  }

  /**
   * @template {keyof Events & string} K
   * @param {K} type
   * @param {Events[K]} detail
   */
  emit(type, detail) {
    this.dispatchEvent(new CustomEvent(type, { detail }));
  }
}
