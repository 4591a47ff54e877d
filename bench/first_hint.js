// bench/browser_bench.py's time to a working hint, run in the page by each browser's driver right after
// the page has loaded (the engine may still be booting): press Hint as soon as it is in the tool row, as
// an eager player would, and resolve once the hint is answered (its words at level 1 on the status line)
// with when it was pressed and answered, in ms from navigation start, whether the engine was still
// booting when pressed, and what it said.
// An arrow function's source: Playwright calls it, puppeteer and Selenium wrap it in a call.
async () => {
  // The Hint button, once main.js has put it in the tool row (a driver may hand over before the modules ran).
  const pressable = () => document.querySelector(".tools #hint") && document.getElementById("hint-text");
  for (let waited = 0; !pressable(); waited += 10) {
    if (waited > 180000) throw new Error("no Hint button in the tool row after 180 s");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  const text = document.getElementById("hint-text");
  const answered = () => text.dataset.level === "0" && !!text.dataset.status;
  const early = !document.documentElement.hasAttribute("data-ready");
  const pressed = performance.now();
  document.getElementById("hint").click();
  await new Promise((resolve, reject) => {
    let observer = null;
    const timer = setTimeout(() => reject(new Error("no hint 180 s after pressing Hint")), 180000);
    const check = () => {
      if (!answered()) return;
      clearTimeout(timer);
      if (observer) observer.disconnect();
      resolve();
    };
    observer = new MutationObserver(check);
    observer.observe(text, { attributes: true });
    check();
  });
  const at = performance.now();
  const mark = performance.getEntriesByName("engine-ready")[0];
  return { pressed, answered: at, early, status: text.dataset.status, ready: mark ? mark.startTime : null,
           boot: window.sudoku.engine.info.boot };
}
