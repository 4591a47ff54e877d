// @ts-check
// New games at the levels the generator takes seconds to reach (Expert and Extreme, 9x9 to 16x16, and
// 16x16 Hard), and at Hard on 9x9 and 12x12, which take most of a second in a busy browser:
// puzzles made and rated by this engine ahead of time and shipped with the page, so New game answers at
// once. Each is served once per device (the served ones are remembered in localStorage); when a level's
// bank is used up, or the player picks another symmetry, "minimal" or a technique, the generator runs as
// before, and a choice that took long is kept stocked from then on (refill.js; its puzzles are kept here
// under the choice's key, see bankKind). X, Windoku and Jigsaw games are kept too (their lines in the
// variant's one-line form).
// Made with, for each size S and level L:
//   python3 -m sudoku_core generate --size S --level L --symmetry rot180 --count N --seed bank-S-L --json
// (9x9 Extreme also with --seed bank-9-extreme-b, which found them far faster)
// (12x12 Extreme: one more with --seed bank-12-extreme-ur, --count 1, after a hidden rectangle made one of
// the first ten Expert; that one moved to 12x12 Expert)
// (9x9 Extreme: one more with --seed bank-9-extreme-db, --count 1, after Death Blossom made one of them
// Expert; that one moved to 9x9 Expert)
// The variants' slow levels (X and Windoku Expert and Extreme, Jigsaw Hard to Extreme, 9x9), for each
// variant V and level L:
//   python3 -m sudoku_core generate --variant V --level L --symmetry rot180 --count 5 --seed bank-9-L-V
// and checked by tests/test_bank.py (unique by two solvers, rated at its level, 180-degree symmetric).
// Killers without givens (Medium, Expert, Extreme: most come out Hard, so these levels take long to hit)
// are the first of each level among 400 made with
//   python3 -m sudoku_core generate --variant killer --count 400 --seed killer-pool --json
// and rated (13 Medium, 7 Expert, 2 Extreme; GENERATOR_VERSION 6's techniques).
import { EXTREMES } from "./bank-extremes.js";
import { killerLine } from "./game.js";
import { readJSON, writeJSON } from "./storage.js";

const BANK_SYMMETRY = "rot180";
// The symmetries a bank puzzle meets: its own, and "none" (no symmetry asked: any puzzle will do).
const BANK_SERVES = [BANK_SYMMETRY, "none"];
const SERVED_KEY = "sudoku.bank.v1";

