// Reads [{cages, filled, masks, n}] as JSON on stdin and prints, for each, the masks that the page's
// Auto notes keep on a Killer (web/js/cages.js cageCandidates): for tests/e2e/test_hint_candidates.py.
import { cageCandidates } from "../../web/js/cages.js";

let input = "";
process.stdin.on("data", (chunk) => { input += chunk; });
process.stdin.on("end", () => {
  const out = JSON.parse(input).map(({ cages, filled, masks, n }) => cageCandidates(cages, filled, masks, n));
  process.stdout.write(JSON.stringify(out));
});
