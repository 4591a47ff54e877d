// @ts-check
// The digit pad: a button per symbol of the current grid, for touch screens and mice (Erase is in the
// tool row, as in the apps players know). Each digit shows how many more of it the grid needs; a finished digit is greyed out. Like
// the board it only emits "input" ({digit}); the app decides what it means (a digit for the
// selected cell, or, digit first, the digit to place with the next taps: `armed` shows it).
// Buttons are not in the tab order: keyboard users type on the grid itself. A long press (or a right
// click) sends {digit, note: true}: the digit as a note, whatever the notes mode.
import { t } from "./i18n.js";
import { Emitter } from "./dom.js";

const LONG_PRESS_MS = 450;

/** The pad's event: a digit pressed (0: none), `note` for a long press or a right click. @typedef {{input: {digit: number, note: boolean}}} PadEvents */

/** @extends {Emitter<PadEvents>} */
export class DigitPad extends Emitter {
  /** @type {boolean | undefined} */ longPressed;
  /** @type {ReturnType<typeof setTimeout> | undefined} */ pressTimer;

  /** @param {HTMLElement} element */
  constructor(element) {
    super();
    this.el = element;
    /** @type {string | null} */
    this.symbols = null;
    /** @type {string | null} */
    this.lang = null;
    // Keep focus on the grid: a pressed pad button must not take it.
    element.addEventListener("mousedown", (event) => event.preventDefault());
    /** @param {Event} event @returns {HTMLElement | null} */
    const buttonOf = (event) => /** @type {Element} */ (event.target).closest("button[data-digit]");
    element.addEventListener("click", (event) => {
      const button = buttonOf(event);
      if (this.longPressed) {
        this.longPressed = false; // the press already wrote a note
        return;
      }
      if (button) this.press(Number(button.dataset.digit), false);
    });
    // A long press (touch) or a right click writes the digit as a note.
    element.addEventListener("contextmenu", (event) => {
      const button = buttonOf(event);
      if (!button) return;
      event.preventDefault();
      if (this.longPressed) return; // touch: the timer below already did it
      this.press(Number(button.dataset.digit), true);
    });
    element.addEventListener("pointerdown", (event) => {
      const button = buttonOf(event);
      this.longPressed = false;
      clearTimeout(this.pressTimer);
      if (!button || event.pointerType === "mouse" || !Number(button.dataset.digit)) return;
      this.pressTimer = setTimeout(() => {
        this.longPressed = true;
        this.press(Number(button.dataset.digit), true);
      }, LONG_PRESS_MS);
    });
    for (const type of ["pointerup", "pointercancel", "pointerleave"]) {
      element.addEventListener(type, () => clearTimeout(this.pressTimer));
    }
  }

  /** @param {import("./game.js").Game} game @param {{armed?: number, notes?: boolean, lang?: string}} [options] */
  render(game, { armed = 0, notes = false, lang = "" } = {}) {
    if (game.symbols !== this.symbols || lang !== this.lang) {
      this.symbols = game.symbols;
      this.lang = lang;
      const count = game.n;
      const rows = Math.ceil(count / 13);
      this.el.style.setProperty("--n", String(Math.ceil(count / rows)));
      // On a phone, rows of at most 6, as even as can be (9: 5 and 4): each button stays 44 px wide.
      this.el.style.setProperty("--cols-narrow", String(Math.ceil(count / Math.ceil(count / 6))));
      const buttons = [...game.symbols].map((symbol, i) => this.button(symbol, i + 1, t("pad.set", { digit: symbol })));
      this.el.replaceChildren(...buttons);
    }
    const remaining = game.remaining();
    const play = game.mode === "play";
    this.el.classList.toggle("notes-mode", notes);
    for (const button of /** @type {HTMLCollectionOf<HTMLButtonElement>} */ (this.el.children)) {
      const digit = Number(button.dataset.digit);
      if (!digit) continue;
      const left = remaining[digit];
      const badge = /** @type {HTMLElement} */ (button.querySelector(".left"));
      // The count is drawn by CSS from data-left, so the button's text is its digit alone and its
      // name ("Set 4, 3 left") starts with what it shows.
      badge.dataset.left = play ? String(Math.max(0, left)) : "";
      const name = play ? t("pad.set-left", { digit: game.symbol(digit), count: Math.max(0, left) })
        : t("pad.set", { digit: game.symbol(digit) });
      if (button.getAttribute("aria-label") !== name) button.setAttribute("aria-label", name);
      button.classList.toggle("done", play && left <= 0);
      button.dataset.left = String(left);
      button.setAttribute("aria-pressed", String(armed === digit));
      button.title = play ? t("pad.left", { count: Math.max(0, left) }) : "";
    }
  }

  /** @param {number} digit @param {boolean} note */
  press(digit, note) {
    this.emit("input", { digit, note });
  }

  /** @param {string} text @param {number} digit @param {string} label */
  button(text, digit, label) {

    const button = document.createElement("button");
    button.type = "button";
    button.tabIndex = -1;
    button.dataset.digit = String(digit);
    button.setAttribute("aria-label", label);
    const face = document.createElement("span");
    face.className = "face";
    face.textContent = text;
    button.append(face);
    if (digit) {
      const left = document.createElement("span");
      left.className = "left";
      left.setAttribute("aria-hidden", "true");
      button.append(left);
    }
    return button;
  }
}