// The Extremes (but Killer's) are not listed here: their one source is the engine's catalogue
// (sudoku_core/extremes.py, BANKED), which build.py writes into js/bank-extremes.js.
/** @type {Record<string, string[]>} */
export const BANK = {
  ...EXTREMES,
  "9|hard": [
    "..58...7.7....2..49....58.3..31.4......697......5.31..3.12....86..4....7.8...92..",
    "...4...2...9...3...853.9..1..62..97....7.6....57..12..7..6.241...3...7...1...7...",
    "..43...17193.2...8.....1..4......45..1.6.4.2..26......2..7.....3...5.17275...36..",
    "....682..92....8.6...........714...8.1..3..5.8...259...........3.4....72..251....",
    "....96.....45..9.1..3.4..85....6.4...8.....5...1.5....94..3.1..6.8..72.....92....",
    "....9.2....64.3.5....1..8.7.5..8..3.6.......5.3..6..9.1.5..7....8.2.53....7.4....",
    ".8...6...9...732...754.2.8...2....7..59...82..4....5...2.3.164...864...2...5...3.",
    ".67...3.9....7...484.1.......68...9..5.916.3..2...57.......9.683...6....6.5...24.",
    "6..1..38.7.5..........8...7.2.8.34...3..6..5...74.2.3.2...1..........8.3.41..8..9",
    "9..8.5.....84...25.4..3.........75.47.......82.69.........1..3.69...84.....7.2..9",
    "..29..75.4......9.3..748..29....5.2....4.3....3.2....56..317..9.8......6.97..45..",
    ".........1..74...6.9..68.71.584.....37.5.6.94.....753.74.15..6.6...73..5.........",
    "..3....8...895.6..64..18..951.........4...1.........684..63..21..1.824...3....8..",
    "5631.4....1........2..7.....563.1...1...5...8...2.615.....1..8........4....8.3527",
    ".....75...453....8.....861.46..8..5..2.....7..3..1..69.178.....3....218...46.....",
    "1.......6...847.1...4...3.......265....468....381.......7...9...2.735...4.......2",
    "...3.8.1638....7.9..6.2......5.62..46.......82..53.9......4.6..4.7....9186.9.5...",
    "5......72...23....8...67...2...769.3..9...2..7.395...4...14...5....93...39......6",
    "....2..7....5....89751.......9.12.47.4.....6.21.76.5.......14526....8....5..7....",
    "....4.2.1.827...5....2.3.8...5.6214.2.......6.4195.7...1.5.9....2...786.8.3.2....",
  ],
  "12|hard": [
    "3..B.....C.9..9C..A....4....9...1.A6...7..6..9B..4...7.5..23....8.14A7....7841.3....B3..5.8...4..26..A..8...CB.9...1....6....8..C2..7.4.....3..5",
    "9..1....8..5...7C..5.B1...A..2.469...9...678B.........4C.8........1..596165..3........2.4C.........4592...7...728.5..C...BC.6..95...8..5....A..B",
    ".A.......B.6.....9.A.245..295....A.72..B7..6...C.8.A.3..2..B.6C.2.4..5....6..8.5.1B.4..2..1.C.7.C...4..93..A6.8....4BC..A39.8.B.....1.B.......8.",
    "...7.8..9C.2B...1..2A.....C..9.A.3..384.........C...2.....63A7.....124....79A.....3485.....3...7.........895..6.3.B..2.....C9..7...B9.A3..4.5...",
    "13.....6B.A7...9..A7.3...AC79.3....6C....B.5.8...B....1.A4...4.6...9...16...4...1.7...95.6....8...A.C.8....53....A.2CB9...6.38..7...29.85.....3A",
    "....C.3.489A5..7...6..1..3..4...7.5.9....31......243B.C.....176....5........3....925.....1.9A7C......B7....8.C.2...3..A..8..5...6..13B75.6.8....",
    "7....3.........3....7.29..A.1.4.6.3..7....8.5..B..4A..5.C7.1...5.CB6.2....3.CB7.A...B.19.A..45..2..7.4....1..4.C.8.9.1..A2.8....3.........6....A",
    "9...6B......6..4A.97....B.A8.........7.63.C2..A..82.7.A...9....5.8...6....5...7.8....A...5.B.4C..9..2A.67.5.........93.B....17.C2..A......58...1",
    ".38A1......9.B..27.....4...9538...C...9.C.2..A562....6..B.9...C6B..............C46...2.8..3....756A..2.7.3...C...1645...3.....BA..1.A......269B.",
    "9...A.B...6...856...A......2.491..57.........2.A..C7.3..1..6....7.1..BC..79..5.A....C..A..2.74..1.B.........21..4CA.3......3...B68...C...8.3...1",
    "...A..57.6.9.59.4...A.7.4...2...1CB......32C....6.2.1.....8B..3.....51....1C.....5..B6.....A.2.7....74C......B47...2...C.3.1...8.B4.5.C.6B..2...",
    "......9216......5.B..8..2.8.4.A.9..3.57B.4....396......B5...A....6..81.47.98..3....6...42......1C1....5.348.4..7.5.1.9.2..B..7.3......51A2......",
  ],
  "9|expert": [
    "8.....9...5..8..3.9.2...1.8..59.3.......2.......6.13..5.3...4.6.7..9..5...1.....2",
    "...6..1.2...8.175..7....83..94.5...1.........5...1.47..67....2..283.5...4.5..9...",
    ".29......8..2.3...4.5.6.2.7...3.7.42....1....93.4.6...2.6.8.1.3...6.9..5......67.",
    "....85.41...1..6.....3725...1...3.8...4...2...7.2...6...7536.....9..1...56.49....",
    "4....6...98.32......5....83.18.5.9...3.....6...9.7.51.39....7......39.25...4....6",
    "3.4..6..9....7.....78..23...8.7.5.43...4.9...46.1.8.9...36..98.....9....6..5..7.4",
    "2...65.......87..474.....6...7...1..62..9..75..9...2...8.....374..72.......95...8",
    "...7....2.7.9....842...5.792.9....5.....1.....1....9.675.8...131....4.6.8....6...",
    "...7.4..2..6.85...48...2...9.....2...7..6..3...1.....9...2...83...93.7..7..5.6...",
    ".2..9....4.53.2..7.7.5.8..29......7.7.......1.1......53..1.4.5.1..9.37.4....8..3.",
    ".4..1.5.8...8.216.8...........17..3...9...7...7..43...........6.374.9...9.5.8..7.",
    "..67.....85.4....97.3.8.2.63..97....9.......4....54..36.8.9.4.54....5.27.....28..",
    "..9..8...65......13.8674...9.....53.5...8...9.32.....4...4391.71......95...5..4..",
    ".9.5...8..7..6.91.4.......3....954......2......273....3.......9.57.4..2..1...8.7.",
    "61.7......7..9....9.3.61.....293..71..7.5.2..19..763.....51.8.2....2..6......7.54",
    "....32.4...4...93..6.48..7.1.82...5.....9.....3...48.2.1..45.9..73...1...9.17....",
    ".3.9......6.81....2.4....7.45....9..3...2...5..1....46.4....3.8....75.6......1.9.",
    ".9.......615.3...9..8..5.3.189..4....2.....5....8..941.7.4..3..5...9.284.......6.",
    ".2694....9......2.1..2..6....3.268.............985.1....5..1..4.4......3....3475.",
    ".4.9..6..2..8.....8.1.4..2...4....16....3....16....5...2..6.7.4.....9..1..8..7.3.",
    ".53.98762...4...5.....6......9.....13.......52.....8......8.....7...5...18567.42.",
    ".9..7..8.6..8.39..........6.85..9.7...74.82...6.7..84.9..........35.6..9.2..9..1.",
    ".4.2.9.6...1.8..4.....45.3...8.....34...9...12.....9...2.15.....8..3.7...1.7.8.5.",
    "7......618.37.5....9...48...584.....1.......8.....125...62...9....3.95.693......7",
    "3.......9.5..21.3..17.8...5..423.....6.....1.....769..4...5.29..2.71..6.9.......7",
    "..7....9....9.13...4...6...2..65...17.6...4.39...83..6...7...3...52.4....6....2..",
    "..51..7......9..8.87.6.4....5..7.1.4..4...3..1.3.5..6....7.9.23.1..4......7..58..",
    "..69.....4..8...2....76..3..82...5..75.....46..3...17..6..87....3...6..1.....92..",
    "8....72..23.8........4.1...5....2.78..8...1..14.6....2...5.3........8.37..57....9",
    "8..21.7.....9....1......5.2.71.8...6.8.....1.2...9.37.3.2......6....7.....4.25..9",
    "6..9...4..4...8..3..7.3.6..9.....2..35.....84..6.....1..2.7.4..5..3...2..7...2..5",
    "........154....83..87.9..5..7..31.....3.8.9.....76..2..5..1.46..38....959........",
    ".9.4.....2.1..8....5.9....3..7..4..83...5...15..3..9..1....9.8....8..7.2.....2.6.",
    "..........94..2615..1...38.....14..9..8.3.7..6..97.....25...4..4861..57..........",
    "...9.7...92.68.....8..4....87....4..4..5.1..8..9....65....6..5.....19.87...4.5...",
    "7.2....8...375....1...9...7.6..734.8.........9.784..5.3...8...1....348...4....3.6",
    "..8..2..93......2....9..1.5..5..7.62.7..3..9.93.2..5..2.3..4....1......87..5..2..",
    "5.16....24.7.3.........7..5.5..219....3...2....275..6.2..4.........7.5.68....61.4",
    "...1...39....934..8..6..7..12.......9..8.5..1.......73..1..6..7..541....64...7...",
    "4....9.....3.6.....9...5..7.58..73...4..9..7...62..85.8..9...2.....8.7.....1....6",
    "2..8.3....36..1...17...........892..68.....17..912...........24...9..57....5.8..1",
    "1....34...3..6......2..1.733..2...6...8...3...7...4..126.5..7......9..5...91....2",
    "6...9.....3....8..2.98.1....156.....3.67.54.9.....256....5.46.1..1....5.....6...7",
    "...52..7..9...7.81...81.6....3....1494.....6716....8....9.45...38.7...5..5..82...",
    "4..9..8.66..5.4.1...5.1.4.218.........7...6.........285.2.6.9...6.2.9..33.9..7..5",
  ],
  "12|expert": [
    "2.4...1..A.C.....3.7..9.5...28.4..31...A..43.C.6C8..B....415....1..............A....BC3....5..247.A.C2..8...36..5.2C...A.B..9.A.....A.8..B...1.2",
    "..A...6C94B2.C..2...A..........BC3.........2...1CB5.63.A.9.886..4C............A4..63B.6.3.97.12AA...8.........41A..........8...5..3.5AC692...7..",
    "..6.......4271...A8....3.9.....1.6......1.....C...B...3A94..C4..B9...23523A...B9..81..C937...5...6.....C......7.4.....A.5....36...9B42.......7..",
    "C4.9...A..15358...6.7......7...9A4..4A..8..........8..16.5........7.81322794.5........3.71..C..........B..47..564...2......1.C...B96BC..1...4.5A",
    ".4..3.5..A2..1.A4..27..B.37C..A..4.....6...........27.9.4.B........5.739C65.8........A.1.7.6C...........2.....9..5..8CA.8..B9..A6.5..24..C.3..9.",
    ".3..A.7.6...89..12.4C.B....C.39......8..4C..5.3.C.4...3...6.3...6...97.42.79...3...6.4...1...3.5.B.5..42..A......6A.4....6.B7.C1..58...3.9.5..7.",
    "...CB..3.1...7.1.......C.....C.5432BC...134..B.5.28....B34.....9..8..........2..B.....674....A9.8.5..9BC...176C48.3.....A.......6.3...9.2..41...",
    "43.8..6..A.........72....CBA..5.61...A..4C.3....1....7....6...93..15.4A..25.31..8B...1....9....7....5.78..1...A1.6..5C4....C9.........3..4..7.9A",
    "...87A.C...1.B9.46...A...6......CB.5..5..B..3...4A.3......6...C...3651.A3.85B2...6...7......2.38...2..9..5..2.71......A...3...67.C5.B...C.A18...",
    "9....2..15.....7...6.....6.C.3......3.....B..98.B.1.C.2..A7.C.A.8...56....61...8.2.9.9B..7.A.1.8.72..9.....5......6.A.9.....7...B.....58..1....C",
    "2.93...C..7..A..83.7.B2..7.......C.A...249...1....34...B5.A.B.6...5....3A....C...8.1.2.53...A7....7...486...5.A.......1..61.2.73..9..3..B...84.6",
    "..3C.2.4.7..A.2..C.3..4.....8.A1.3C..6.5.....B3.9.......C2.....B.3.A.57..5A.2.C.8.....91.......7.84.....B.1..C1.BA.2.....4..1.5..A.2..6.3.4.71..",
    ".....7.8A.2.2..B4.519.83....6.2......67..C........89.B..5.C..5......76....16......5..C.3..7.1A........3..29......5.7....C1.7B8.34..9.3.4C.1.....",
  ],
  "16|hard": [
    "..D.B9C.E..85...4.C.5.E....A.B...G8.627..F.1D.....29.4AG7..C...1.........B6..39......1..5...BE84.EB..3.A.4.F...5G4.2........6.1..D.4........G.6A2...7.6.8.G..CD.A96G...B..7......53..G9.........B...E..2178.4A.....68.4..3F5.1E...1.9....C.4.D.G...71..F.EB6.8..",
    "6..7428G.1..B.C.G5.....D...97...3E.FC.A..G8...69.....91.....G..F..2...4...E.AB.G48....EBC.........B.G3..4..A..16.G.9.6C.......3296.......AG.E.2.1B..6..3..42.8.........C3E....745.48.F...6...A..7..D.....26.....F9...D5..C.E8.4A...AB...9.....F3.4.2..G.18F79..E",
    ".7B.5.6.CDF..........38C1......D.3E...GB97.41..6.6..9...3.....BA.A2..D...5.8....F.4..7B5.G....6....BG8.FA....457..D.A.1.....2.F94B.G.....A.9.1..2EA....64.C7D....9....5.81G..A.F....4.9...B..2C.G2.....8...6..3.3..D7.A4G8...E9.6......G731..........5C3.4.F.6A.",
    "..D.G...AB1E.73..4EB3....2.8..C.2....9F5....B..........794....DA........B6.C4..54B...1..G...EF.89.GF.2...581......5..6G8.D..9.B..8.G..C.614..E......546...G.C2.7A.42...F..C...191..D2.9G........6G....19D..........A....1C6....D.F..E.4....GAB2..EB.683C...7.5..",
    "..2E.4...7DG.....ADG6F....9.....1.F.D..G56B..4.39..5E.3.2....1..............F.C4.BA.F2.4.5.89D..F6G.....D9......E3...C.64.....8A8F.....1G.4...EB......FC.....G95..965.8.C.1B.3D.75.2..............6....B.4.DC..GG.3..14F9..A.E.8.....D....831B4.....296...G.3A..",
    "...1....D...GF5.4.G.7AC8B2.......D.....3G.E......C3..42...1..EB.....57...E.....CA......E6.7..9.4..FG9....358......7..24..1C..8F..19..GA..5F..7......E39....74A..G.C..1.F8......32.....5...AD.....9B..6...A4..3C......C.1F.....4.......F7C961.G.8.E4F...A....B...",
    "8....C....9.........B.4..A..9.5F5.4F.E.G..B.A3...B.7.35......G8EF.E5..B.6.2..197...3..25.14A.F..G..A.46..D.E3.......F..78.G..6....7..6.25..D.......B8.E..61.D..9..F.AB1.E2..6...6E5..D.9.G..BA.C25C......E3.1.B...89.2..A.5.EC.3E4.G..7..C.B.........F....6....2",
    "851.....D.......3E6.....4BC7A8..F7........18E.4.9DG..C.75F.E.........6C.3...1.5.B.2......7.F...E...G7..F..ED.4..4..EA2....B1..7F18..4A....753..9..7.9E..8..4C...2...B.6......A.7.9.3...2.A6.........C.15E.9..2A8.A.B6D........E4..F92734.....5CD.......E.....713",
    "F7.1..C.......2.428..EB.C7....69..D..A..GB1.C.4..9C....6A......7.G....7CF16..5....E.G92.53..678.1.B7..6....D..9..5...1...C.7F..D5..8C.4...F...D..1..E....4..9B.G.47E..G9.DB2.F....2..F3B9A....1.9......A4....6C..A.F.453..C..2..8C....DE.53..9FB.D.......F..3.G5",
    "...G..9.......82.B.E.D.1.93G....8..6C..G..E4......3..E4.BD6..G5...42..D.8..9..6..1..........FB...8B.A.7EGF.6.24.G3.F4.6...7.1..DB..A.C...6.D7.F8.CG.9.5FA2.7.3B...F4..........G..6..7..8.G..C1...52..8C7.1A..4......6F..4..B8..7....B9G.E.2.A.C.CE.......7..2...",
    "..C2A1....94...GE.4..B3.8....91..A.5.....6.C.B.4B.....4C.32.7A6.....7..6.C..D.E..DE.F.1G.23....8CGA34..87.....5..4.......E.F.G....G.E.D.......7..1.....93..AE8G55....AB.68.7.F9..B.E..7.D..2.....73G.65.1A.....9A.9.C.F.....G.B..5B....7.9C..6.A1...3D....8B5E..",
    "3..6......9.G..8....81..A..C.2.....5.3A...E7.D4.7...2.B4.3.6...9..1.....38.....C.D..C.7.....3.2...32.69A.....G.4C.49..F2.17.B8....8C.21.ED..4F.B1.9.....5F4.87...5.4.....6.B..3.G.....3F.....9..A...9.E.72.G...D.42.FA...B3.1.....G.7..6..F8....8..3.G......2..5",
  ],
  "16|expert": [
    ".7...B.....9...C2.E87.....DG.9F.AD.5....368..G1..FG......5..A....A9F....623..CB..4.2.GC7A.9.....B.7..2..8E1.9.........5.B7...2E886F...7B.3.........E.539..6..7.A.....A.29DC.6.G..G5..C6D....EB8....G..1......E6..93..7BF....G.52.EB.64.....A8D.1F...5.....B...7.",
    ".6.E3.59..C2.......8F..G......922C54...A.......G..91.4..6..G.EB.19.......BDE8.F6.2G..6.D89....4.AF.D..1..3..E2......C......6.7....1.6......9......89..4..G..3.7F.7....B34.E..1C.4G.319E.......28.13.E..B..9.58..5.......A...29ED98......7..D6.......2C..B6.51.A.",
    "..G128..A..E3DF.7....5E..G..B4.......G.685.........6.....D..291....E...G.C2.F..33...EC.8.....2..2.8.....E...A6..GB5.D63..8.A.E.9B.C.A.6..F83.7D2..2F...C.....5.A..D.....7.CB...46..3.92.5...1....94D..G.....5.........D14.A.......A8..C..EG....B.2359..A..6C48..",
    "E...F.1.CA...7..9..DB7.4.53FG6...4.F8..5.D...B...2....A.4B...3...B.42...E..D...958........C3..D...7..4.G5.82.E..G9....F.74..2..36..G..53.2....9C..4.G6.7A.F..2...F..91........E7C...E..F...1B.G...5...3B.F....7...E...8.3..5D.A...A24F7.9.EC8..B..F...E9.8.B...2",
    "..DE2..54.3.6...2..3..4......GE...67.GB..A..93....G...F..BC92D.....FB.C82..4..611...A......7..B...E....G...C.....B.C5F2.GE...4.AC.A...E4.F2D1.G.....F...B....8...E..3......1...F83..7..C69.GD.....4AC58..1...7....36..7..5G.41...GB......C..E..3...9.6.D7..BCF..",
    "..5F..C..E.3...996B4F..58....7.D.E...8.6B....5F2.78.2.D4..F96C....62..7.F.EA.4.C.4G.EA83...2....D9..42......8.A............8.2D..AF.7............B.6......8E..5G....6...3F4G.D9.4.2.39.8.7..EF....D98C..15.7.G4.684....1C.G...3.1.A....74..D592EG...A.3..6..1B..",
    ".4...B..9...37.2A759..E....6C...26B..A5....7.F.....1..7.2.8..E..D...36..EA.258.4...57..C1...9.E..32..5.9...4......1.D.F.......B612.......7.5.D......5...4.A..9F..5.E...7F..38...6.7D4.CF..G8...1..A..8.5.3..F.....E.C....F4..G7A...3A....6..D5CB5.D7...6..C...4.",
    ".1..7......3.E8..C3G...F.72E..5BF6...5..4..1..CA..E.1B9...D.7..4.4.1F..A.......3EA.3.9B.F.....25...9D.2..C.....8.....CG.7..A4......49..8.GF.....3.....E..A.5C...7B.....2.96.8.EDC.......3..49.6.2..D.1...FE7.9..13..E..9..5...AC97..AF5.B...3DG..E6.C......9..1.",
  ],
  "9|expert|x": [
    "x:9...8........2.3.7..49.3..1.89.....6.........7.....91.5..6.41..3.6.9........1...3",
    "x:..38....47........8..6.7....3..7....5.......1....9..6....7.3..5........62....51..",
    "x:..8..93.1..4....6.3....8.5...3.....2.........1.....6...4.9....6.3....1..8.73..4..",
    "x:..9.1.2......95...1......6.....8.....38...79.....3.....8......2...96......4.5.3..",
    "x:.....5......8....15.....4.9..92....56.......44....32..8.2.....73....1......9.....",
  ],
  "9|expert|windoku": [
    "windoku:..56...29.7...8.3...2...4...............................1...3...6.8...9.54...68..",
    "windoku:..2..........4..8....7....9..9..4...4...2...5...6..4..3....5....5..8..........1..",
    "windoku:..2.....4.5.....13.4........9.....78.........56.....2........9.63.....8.8.....6..",
    "windoku:5..3...4.....2.....6.....5.8...5.2......1......9.7...3.3.....7.....8.....4...5..8",
    "windoku:.6.....2...2...7.1....52...4......9...71.35...1......7...29....6.9...8...2.....1.",
  ],
  "9|hard|jigsaw": [
    "jigsaw:97..5..3...8...6...8.........7....5...2...3...6....5.........4...4...8...1..6..97:AAAAAABBBACCCCCDBBAEECFCDDBAEECFDDDBGEECFFFDBGEEEFFFDBGGGGGHFDHGGIIIHHHHIIIIIIHHH",
    "jigsaw:.....59....68...52.2.4......3...6...............5...1......2.9.24...83....37.....:AAAABBCCDAABBBBCDDEAABCBCCDEAFBCCCFDEEFFFFFFDEEGHFHHDDEGGHHHHIDEEGHHIIIIGGGGGIIII",
    "jigsaw:........7........5.654...21..2..9.....7...2.....8..1..34...857.7........8........:AAAAAABBBCCCDDAAABCDDDEFFBBCCDDEFFBBCDDGEEFBFCCGGGEFFFGGGGHEEEIHGHHHHEIIHHHIIIIII",
    "jigsaw:....69....68.2..1..4...8...1......8...........7......5...9...6..3..5.89....74....:AAABBBBBBCAABDEEBBCCADDEEEECAADDEEFFCADDGEFFFCDDGGGGGFCCCHGGHGFIIIHHHHFFIIIIIIHHH",
    "jigsaw:..3..16..5.........7.8...5.....6.2.7.........4.5.2.....2...3.8.........4..64..7..:AAABBBCCCAABBCCCCCAAABBDEECAFFBBDDEEGGFFDDDEEGGFHHDDDEGGFHHHHEEGGFFFIHHHGIIIIIIII",
  ],
  "9|expert|jigsaw": [
    "jigsaw:.41...5..........3...2.98.4.......9...........2.......1.93.2...8..........5...67.:AAAAABBBBAAAACDDEBCCCCCDEEBCCCDDDEBBFFFFFDEEBFGGGDDEHHFGGIIEEHHFFGIHHHHHGGGIIIIII",
    "jigsaw:..4..79..8...........3......8.1.....9.6...3.2.....5.7......3...........8..17..4..:ABBBBBCCCAAABBBBCCDDAAACCCCDDDEAAEFFDGGEEEEFFDGGEHHHFFDDGEHIIFIGGGEHIFFIGHHHHIIII",
    "jigsaw:3........91..6..2.17.3......3..8......2...4......2..3......6.53.4..7..16........1:AAABCCCCCADDBBBCCCADDBBBBCEADDFFFBEEAADFFGHEEADDFFGHHEIIIFFGHEEIIIGGGHEHIIIGGGHHH",
    "jigsaw:.......69...........5.9.1....9.4....34.....16....1.3....2.5.7...........26.......:AAAAABBBBCCACAABBBCCCCDABDBECCDDDDDDEFFDGGGGGEFFHHIGGGEEFHHIIIGEEFFHIHIIEEFFHHHII",
    "jigsaw:29............3.64.......1..5.9........1.8........1.3..3.......46.7............52:AABBBBCCDAABBBCCCDAABECCDDDAABECCDFDEAEEGGDFFEEEEGGDGFHHHHGGGGFHHIIIIIIFHHHIIIFFF",
  ],
  "9|medium|killer": [
    "killer:.................................................................................:abccdeefgahhiijjfgkllmmjjjgknomppqqqrrspptuvvrrrwxxuyvzAwwBxxyCzADDEEEFFGGHDDEIII:8,7,7,2,13,8,14,13,7,30,4,13,18,9,4,17,20,23,6,7,10,13,19,18,10,13,8,7,1,10,17,11,13,8,17",
    "killer:.................................................................................:abcddefffagchdeeifjkkhdellmjnnopelqqrsttppuvwxxytzpuvwABCtzzuDDEFFGGzuuDEEEHHIIID:9,9,9,26,25,13,5,4,8,5,9,17,5,10,9,15,10,7,3,26,15,11,15,10,5,24,8,2,6,20,21,8,10,3,23",
    "killer:.................................................................................:abccdeeffgbhcdijjkglmccnjokgppqqrsstuuvvwrrxxuyyywwzAxBBCCCCzDDBBBCEFFFDGGGHEFFII:6,6,16,13,15,7,21,3,8,16,10,7,2,5,4,10,12,16,5,8,11,6,14,14,24,7,6,25,28,22,8,23,11,7,9",
    "killer:.................................................................................:aabcdddefgabhijjklgamhiinllgooppqqqrstttpqquvwxtyyyzuAwBCCDEzzAwFGHIJzKKLLMHINNNN:22,6,2,17,7,5,17,11,16,8,1,19,8,4,14,13,19,1,7,18,15,2,7,2,21,24,9,4,8,3,8,3,9,15,7,4,15,13,6,15",
    "killer:.................................................................................:abcdeefggahcdifffgaaajjfklgmmnnooklpmqrnrokspqqrrrtuupvwwxytzuuvwwABtzuCDDDAAAzzz:28,6,4,11,9,32,15,7,2,9,9,12,23,8,13,21,8,35,6,11,22,4,23,2,8,25,22,5,7,18",
  ],
  "9|expert|killer": [
    "killer:.................................................................................:aaabccdddaabbbcedfgghhbcedfgihhjeeffgkkhjjllfmnnnooppqmrsttoopumrstvvvuuwwwxxyyuu:22,22,22,30,15,32,22,28,3,9,11,9,18,22,15,15,2,10,6,14,23,23,17,9,6",
    "killer:.................................................................................:aabbbbcddaeeffccdghiijjkkkghllmnooppllqmnorrslqqtnnrrsuuqtnvvwsxxqyzvwwwxxyyABBBw:19,26,10,14,6,6,11,13,7,16,14,25,4,28,15,6,20,25,15,14,10,19,20,20,16,7,1,18",
    "killer:.................................................................................:abccccdefabbghidefjkkghidefjjkggllmfnjkgoppmmnjqqorpssnttqorrusttvqowxuytvvzowxAB:11,12,21,15,19,16,22,6,10,23,28,11,19,12,23,15,21,15,13,28,10,15,3,17,2,7,5,6",
    "killer:.................................................................................:aabcddeeefagchdiiiffhhhdjjjkklhmmjnnokllpmqqrosttpuurrvswwxxuyyvswzzzAyBvsCCzzABB:9,7,8,21,16,22,1,24,17,18,17,17,18,13,8,15,4,20,22,7,6,12,16,9,11,19,16,15,17",
    "killer:.................................................................................:abbcdddefghbcijjefkhliimmnfkhloppnnfqqqoorsnftqquurssstttvwrxxxtyvvwzAxxyyyyzzAAA:6,11,11,12,15,23,8,24,14,9,8,7,11,15,22,3,17,21,25,29,8,12,13,25,20,16,20",
  ],
  "9|extreme|killer": [
    "killer:.................................................................................:aabbccdeeafbgggdehafiijjddhkllijmmhhkkknjomppqrnnsotttqrrnuooovqwrxxyyyvzzzzxxyAA:19,24,3,18,19,7,12,17,12,24,21,7,18,26,26,14,13,21,5,13,7,4,1,18,25,20,11",
    "killer:.................................................................................:abbbcdeefabghhiejfkbglliijjkkmmnniojppqqnnrrrpqqqsturrvvwwstuxxyvvssuuzxyvAAAuzzz:12,22,5,1,11,12,8,13,23,26,17,10,7,21,7,18,27,18,17,6,33,28,8,14,5,18,18",
  ],
};

