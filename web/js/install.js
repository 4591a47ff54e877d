// @ts-check
// Installing the app (issue 29): where the browser offers to install it (`beforeinstallprompt`, in
// Chromium), an Install button that asks it; on iOS Safari, which has no such event, a tip: Share, then
// "Add to Home Screen". Both sit among the tools under "More"; neither shows in the installed app.

/**
 * Whether a user agent is Safari on an iPhone, iPad or iPod (an iPad asking for the desktop site calls
 * itself a Mac with a touch screen). Chrome, Firefox, Edge and Opera on iOS name themselves.
 * @param {string} agent navigator.userAgent
 * @param {number} touchPoints navigator.maxTouchPoints
 */
export function isIosSafari(agent, touchPoints) {
  const ios = /iPhone|iPad|iPod/.test(agent) || (/Macintosh/.test(agent) && touchPoints > 1);
  return ios && /Safari\//.test(agent) && !/CriOS|FxiOS|EdgiOS|OPiOS|GSA\//.test(agent);
}

/**
 * The browser's deferred install offer.
 * @typedef {Event & {prompt: () => Promise<void>, userChoice: Promise<{outcome: string}>}} InstallOffer
 */

export function initInstall() {
  const box = /** @type {HTMLElement} */ (document.getElementById("install"));
  const button = /** @type {HTMLButtonElement} */ (document.getElementById("install-app"));
  const tip = /** @type {HTMLElement} */ (document.getElementById("install-ios"));
  const installed = matchMedia("(display-mode: standalone)").matches
    || /** @type {{standalone?: boolean}} */ (navigator).standalone === true;
  if (installed) return;
  /** @type {InstallOffer | null} */
  let offer = null;
  const show = () => {
    button.hidden = !offer;
    box.hidden = button.hidden && tip.hidden;
  };
  tip.hidden = !isIosSafari(navigator.userAgent, navigator.maxTouchPoints || 0);
  window.addEventListener("beforeinstallprompt", (event) => {
    event.preventDefault(); // the page offers it, in its own place, when the player asks
    offer = /** @type {InstallOffer} */ (event);
    show();
  });
  button.addEventListener("click", async () => {
    if (!offer) return;
    const asked = offer;
    offer = null; // an offer can be prompted once
    show();
    await asked.prompt();
    await asked.userChoice;
  });
  window.addEventListener("appinstalled", () => {
    offer = null;
    tip.hidden = true;
    show();
  });
  show();
}
