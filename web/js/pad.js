// The digit pad: a button per symbol of the current grid and one to clear, for touch screens and
// mice. Like the board it only emits "input" ({digit}); the app decides which cell it goes to.
// Buttons are not in the tab order: keyboard users type on the grid itself.

export class DigitPad extends EventTarget {
  constructor(element) {
    super();
    this.el = element;
    this.symbols = null;
    // Keep focus on the grid: a pressed pad button must not take it.
    element.addEventListener("mousedown", (event) => event.preventDefault());
    element.addEventListener("click", (event) => {
      const button = event.target.closest("button[data-digit]");
      if (button) this.dispatchEvent(new CustomEvent("input", { detail: { digit: Number(button.dataset.digit) } }));
    });
  }

  render(game) {
    if (game.symbols === this.symbols) return;
    this.symbols = game.symbols;
    const count = game.n + 1;
    const rows = Math.ceil(count / 13);
    this.el.style.setProperty("--n", String(Math.ceil(count / rows)));
    const buttons = [...game.symbols].map((symbol, i) => this.button(symbol, i + 1, `Set ${symbol}`));
    buttons.push(this.button("⌫", 0, "Clear the cell"));
    this.el.replaceChildren(...buttons);
  }

  button(text, digit, label) {
    const button = document.createElement("button");
    button.type = "button";
    button.tabIndex = -1;
    button.textContent = text;
    button.dataset.digit = String(digit);
    button.setAttribute("aria-label", label);
    return button;
  }
}