// The variants the bank keeps, as the page plays them (a line in the variant's one-line form carries its
// regions or cages). A Killer with givens and one without are two kinds ("S|L|killer|givens", "S|L|killer").
const BANK_VARIANTS = ["x", "windoku", "jigsaw", "killer"];

// What New game asks for, as the bank sees it: {key, options}. The bank's own kind (its symmetry, or no
// symmetry asked, not minimal, no technique) has the shipped key "S|L" ("S|L|V" for variant V) and is made
// with the bank's symmetry; every other choice has a key of its own, "S|L|" and its other options, and is
// made as asked. Only a level can be banked (any level is quick to make): null otherwise, and for a
// variant the bank does not keep.
/**
 * What New game asks for (newgame.js), as the generator's payload takes it.
 * @typedef {{size: number, level?: string | null, symmetry?: string, minimal?: boolean, technique?: string,
 *   variant?: string, givens?: boolean, [option: string]: unknown}} GenerateChoice
 */
/** A kind of puzzle the bank keeps: its key, and the generator's options that make one. @typedef {{key: string, options: GenerateChoice}} BankKind */

/** @param {GenerateChoice} choice @returns {BankKind | null} */
export function bankKind({ size, level, symmetry = BANK_SYMMETRY, minimal = false, technique = "", variant = "classic",
  ...rest }) {
  const classic = !variant || variant === "classic";
  if (!level || (!classic && !BANK_VARIANTS.includes(variant))) return null;
  // A Killer's givens (kept or none) are part of its kind; one without givens has no pattern to be
  // symmetric, so it is made with no symmetry.
  const killer = variant === "killer";
  const givens = killer && !!rest.givens;
  if (killer) delete rest.givens;
  const own = classic ? {} : killer ? { variant, givens } : { variant };
  const plain = BANK_SERVES.includes(symmetry) && !minimal && !technique && !Object.keys(rest).length;
  if (plain) {
    const key = classic ? `${size}|${level}` : `${size}|${level}|${variant}${givens ? "|givens" : ""}`;
    return { key, options: { size, level, symmetry: killer && !givens ? "none" : BANK_SYMMETRY, ...own } };
  }
  const all = { ...rest, ...own };
  const others = Object.entries(all).sort(([a], [b]) => (a < b ? -1 : 1)).map(([k, v]) => `${k}=${v}`);
  const key = [size, level, symmetry, minimal ? "minimal" : "", technique || "", ...others].join("|");
  return { key, options: { size, level, symmetry, minimal: !!minimal, ...(technique ? { technique } : {}), ...all } };
}

