"""The hint panel's lists of steps choose a step through one toggle, in node (no browser): issue 32's "one house".

The solution path (``web/js/pathpanel.js``) and All steps here (``web/js/allsteps.js``) both run
``chooseStep`` of ``web/js/steplist.js`` when the player chooses one of their steps: any step drawn is taken
off (the host's ``endEntry``, which unpresses every list), then the step is drawn (``showEntry``) with its
button pressed and its item current; choosing the drawn one again only takes it off and gives the board back
to the hint (``restoreHint``). This test runs ``chooseStep`` in node on a host that keeps its lists as
HintsPanel does (its ``endEntry`` unpresses both, through ``unpressAll``) and on buttons that answer the
few DOM calls the lists make, and checks each journey: on, off, another step of the same list, a step of
the other list. The browser tests (tests/e2e/test_hints_page.py, test_all_steps_page.py) check the same
toggle drawn on the page.
"""

from __future__ import annotations

RUNNER = r"""
import { chooseStep, unpressAll } from "./js/steplist.js";

// A list item and its button, with the attributes and classes the lists read and write.
function item(list, id) {
  const li = { classes: new Set(), classList: { add: (c) => li.classes.add(c), remove: (c) => li.classes.delete(c) } };
  const attrs = { "aria-pressed": "false" };
  const button = { id, li, getAttribute: (k) => attrs[k] ?? null, setAttribute: (k, v) => { attrs[k] = String(v); },
    closest: (sel) => (sel === "li" ? li : null) };
  list.buttons.push(button);
  return button;
}
function list() {
  const l = { buttons: [], querySelectorAll: (sel) => {
    if (sel !== "button[aria-pressed=true]") throw new Error(`unexpected selector ${sel}`);
    return l.buttons.filter((b) => b.getAttribute("aria-pressed") === "true");
  } };
  return l;
}
const path = list();
const all = list();
const calls = [];
const host = {  // HintsPanel's part of the interface the toggle uses
  endEntry() { calls.push("endEntry"); unpressAll(path); unpressAll(all); },
  restoreHint() { calls.push("restoreHint"); },
  showEntry(s, name) { calls.push(`showEntry ${s.id} ${name.en}`); },
};
const a = item(path, "a"), b = item(path, "b"), c = item(all, "c");
const state = () => Object.fromEntries([a, b, c].map((x) => [x.id,
  [x.getAttribute("aria-pressed"), x.li.classes.has("current")]]));
const out = [];
for (const [button, what] of [[a, "a on"], [a, "a off"], [a, "a on again"], [b, "b of the same list"],
                              [c, "c of the other list"], [c, "c off"]]) {
  calls.length = 0;
  const drawn = chooseStep(host, button, { id: button.id }, { en: `Step ${button.id}` });
  out.push({ what, drawn, calls: [...calls], state: state() });
}
process.stdout.write(JSON.stringify(out));
"""

OFF = ["false", False]
ON = ["true", True]


def test_choosing_a_step_draws_it_and_choosing_it_again_gives_the_board_back_to_the_hint(page_in_node):
    runs = {r["what"]: r for r in page_in_node(RUNNER, None)}
    assert runs["a on"] == {"what": "a on", "drawn": True, "calls": ["endEntry", "showEntry a Step a"],
                            "state": {"a": ON, "b": OFF, "c": OFF}}
    assert runs["a off"] == {"what": "a off", "drawn": False, "calls": ["endEntry", "restoreHint"],
                             "state": {"a": OFF, "b": OFF, "c": OFF}}
    assert runs["a on again"]["drawn"] and runs["a on again"]["state"] == {"a": ON, "b": OFF, "c": OFF}


def test_choosing_another_step_ends_the_one_drawn_in_either_list(page_in_node):
    runs = {r["what"]: r for r in page_in_node(RUNNER, None)}
    other = runs["b of the same list"]
    assert other["drawn"] and other["calls"] == ["endEntry", "showEntry b Step b"]
    assert other["state"] == {"a": OFF, "b": ON, "c": OFF}
    across = runs["c of the other list"]
    assert across["drawn"] and across["calls"] == ["endEntry", "showEntry c Step c"]
    assert across["state"] == {"a": OFF, "b": OFF, "c": ON}
    assert runs["c off"]["calls"] == ["endEntry", "restoreHint"] and runs["c off"]["state"] == {
        "a": OFF, "b": OFF, "c": OFF}
