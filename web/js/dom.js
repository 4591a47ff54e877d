// @ts-check
// Building the page's elements: the one helper every module that makes markup in script uses.

/**
 * An element with attributes and children: `el("button", { type: "button", class: "primary", text: "Hint" })`.
 * `class` sets the class name, `text` the text; every other key is an attribute (`true` writes it empty,
 * as `hidden: true` or `disabled: true` do in markup).
 * @param {string} tag
 * @param {Record<string, string | boolean>} [props]
 * @param {...(Node | string)} children
 * @returns {HTMLElement}
 */
export function el(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (key === "class") node.className = String(value);
    else if (key === "text") node.textContent = String(value);
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  node.append(...children);
  return node;
}