// A made puzzle as the bank keeps it (an engine grid value: line, variant, regions, cages): its line, in
// its variant's one-line form (docs/variants.md: "x:DIGITS", "jigsaw:DIGITS:REGIONS",
// "killer:DIGITS:CAGEMAP:SUMS"), which game.gridFromLine reads back; null if it has none (a Killer of more
// cages than the form has labels).
/**
 * @param {{line: string, variant?: string, regions?: number[] | null, cages?: import("./geometry.js").Cage[] | null}} made
 * @returns {string | null}
 */
export function bankLine({ line, variant = "classic", regions = null, cages = null }) {
  if (!variant || variant === "classic") return line;
  if (cages) return killerLine(line, cages);
  return `${variant}:${line}${regions ? `:${regions.map((r) => String.fromCharCode(65 + r)).join("")}` : ""}`;
}

// A line the bank may hold: digits in the default symbols, plain or in a kept variant's one-line form
// (a region map, or a cage map and its sums).
const BANK_LINE = new RegExp(`^(?:(?:${BANK_VARIANTS.join("|")}):)?[1-9A-G.]+(?::[A-Z]+|:[a-zA-Z0-9.]+:[0-9,]+)?$`);

// True when the page ships puzzles for this key.
/** @param {string} key */
export function shipped(key) {
  return Object.hasOwn(BANK, key);
}

