// bench/browser_bench.py's Firefox ESR driver (puppeteer-core over WebDriver BiDi, as
// tests/e2e/firefox_journey.mjs): each run launches a fresh browser (a fresh profile) and prints
// nothing but, at the end, one JSON line: a list with one result per run.
//   node bench/firefox_bench.mjs visits BASE_URL RUNS   cold visit, then a returning one (index.html)
//   node bench/firefox_bench.mjs probe BASE_URL RUNS    the boot probe (bench-probe/boot/index.html)
// A browser that cannot start exits non-zero.
//   node bench/firefox_bench.mjs firsthint BASE_URL RUNS   time to a working hint, first visit and return
import { readFileSync } from "node:fs";
import puppeteer from "puppeteer-core";

const [mode, base, runs] = process.argv.slice(2);
const FIGURES = () => {
  const info = window.sudoku.engine.info;
  const mark = performance.getEntriesByName("engine-ready")[0];
  return { ready: mark ? mark.startTime : null, bootMs: info.bootMs, boot: info.boot, timings: info.timings };
};
// waitForFunction compiles its predicate with Function(), which the page's CSP forbids: poll evaluate.
async function until(page, predicate, ms = 180000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await page.evaluate(predicate);
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out: ${predicate}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const FIRST_HINT = `(${readFileSync(new URL("first_hint.js", import.meta.url), "utf8")})()`;

const results = [];
for (let run = 0; run < Number(runs); run++) {
  const browser = await puppeteer.launch({
    browser: "firefox", executablePath: process.env.FIREFOX || "/usr/bin/firefox-esr", headless: true,
  });
  try {
    const page = await browser.newPage();
    if (mode === "visits") {
      await page.goto(`${base}index.html`);
      await page.waitForSelector("html[data-ready]", { timeout: 180000 });
      const cold = await page.evaluate(FIGURES);
      await until(page, () => !!window.sudoku.engine.snapshot); // saved once the engine is idle
      await page.goto(`${base}index.html`);
      await page.waitForSelector("html[data-ready]", { timeout: 180000 });
      results.push({ cold, returning: await page.evaluate(FIGURES), version: await browser.version() });
    } else if (mode === "firsthint") {
      await page.goto(`${base}index.html`);
      const cold = await page.evaluate(FIRST_HINT);
      await until(page, () => !!window.sudoku.engine.snapshot);
      await page.goto(`${base}index.html`);
      results.push({ cold, returning: await page.evaluate(FIRST_HINT), version: await browser.version() });
    } else {
      await page.goto(`${base}bench-probe/boot/index.html`);
      await until(page, () => document.documentElement.dataset.probe === "done", 300000);
      results.push({ ...(await page.evaluate(() => window.probeResult)), version: await browser.version() });
    }
  } finally {
    await browser.close();
  }
}
console.log(JSON.stringify(results));
