// A core journey in Firefox ESR (Debian's firefox-esr), driven by puppeteer-core over WebDriver BiDi:
// the page boots its engine, a newspaper photo is read, played and hinted, Ctrl+V on the focused grid loads a puzzle from the clipboard (Firefox sends
// the paste event to <body>, not to the cell), a hint answers, a digit goes in, (OFFLINE_STEP) a
// reload with the server stopped boots from the service worker's cache, then Solve reveals the
// solution, a 16x16 Hard new game comes from the generator in slices, and a Jigsaw link opens with its
// regions, a Killer link with its cages (argv: the puzzle, the Jigsaw line, the Killer line, the site's
// URL). Prints one JSON line
// of facts for tests/e2e/test_firefox.py to check; exits non-zero if the browser cannot start.
import { fileURLToPath } from "node:url";
import puppeteer from "puppeteer-core";

const [puzzle, jigsaw, killer, url] = process.argv.slice(2);
// A phone photo of a newspaper Sudoku (tests/data/scan/README.md says whose).
const PHOTO = fileURLToPath(new URL("../data/scan/image1000.jpg", import.meta.url));
const browser = await puppeteer.launch({
  browser: "firefox", executablePath: process.env.FIREFOX || "/usr/bin/firefox-esr", headless: true,
  extraPrefsFirefox: { "dom.events.testing.asyncClipboard": true, "dom.events.asyncClipboard.readText": true },
});
const facts = { errors: [] };
// waitForFunction compiles its predicate with Function(), which the page's CSP forbids: poll evaluate.
async function until(page, predicate, arg) {
  const deadline = Date.now() + 60000;
  while (!(await page.evaluate(predicate, arg))) {
    if (Date.now() > deadline) throw new Error(`timed out: ${predicate}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
try {
  const page = await browser.newPage();
  page.on("pageerror", (e) => facts.errors.push(e.message));
  await page.goto(`${url}index.html`);
  await page.waitForSelector("html[data-ready]", { timeout: 180000 }); // a CSS selector: no eval
  facts.first = await page.evaluate(() => window.sudoku.game.givenCount);
  // A photo chosen on the reader's file input is read in the worker, played as read, and hinted.
  await page.click("#scan-open");
  const file = await page.waitForSelector("#scan-file");
  await file.uploadFile(PHOTO);
  await page.waitForSelector("#scan-dialog:is([data-state=read], [data-state=nogrid], [data-state=failed])",
    { timeout: 180000 });
  facts.photo = await page.evaluate(() => ({ state: document.getElementById("scan-dialog").dataset.state,
    board: [...document.querySelectorAll("#scan-board input")].map((e) => e.value || ".").join("") }));
  await page.click("#scan-play");
  await until(page, () => /one solution/.test(document.getElementById("message").textContent));
  facts.photo.played = await page.evaluate(() => window.sudoku.game.shareLine());
  await page.click("#hint");
  await until(page, () => !document.getElementById("hint-text").hidden
    && document.getElementById("hint-text").dataset.level === "0");
  facts.photo.hint = await page.$eval("#hint-text", (e) => e.textContent);
  await page.click("#board [data-cell='0']");
  await page.evaluate((text) => navigator.clipboard.writeText(text), puzzle);
  await page.keyboard.down("Control");
  await page.keyboard.press("v");
  await page.keyboard.up("Control");
  await until(page, (p) => window.sudoku.game.shareLine() === p, puzzle);
  await until(page, () => /exactly one solution/.test(document.getElementById("message").textContent));
  facts.pasted = await page.evaluate(() => window.sudoku.game.shareLine());
  await page.click("#hint");
  await until(page, () => !document.getElementById("hint-text").hidden
    && document.getElementById("hint-text").dataset.level === "0");
  facts.hint = await page.$eval("#hint-text", (e) => e.textContent);
  // All steps here: the list by technique, one step drawn on the grid, Escape closes it.
  await page.click("#all-steps");
  await until(page, () => document.querySelectorAll("#all-list details").length > 0);
  await page.click("#all-list summary");
  await page.click("#all-list details[open] button.all-step");
  facts.allSteps = await page.evaluate(() => ({
    groups: [...document.querySelectorAll("#all-list details")].map((d) => d.dataset.technique),
    drawn: document.querySelector(".board-wrap > svg.reason").dataset.technique,
    entries: window.sudoku.game.entries.filter((v) => v).length }));
  await page.keyboard.press("Escape");
  await until(page, () => document.getElementById("all-steps-panel").hidden);
  await page.click("#board [data-cell='0']");
  await page.keyboard.press("4");
  facts.entry = await page.evaluate(() => window.sudoku.game.entries[0]);
  // Offline: once the service worker has the site, the test stops the server (it waits for our line on
  // stdout and answers on stdin); a reload then boots from the cache and the game is still there.
  if (process.env.OFFLINE_STEP) {
    await until(page, () => document.documentElement.dataset.offline === "ready");
    console.log("READY_FOR_OFFLINE");
    await new Promise((resolve) => process.stdin.once("data", resolve));
    await page.reload();
    await page.waitForSelector("html[data-ready]", { timeout: 180000 });
    facts.offlineEntry = await page.evaluate(() => window.sudoku.game.entries[0]);
    await page.click("#hint");
    await until(page, () => document.getElementById("hint-text").dataset.level === "0"); // not "Thinking…"
    facts.offlineHint = await page.$eval("#hint-text", (e) => e.textContent);
  }
  // Solve (asked to confirm, since a game is in progress) fills the grid.
  await page.evaluate(() => { document.getElementById("study").open = true; });
  await page.click("#solve");
  await page.waitForSelector("#confirm-yes", { visible: true });
  await page.click("#confirm-yes");
  await until(page, () => /Solved/.test(document.getElementById("message").textContent));
  facts.solvedMessage = await page.$eval("#message", (e) => e.textContent);
  // A new game the bank does not hold (16x16 Hard, mirrored): the generator runs in slices.
  await page.click("#new-game");
  await page.select("#ng-size", "16");
  await page.select("#ng-level", "hard");
  await page.select("#ng-symmetry", "mirror_v"); // not a symmetry the bank serves
  await page.click("#ng-generate");
  await until(page, () => window.sudoku.game.n === 16 && !document.getElementById("newgame-dialog").open);
  facts.newGame = await page.evaluate(() => ({ n: window.sudoku.game.n, givens: window.sudoku.game.givenCount,
    slices: Number(document.getElementById("ng-progress").dataset.slices) }));
  // A dihedral 9x9 Extreme (issue 33): not the bank's symmetry, made live from the engine's catalogue.
  await page.click("#new-game");
  await page.select("#ng-size", "9");
  await page.select("#ng-level", "extreme");
  await page.select("#ng-symmetry", "dihedral");
  const asked = Date.now();
  await page.click("#ng-generate");
  await until(page, () => window.sudoku.game.n === 9 && !document.getElementById("newgame-dialog").open);
  facts.extreme = await page.evaluate(() => ({ line: window.sudoku.game.shareLine(), level: window.sudoku.game.info.level }));
  facts.extreme.seconds = (Date.now() - asked) / 1000; // printed by the test, not asserted
  // A Jigsaw link: the engine's regions, drawn with their borders, named in the cells' labels.
  await page.evaluate((line) => { location.hash = encodeURIComponent(line); }, jigsaw);
  await until(page, () => window.sudoku.game.variant === "jigsaw" && !window.sudoku.engine.busy);
  facts.jigsaw = await page.evaluate(() => ({ regions: window.sudoku.game.regions,
    borders: document.querySelectorAll("#board .box-right").length + document.querySelectorAll("#board .box-bottom").length,
    label: document.querySelector("#board [data-cell='80']").getAttribute("aria-label") }));
  // A Killer link: the engine's cages, each drawn with its sum, named in the cells' labels.
  await page.evaluate((line) => { location.hash = encodeURIComponent(line); }, killer);
  await until(page, () => window.sudoku.game.variant === "killer" && !window.sudoku.engine.busy);
  facts.killer = await page.evaluate(() => ({ cages: window.sudoku.game.cages,
    sums: [...document.querySelectorAll("#board .cage-layer text")].map((t) => t.textContent),
    outlines: document.querySelectorAll("#board .cage-layer path").length,
    label: document.querySelector("#board [data-cell='80']").getAttribute("aria-label") }));
} finally {
  await browser.close();
}
console.log(JSON.stringify(facts));