// The puzzles of the shipped bank already served on this device.
function servedSet() {
  const saved = readJSON(SERVED_KEY);
  return new Set(saved && Array.isArray(saved.served) ? saved.served : []);
}

// Puzzles this device made for the bank in the background (refill.js), by key: {version, puzzles:
// {"9|extreme": [line, ...]}}. They were generated and rated here, by the same engine, at the level
// of their key; each is taken once and removed.
const LOCAL_KEY = "sudoku.bank.local.v1";
//: The most made puzzles kept per key (a 16x16 line is 256 characters: storage stays small).
export const LOCAL_MAX = 5;

/** @returns {Record<string, string[]>} */
function localBank() {
  const saved = readJSON(LOCAL_KEY);
  /** @type {Record<string, unknown>} */
  const puzzles = saved && saved.version === 1 && saved.puzzles && typeof saved.puzzles === "object" ? saved.puzzles : {};
  return Object.fromEntries(Object.entries(puzzles).filter(([, v]) => Array.isArray(v))
    .map(([k, v]) => [k, /** @type {unknown[]} */ (v).filter(/** @returns {line is string} */ (line) => typeof line === "string" && BANK_LINE.test(line))]));

}

// Keep a puzzle made in the background under `key` (bankKind); false when there is no room (or storage).
/** @param {string} key @param {string} line */
export function addToBank(key, line) {
  const puzzles = localBank();
  const list = puzzles[key] || [];
  if (list.length >= LOCAL_MAX || list.includes(line) || servedSet().has(line)) return false;
  puzzles[key] = [...list, line];
  return writeJSON(LOCAL_KEY, { version: 1, puzzles });
}

// How many puzzles are left under `key`: shipped ones not yet served, and made ones.
/** @param {string} key */
export function bankLeft(key) {
  const served = servedSet();
  return (BANK[key] || []).filter((p) => !served.has(p)).length + (localBank()[key] || []).length;
}

// The next puzzle under `key` never served on this device (shipped first, then made here), or null.
/** @param {string} key @returns {string | null} */
export function takeFromBank(key) {

  const served = servedSet();
  const next = (BANK[key] || []).find((puzzle) => !served.has(puzzle));
  if (next) {
    served.add(next);
    writeJSON(SERVED_KEY, { version: 1, served: [...served] });
    return next;
  }
  const puzzles = localBank();
  const made = (puzzles[key] || []).shift();
  if (!made) return null;
  writeJSON(LOCAL_KEY, { version: 1, puzzles });
  return made;
}
