// @ts-check
// The main page's link to the algorithm lab carries the current puzzle: the game keeps the address's
// fragment in step with the grid (js/share.js), so the lab is opened with the same fragment.
import { byId } from "../dom.js";

const link = byId("lab-link");
if (link) {

  const follow = () => { link.href = `lab.html${location.hash}`; };
  for (const type of ["pointerdown", "focus", "click"]) link.addEventListener(type, follow);
  window.addEventListener("hashchange", follow);
  follow();
}
