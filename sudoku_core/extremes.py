"""Extreme puzzles the generator starts from (:func:`sudoku_core.generate.extreme_start`).

An Extreme (a puzzle whose rated path needs forcing chains or nets) is rare among dug puzzles: a 9x9 dihedral
dig lands on one about once in thousands of grids. So a request for an Extreme first takes one of these,
chosen by the seed, and changes it in the ways that keep a puzzle's logic and the symmetry asked for (its
digits relabelled; turned or mirrored by a symmetry of the square; bands, rows, stacks and columns reordered
where the pattern's symmetry allows): the same puzzle in disguise, of the same difficulty, which the
generator still checks (unique by the engine, of the symmetry asked for) and rates like any other before it
hands it out.

Keys: ``"SIDE"`` for classic grids (default boxes), ``"SIDE|VARIANT"`` for the others. Entries are lines in
the page's one-line form (default symbols, ``.`` empty; ``x:``, ``windoku:`` and ``jigsaw:DIGITS:REGIONS``
for the variants). Each was made by this generator and rated Extreme by this rater. ``BANKED`` are the New
game bank's Extremes (rot180), listed here only: build.py writes them into the page (``js/bank-extremes.js``,
merged into web/js/bank.js's ``BANK``, whose notes say how they were made), so the bank the page serves and
the puzzles a seed is drawn from are one list. ``FOUND`` are the others, each with how it was made: the
seeds of ``python3 -m sudoku_core generate --size 9 --level extreme --symmetry SYM --seed SEED`` of
GENERATOR_VERSION 9, which dug every Extreme, or of ``bench/find_extremes.py``. A diagonal pattern turned a
quarter is antidiagonal, a mirror_v one mirror_h, so one entry serves both; a dihedral entry serves every
symmetry.

The entries are part of the generator: a seed's Extreme is drawn from them, so adding, removing or
reordering one changes which puzzle a seed gives (bump ``GENERATOR_VERSION``).

``RATINGS`` holds each entry's rating (score and hardest step, by the rater as the generator calls it), in
the order of ``EXTREMES``: a puzzle made from an entry is handed out with it, not rated again (a 16x16's
rating costs 2-3.5 s of CPU, the rest of the making 0.1 s). What that rests on, and what is measured
instead of proved: docs/notes/extreme.md ("Carried ratings"). ``python bench/extreme_bench.py --catalogue``
rates every entry again and says where ``RATINGS`` differs (``--catalogue --print`` writes it anew: run it
after adding an entry).

``tests/test_generate.py`` checks every entry (one solution, a symmetric pattern), ``tests/test_extremes.py``
that every entry has its rating and a sample of them re-rated; ``bench/extreme_bench.py`` re-rates every
puzzle it makes with the rater and counts its solutions with the other solver (backtracking).
"""

from __future__ import annotations

from typing import NamedTuple

#: The New game bank's Extremes, rot180 (see the module notes): build.py writes them into the page's bank.
BANKED: dict[str, tuple[str, ...]] = {
    "9": (
        "3.8..1.4.94..8..7...2..6..........95.3.2.5.1.56..........4..8...8..6..39.9.8..7.4",
        "..1..23..2..5......8..9.52.61....7.....9.4.....3....19.64.8..3......3..6..52..4..",
        ".3.2...1......735.....38..9.......91.854.273.12.......4..82.....516......9...1.4.",
        "7.3.518......7...3..........385..29.1..9.4..5.94..831..........3...6......278.5.6",
        ".......7..3.7.28..72.4...9391..2.3.7.........2.4.1..8989...6.15..65.9.3..5.......",
        "6.1..8.9.9.....8...2.3..5....2..9......435......1..6....5..1.7...6.....2.3.6..9.8",
        ".......9..5..2...6..83..5.7..7..9..2...781...4..2..8..9.6..53..1...3..2..8.......",
        "4...97.6.97..6.2....3..1..7....3.9..5..9.8..2..9.4....1..3..4....4.1..26.9.72...1",
        "..7.6...4.8.1...5.6..3..2..3..5.6....2.....6....8.9..3..4..8..5.6...3.7.8...4.6..",
        "6....4.755...6..9..8.9..6....9.2....71..3..24....4.9....5..3.1..6..5...937.4....6",
        "..7...356.6.75.......3.2.1.8...7.2...5.....7...9.4...8.3.8.1.......37.8.198...7..",
        "....2.3..2.5.....18...4..9...69......8.216.3......45...7..9...51.....7.9..4.8....",
        ".....95.39...7..2..3.2.......4.1..528.......635..2.9.......4.7..6..3...54.38.....",
        "9.2....1.6...2.8...8.4.9.....7..8...84.2.3.61...6..3.....7.5.3...6.4...5.9....1.4",
        "....6..1.4....389..38..2...68....2..3.......1..1....78...8..54..243....7.6..1....",
        "..32.....62.7....991..8..2......5.9...5.6.4...4.9......3..7..161....8.43.....17..",
        ".573....66...87....1.5......9..3...4.73...89.4...5..1......4.5....21...85....346.",
        "8..43.7................9.13..6.934.1.5..4..6.3.427.5..14.3................3.62..4",
        "...85....9.1...76..4...9..1...9...5.4.......2.2...5...8..3...9..37...8.4....68...",
        "......9...7.21..35......17.9...5..6....1.3....5..4...2.25......13..69.5...8......",
        "...63...9.3...7..1.....123.4.7.......16...47.......1.6.682.....2..5...9.9...76...",
        "..3.2...5.......1...9..3.6..3.8...9.8...7...3.9...4.5..2.6..7...4.......5...1.6..",
        "...9..8.....12...7.36..7.1.5.....3...698.217...7.....6.5.3..74.1...45.....4..9...",
        ".....4....641...8.1.5...2....1..3...357...964...7..5....2...7.9.3...265....5.....",
        ".5.4.21.......6.8...1.5...6...8...6.8.2...7.5.9...3...4...7.6...7.6.......69.5.1.",
        ".....71....5....874..1..2....465...33.......62...794....3..4..158....9....19.....",
        ".3..4.7..1.2.....4.6.2..89.7...2.......6.5.......9...3.25..1.8.3.....2.9..4.6..5.",
    ),
    "12": (
        "5..C...32.B7.......7A...7...BC2..39.82.9..B...6....A3..8....361."
        "C....A8..C6....5.47B....1..4C....A...B..6.52.4C..7AB...8...35..."
        "....AB.54...7..1",
        "2..A..95.8....936.4..B.76...B.....51...9.....7.....1...96..8..B."
        "8..15A....3CA..6.4..4..23...7.....A.....2...A9.....3...65.6..A.B"
        "31....7.C6..9..B",
        "5.C...2..8...2.8.7..3.9...794.....A.14...C83B....C..7.A.......A."
        "...673....128....7.......1.2..8....69B7...CA.6.....745...3.A..5."
        "8.7...5..4...9.2",
        "..2C..6....B43A....5.....7.6.2..5.....4...53..B1.B.....8.5A..A.."
        "B.7.C6.33.C7.5.9..2..29.4.....C.A6..73...9.....A..B.4.9.....5..."
        ".A8C6....8..B7..",
        "..2....57..AC.....7246B...85B.4.1.....5...2.9.3...1...A....22..7"
        ".3..B......9..1.3..48....7...A...5.4.B...7.....2.4.38C...49368.."
        "...B6..8A....9..",
        ".....2.A.89....48.6..5A..76.....2..C1...6..B...2.C.6A5...4B9...."
        "..4..A....B..A......A89...37B.1.5...B..2...87..9.....13..2C..3.9"
        "7....53.7.A.....",
        ".1...2.....7..B.....8..53....84..C1.1...875.9B.....819.....6.C9."
        "...4.A....5.2....6C.A.....6CB.....C1.AB3...8.24..59....A8..A...."
        ".9..5.....3...B.",
        ".....A....58..2...C.B1..1..4...9A..2.8.94.1.5A.....38..2C.4....B"
        "...3...77...9...4....B.A2..46.....65.7.B2.C.9..1B...7..C..C7.2.."
        ".5..36....5.....",
    ),
    "16": (
        "...4.EA1D..5.2..9..52....3...C.A.6..C.8..47ED5...3...D.....8...."
        ".5C....A.F.......2.9.3....8A5...1..3F..D.5....GCEA..1G....9.3D.."
        "..2D.F....A9..34F4....G.C..3E..1...751....2.G.A.......4.F....B5."
        "....A.....B...9...8F921..G.C..E.3.B...D....78..6..D.6..E925.4...",
        "..A4.15D....2.B.D8.7.B...45.C..1GC9....2....5F3......F.A.3...84G"
        ".....2BE7.9A.C8.9.....A3C....7..C..18.G..5......AB...7...F.6..GE"
        "51..6.3...B...72......F..2.3G..9..B....G91.....8.A4.25.1GD7....."
        "7FC...1.6.2......2E3....8....1C51..8.ED...F.9.24.9.D....1A4.8G..",
        ".8..2.961D.G...C.A65.8.7...2.3.BF.2.BA....6.....1....C5E7..3.68."
        ".B.7...G2F89.E6.......8..CG.F.74.D.6.....E........8.4......6.9.D"
        "G.9.1......C.A........A.....8.2.67.E.GF..5.......FA.95B3G...C.4."
        ".G3.C..8D65....7.....B....3F.C.5B.7.D...A.2.3FE.5...3.2AE1.7..B.",
        "84.9.G..F....1.7......F...D2...G.2.......C.6.......A..3E57..9..6"
        "..7.4D.......G.E.BF..1EG94...28.48....56A.3.B..1.E..3..C..2F.49."
        ".CA.57..D..1..G.3..4.B.162....DA.G9...24CB7..E5.1.8.......54.B.."
        "7..C..ABEG..D.......8.1.......3.F...24...9......9.B....3..F.5.72",
        "8.DG..F.3..125....E1..3B...94....6.....9..7.CG.3.A2.E..C.6D.8..B"
        "C..6.4.EB79A..5.AB9.C........4.D.......F..G4........D..2.....9.."
        "..F.....A..7........69..F.......1.7........C.BA4.5..A1B4E.2.9..7"
        "3..E.FA.9..5.84.9.6C.E..7.....3....58...C4..76....129..G.D..5A.E",
        "71......2F.D..GB..E.B..1..G.8.....B3EA...19..D..GD.6..8.....2.1."
        "D..9A..B.6...........CE.9.D2...5E..45.....F7.89...75..9..A.B1FC6"
        "89DEC.A..2..46...G6.7B.....9F..8F...6D.3.C8...........F.5..GA..C"
        ".8.D.....E..6.5F..2..65...71CG.....1.4..8..C.E..CE..D.1A......B2",
        "53.4.1.....A...B.BF.3.......18....G8..EF2.B.5.....C.B..5..86..D."
        "B5....C...4...G..4.75...E.C.8A.31F6.4...A..8.5C9....G7...56....."
        ".....FA...5E....4E8.D..G...B.3A57.5C.2.B...F6.1..2...E...3....4D"
        ".1..C8..6..3.B.....5.B.6FC..G7....92.......4.F6.F...A.....G.3.21",
        "..9A.362..B...DC2..C..D..7..3...5.E6.F.18...7.A.3GB.94........8."
        "..5.......6AB..9..C.51A.9.G.F.4...8..B2.F4...C..B..F4...3.27...."
        "....A9.D...EC..F..3...E4.58..A...1.B.2.5.A73.8..E..G17.......2.."
        ".6........38.9FG.C.8...AB.5.D7.1...3..G..F..E..BFB...E..G6D.84..",
    ),
    "9|x": (
        "x:.....1.....1.35..2.4.......3......8..14...53..6......7.......7.4..36.1.....5.....",
        "x:..8...2..92....4.5....52..........1...........7..........39....1.5....84..3...5..",
        "x:...7.52....6.....43.....6..6.....9.....987.....8.....3..2.....78.....4....93.2...",
        "x:.......2..7..13.9.........1..7...584.........839...7..6.........8.62..5..9.......",
        "x:.9...7.4...2.3....1..4...3..8.......47.....68.......9..1...2..3....7.2...2.8...7.",
    ),
    "9|windoku": (
        "windoku:.........1..9.8....6...54....2....97...2.9...75....2....16...5....8.7..4.........",
        "windoku:......2......82.6....5..3.95.....8...9..2..4...4.....59.1..7....3.96......2......",
        "windoku:8..9..26......2....92....7.1...2.................4...1.1....84....3......85..9..6",
        "windoku:....7.3...3.........18..74......5....4.....6....2......14..69.........7...9.5....",
        "windoku:...81....8.3....4..7.........8.6....6.5...9.8....3.2.........6..8....3.2....96...",
    ),
    "9|jigsaw": (
        "jigsaw:7.........5.9...82..........46.....5....6....3.....21..........53...9.6.........7:"
        "AABBCCCCCDABBCCEECDAABBBBECDAAAABEEEDDDFFEEFEDDGGFFFFHDGGFFIIHHGGIIIIIHHGGGIIHHHH",
        "jigsaw:.....6..13......8.....2......5......5...8...4......5......7.....4......31..5.....:"
        "AAAABCCCDABBBBBCCDAAEBBFCCDAEEGBFCCDAEGGGFFFDEEGGFFHDDIEEGFFHDHIEIGGHHDHIIIIIIHHH",
        "jigsaw:...1......1..2....9...853........2..1.......6..4........685...2....3..5......8...:"
        "AABBBBCCCAADBEBBBCAADBEECCCAADDEECFGHADEEECFGHDDDDEFFGHHHHHHFGGHIIIIFFGGIIIIIFFGG",
        "jigsaw:.5.3.7...2.9......9...1.........2..6.........5..6.........9...8......9.4...4.5.7.:"
        "AAAAABBBBACCDEEBBBAACDEEEFBCACDEEFFBCCCDEEFFGCDDDHFFFGHDDHHHFGGHHHHIGGGGIIIIIIIIG",
        "jigsaw:..82.......7..8.6....51...........57....8....74...........26....5.3..6.......28..:"
        "ABBBBBBCCAAABBDDCCEAAABDDCCEEAADDDDCEFFFFFDGCEHHHFFGGCEEEHHFGGGEHHHHFIGGIIIIIIIIG",
    ),
}

#: Extremes of other symmetries, each with how it was made.
FOUND: dict[str, tuple[str, ...]] = {
    "9": (
        # dihedral: generate --size 9 --level extreme --symmetry dihedral --seed SEED (GENERATOR_VERSION 9; 2,559
        # grids, 15 s of CPU: the only one of seeds extreme-dihedral-1 to -6, and it serves every symmetry)
        # extreme-dihedral-6
        "3.......4..45.39...6..8..3..5..4..6...86.52...1..7..5..7..3..9...17.93..9.......1",
        # dihedral: bench/find_extremes.py --size 9 --symmetry dihedral --method dig (GENERATOR_VERSION 11)
        # extreme-9-dihedral-7
        ".2.5.4.1.5...1...4...3.7...1.9...3.5.5.....4.8.4...1.2...6.1...7...5...6.4.2.8.9.",
        # extreme-9-dihedral-8
        "....4......83.51...2.7.8.3..84...92.6.......1.31...57..6.1.2.9...79.32......7....",
        # extreme-9-dihedral-9
        "..7...1...3.8.7.6.8...2...3.8.254.3...36.95...5.371.8.3...6...1.6.1.8.9...4...8..",
        # extreme-9-dihedral-10
        "...4.1.....4.8.1...82.5.64.3.......1.61...52.9.......8.16.3.95...3.1.2.....9.5...",
        # extreme-9-dihedral-11
        "..4.2.3.....5.4...7...6...5.5.....6.6.9...7.8.2.....1.8...4...7...6.3.....1.7.2..",
        # extreme-9-dihedral-12
        "....6.....2.5.1.7...64.31...68...34.9.......1.31...89...48.79...5.9.2.1.....1....",
        # diagonal: generate --size 9 --level extreme --symmetry diagonal --seed SEED (GENERATOR_VERSION 9)
        # extreme-diagonal-1
        "8..6.2.....9.51.4..42......2.........1...45.797..3.4.1....19..4.8.....1.....873.2",
        # extreme-diagonal-2
        "..62....8.8..3.64.7.......13..6.7....6...59.....38.....3..5.1...5.....399.1....5.",
        # extreme-diagonal-3
        "16.4....34.9.2.5...5....4..6..3...7..9...2.......7.2.1.82..6......8...5.9....7...",
        # extreme-diagonal-4
        "..4.9.6.....7..98.5....6.4..3.....2.6....3..9..7.84.5.75........284.7..1....5..32",
        # mirror_v: generate --size 9 --level extreme --symmetry mirror_v --seed SEED (GENERATOR_VERSION 9)
        # extreme-mirror_v-4
        "27.....69..36.97....98273..3..4.5..2.5.....8.6.......7...1.2....2..5..9.7.......8",
    ),
    "12": (
        # dihedral: bench/find_extremes.py --size 12 --symmetry dihedral --method dig (GENERATOR_VERSION 11)
        # extreme-12-dihedral-1
        "..4B.9C.A3...2........7.6..9....4..81.B.3..A.9.2...59..81...C..."
        ".6B....37....12....6...2A..C5...B.A.5..6.4.C5..1....B..4.3......"
        "..2...C7.36.85..",
        # extreme-12-dihedral-2
        "C..85..A6..B.B...86...A.....294B....6...9..4...55.37....A4.C.48."
        ".....6B..21......39.9.CB....87.48...4..5...2....8127.....3...65."
        "..C.B..1A..37..9",
        # extreme-12-dihedral-3
        "4....B6....3...A1..9C.....7.A32C.9...7.9....1.C..AC......49.B.5."
        ".....7.A3.A......5.8.49......CA..B.5....7.4...B.6753.A.....39..1"
        "4...2....CB....9",
        # diagonal: bench/find_extremes.py --size 12 --symmetry diagonal --method lift (GENERATOR_VERSION 11)
        # extreme-12-diagonal-2
        "..CB..2..8...2.8.7..3.9.3....8B....614...C8...5.....7.A.6....8A5"
        "...67...C.128...5.B......1.2..8..5..9B7...CA2..........1.3.A..51"
        "8.....5.....A9.2",
        # extreme-12-diagonal-4
        ".6...1.57...C.......46B....5B.4...2...5...2.9137..1...A...822..."
        "...9B.A...692.1....48....7...A..15.4.B...7...B.2...38..1.49368.."
        ".......8A.B..9..",
        # mirror_h: bench/find_extremes.py --size 12 --symmetry mirror_h --method lift (GENERATOR_VERSION 11)
        # extreme-12-mirror_h-3
        "8..C.A...1.B43A.9..5.....7......5.....4.A.5...B1..6.2.....A....5"
        "B97.C6.....7158.AB....9.4.....C...B.7.2...54.8......4...B13.5..7"
        "....6..4.8...7.2",
    ),
    "16": (
        # dihedral: bench/find_extremes.py --size 16 --symmetry dihedral --method dig (GENERATOR_VERSION 11)
        # extreme-16-dihedral-1
        ".B5..3....F..46.C.8.2.6B5E.D.9.33E.....16.....BD...6.9.47.8.F..."
        ".F....A..7....C.A..2..DFG6..3..7.1..E2....9F..4..4BC.G....5.2A1."
        ".GCE.D....7.862..8..9C....31..D.F..9..462C..B..A.A....8..G....7."
        "...5.8.73.A.C...7C.....E9.....F4D.E.6.2CB4.7.1.8.62..4....C..73.",
        # extreme-16-dihedral-2
        ".71..68AD53..E2.4..6.1F3987.G..55...C......E...D.3...5....4...8."
        "..B....C4....5..EF.2.8....G.1.6ADG.....67.....9268..F.A71E.9..D3"
        "GC..8.9127.6..E436.....BF.....G91B.E.A....D.2.37..5....EA....1.."
        ".2...F....9...5.8...3......7...EA..F.EC4G38.9..B.E3..27851F..GA.",
        # extreme-16-dihedral-3
        "..4E..579F..2D...FG.3E....D6.19.19..4..G8..A..FED..7........G..8"
        ".35.F..9E..2.B8..B...2....G...E.8.....C..3.....29.1.8..4D..5.7.6"
        "E.A.G..B2..F.C.1F.....8..G.....4.6...7....4...3..4D.E..35..B.96."
        "6..A........E..DB5..6..2C..D..19.23.D8....F4.AB...EF..B519..3G..",
        # rot90: bench/find_extremes.py --size 16 --symmetry rot90 --method lift (GENERATOR_VERSION 11)
        # extreme-16-rot90-3
        "8..9.GD.F....1.7......F91A.2.5..B2..7.....96.......A..3.5...9..6"
        ".97.4...8..C.G....F...EG94.....D.8...F.6A.3.B.C1GE.6387..D2...9."
        ".C...76..8E14.G935.4.B.16.G...D.6.....24CB...E....8.G..A...4.B2."
        "7..C...B.G..D.......89.....B..3F..3.2.GD79......9.B....3.1F.5..2",
        # extreme-16-rot90-5
        "71.......F.DE..B..EFB.....G.8..9..B..A.G..9..DF.GD.6..89E..52.1."
        "D..9.F4B.6....2..FA...E.9..2.B..E...5..2C.F7D......5.G9..A.B1F.."
        "..DEC.A..2B.4......C7B.4D..9...8..4.6..3.C...97..7....F.546.A..C"
        ".8.D2..CBE..6.5F.42..6..F.7..G..9..1.4.....C7E..C..7D.1.......B2",
    ),
    "9|x": (
        # rot90: generate --variant x --size 9 --level extreme --symmetry rot90 --seed SEED
        # extreme-x-rot90-1
        "x:..2.3.....56..2.7....6...21.7....1..6.......7..4....6.74...6....6.3..78.....4.5..",
        # extreme-x-rot90-2
        "x:...1........49........65.....8.3..12.172.956.96..1.3.....95........81........6...",
        # extreme-x-rot90-3
        "x:.1.76..3.9.......1.....4.....5.....23.......41.....5.....6.....8.......6.9..71.4.",
        # dihedral: generate --variant x --size 9 --level extreme --symmetry dihedral --seed SEED
        # extreme-x-dihedral-1
        "x:...5.1.....5...2...6..4..9.1.......6..2...3..8.......4.8..2..7...6...8.....8.7...",
        # extreme-x-dihedral-2
        "x:...8.5.......3.......291...4.15.86.7.85...29.6.21.94.5...382.......1.......7.4...",
        # diagonal: generate --variant x --size 9 --level extreme --symmetry diagonal --seed SEED
        # extreme-x-diagonal-1
        "x:..315.......9....15..48....751...48.2.4.....6........3...6........7......2..41...",
        # extreme-x-diagonal-2
        "x:4.2...3.......57..1............9.......4.7.6..4..5..3965...........74........6...",
        # extreme-x-diagonal-3
        "x:............3....1......2...8..536.4...6........4...7...97...4......41.6.3.5...9.",
        # mirror_v: generate --variant x --size 9 --level extreme --symmetry mirror_v --seed SEED
        # extreme-x-mirror_v-1
        "x:.........8.9...1.4....9....79.....41.62...59.5.......2.7.8.9.5....5.1.......4....",
        # extreme-x-mirror_v-2
        "x:7.4.3.6.1..8...4......7......3...1....94.13..6.......8.........1.......2....5....",
        # extreme-x-mirror_v-3
        "x:96..5..71............198............6.......382.3.6.95............7.5......412...",
    ),
    "9|windoku": (
        # rot90: generate --variant windoku --size 9 --level extreme --symmetry rot90 --seed SEED
        # extreme-windoku-rot90-1
        "windoku:..86.2.1.6............8...37.......1..2...8..5.......72...9............8.1.5.67..",
        # extreme-windoku-rot90-2
        "windoku:.6..9......4..8..9...6...7..3....9..4.......5..5....6..2...7...1..4..3......6..5.",
        # extreme-windoku-rot90-3
        "windoku:.6...7.......8...9..2...7..3...2.....5.3.9.2.....5...3..5...1..1...9.......2...6.",
        # dihedral: generate --variant windoku --size 9 --level extreme --symmetry dihedral --seed SEED
        # extreme-windoku-dihedral-1
        "windoku:..6.9.4...7..1..3.4.......8.........89.....54.........2.......3.4..8..2...3.5.1..",
        # extreme-windoku-dihedral-2
        "windoku:..5.7.9...........2.4...7.3....5....3..762..4....3....5.2...4.9...........6.2.8..",
        # diagonal: generate --variant windoku --size 9 --level extreme --symmetry diagonal --seed SEED
        # extreme-windoku-diagonal-1
        "windoku:....6..4...6...9...8....3.6.....2...2...........6....8.39......4.......1..5..6.2.",
        # extreme-windoku-diagonal-2
        "windoku:.....4..1..5...6...8....4.......5..9.........9..3....2.91....5.......3.66..5.8.1.",
        # extreme-windoku-diagonal-3
        "windoku:.5.......41.....85..8.....2...462......1........5.............9.3.....7..29...6..",
        # mirror_v: generate --variant windoku --size 9 --level extreme --symmetry mirror_v --seed SEED
        # extreme-windoku-mirror_v-1
        "windoku:2..6.4..1.6.....8..9.....5..2.....7..........1..9.7..2.........5.31.29.8.........",
        # extreme-windoku-mirror_v-2
        "windoku:5.......4.........63.7.4.81..........4.2.3.5.....6....21..3..95...........6...4..",
        # extreme-windoku-mirror_v-3
        "windoku:.........4..3.6..2.........7.9...1.6...6.9.....2.8.9.....9.5.....3...2..2.......9",
    ),
    "9|jigsaw": (
        # rot90: generate --variant jigsaw --size 9 --level extreme --symmetry rot90 --seed SEED
        # extreme-jigsaw-rot90-1
        "jigsaw:.....9.3.31.6...7.....1....2......5...7...8...4......6....8.....9...4.83.6.9.....:"
        "AABCCCCCCABBBBBDCCABDDDDDDCABBDEEDFFAEEEEEFFFAGEGGEFHFAGGGIFFHHAGIIIIIHHGGIIIHHHH",
        # extreme-jigsaw-rot90-2
        "jigsaw:......14.8....2...2...6.....1..7......47.82......5..3.....8...3...8....6.26......:"
        "AABBBBBBCAABDCCBBCAADDCCCCCEAADDFFFFEEAEDDDFGEEEEDHFFGIEIHHHFFGIIIIHHGGGIIIHHHGGG",
        # dihedral: generate --variant jigsaw --size 9 --level extreme --symmetry dihedral --seed SEED
        # extreme-jigsaw-dihedral-1
        "jigsaw:1.......7.7..5..3....3.9.....5...2...6.....9...9...7.....6.7....9..7..4.4.......9:"
        "AAABBBBBBAAAAAABBBCCDDDDDDECCDDDFEEECCCCFFFEECGFFFHFHEGGIFIHHHEGGIIIIHHEGGGGIIIHH",
        # diagonal: generate --variant jigsaw --size 9 --level extreme --symmetry diagonal --seed SEED
        # extreme-jigsaw-diagonal-1
        "jigsaw:.9.3.....7...........5...7.2.1.3.......1.5.2.....8...........1...4.6.3..........9:"
        "ABBBBBBCCAABADBBCEFAAADDCCEFAGDDCCCEFAGDHHHCEFGGDDDHHEFFGIIHHEEFFGIIHHIEFGGGIIIIE",
        # extreme-jigsaw-diagonal-2
        "jigsaw:.8.......6...1........2...3...5.2....56..78.....48........5.1.6...........4...9..:"
        "AAAABBBBBACADDBDDBACADDDDDBACCEEEFFBCCCEEEFFFCCGEHEIFFGGGHHEIIFGGHHHIIIFGGGHHHIII",
        # extreme-jigsaw-diagonal-3
        "jigsaw:...51...........8...87.....5.1...4..2....5.1.....32......9......4..2...5.......2.:"
        "AABBBBBBBCADDDDDBBCADAEEDDDCAAAEEEFFCCGAEEFFFCGGGEEFHHCGGGFFFHHCGIGIIIIHCIIIIHHHH",
        # mirror_v: generate --variant jigsaw --size 9 --level extreme --symmetry mirror_v --seed SEED
        # extreme-jigsaw-mirror_v-1
        "jigsaw:2.......78.......6..8...5..5...9...4..4...1....2...8...3.....9..............7....:"
        "AAAABBCCCAAAABBCDCAEEBBCCDCEEBBBFFDCEEGGFFDDDEEHGFFDDDEHHGGFFFIHHHHGIIIIHHGGGIIII",
        # extreme-jigsaw-mirror_v-2
        "jigsaw:61.....543..6.2..7............1.5.....3...2....4...8...........5.......8.9.....7.:"
        "AAABBBBCCAAABBCCCCADDBBBCCCAADEEFFFFDDDDEEFFGHDEDEFFGGHHEEEFGGGHIIIIIIIGHHHHHIIGG",
        # extreme-jigsaw-mirror_v-3
        "jigsaw:...........51769..............5.8.....1...5..7.......15.......33.4...1.8.........:"
        "AAAAABCCCADDBBBBBCADDBECCCCADBBEECFFADEEEEEEFDDDGHHHFFGGGGIIHFFGIIGIIHFFGGIIIHHHH",
    ),
}

#: Every Extreme by grid kind, the bank's first (a seed's draw depends on this order).
EXTREMES: dict[str, tuple[str, ...]] = {key: BANKED.get(key, ()) + FOUND.get(key, ()) for key in (*BANKED, *FOUND)}


#: Each entry's rating, in the order of ``EXTREMES[key]``: (score, hardest step), by the rater as the generator
#: calls it (the variant's techniques, uniqueness known). Written by ``bench/extreme_bench.py --catalogue --print``.
RATINGS: dict[str, tuple[tuple[float, str], ...]] = {
    "9": (
        (11.0, "cell_forcing_chain"), (10.7, "cell_forcing_chain"), (10.1, "cell_forcing_chain"),
        (11.3, "cell_forcing_chain"), (10.7, "cell_forcing_chain"), (11.3, "cell_forcing_chain"),
        (11.0, "cell_forcing_chain"), (10.4, "cell_forcing_chain"), (11.0, "cell_forcing_chain"),
        (11.0, "cell_forcing_chain"), (10.7, "cell_forcing_chain"), (11.3, "cell_forcing_chain"),
        (11.6, "cell_forcing_chain"), (10.7, "cell_forcing_chain"), (11.0, "cell_forcing_chain"),
        (11.0, "cell_forcing_chain"), (11.6, "cell_forcing_chain"), (11.0, "cell_forcing_chain"),
        (11.6, "cell_forcing_chain"), (11.6, "cell_forcing_chain"), (11.0, "cell_forcing_chain"),
        (11.0, "cell_forcing_chain"), (10.4, "cell_forcing_chain"), (11.0, "cell_forcing_chain"),
        (11.0, "cell_forcing_chain"), (10.4, "cell_forcing_chain"), (10.4, "cell_forcing_chain"),
        (11.6, "cell_forcing_chain"), (11.6, "cell_forcing_chain"), (11.3, "cell_forcing_chain"),
        (11.0, "cell_forcing_chain"), (10.7, "cell_forcing_chain"), (10.4, "cell_forcing_chain"),
        (11.0, "cell_forcing_chain"), (11.0, "cell_forcing_chain"), (11.3, "cell_forcing_chain"),
        (11.0, "cell_forcing_chain"), (10.4, "cell_forcing_chain"), (10.4, "cell_forcing_chain"),
    ),
    "12": (
        (11.3, "cell_forcing_chain"), (11.61, "cell_forcing_chain"), (11.305, "cell_forcing_chain"),
        (11.601, "cell_forcing_chain"), (10.7, "cell_forcing_chain"), (11.3, "cell_forcing_chain"),
        (11.669, "cell_forcing_chain"), (11.74, "cell_forcing_chain"), (11.3, "cell_forcing_chain"),
        (11.605, "cell_forcing_chain"), (11.0, "cell_forcing_chain"), (11.0, "cell_forcing_chain"),
        (10.7, "cell_forcing_chain"), (11.6, "cell_forcing_chain"),
    ),
    "16": (
        (11.605, "cell_forcing_chain"), (11.605, "cell_forcing_chain"), (11.74, "cell_forcing_chain"),
        (11.0, "cell_forcing_chain"), (11.3, "cell_forcing_chain"), (11.6, "cell_forcing_chain"),
        (11.89, "cell_forcing_chain"), (11.74, "cell_forcing_chain"), (11.6, "cell_forcing_chain"),
        (11.6, "cell_forcing_chain"), (11.6, "cell_forcing_chain"), (11.6, "cell_forcing_chain"),
        (11.779, "cell_forcing_chain"),
    ),
    "9|x": (
        (11.605, "cell_forcing_chain"), (11.305, "cell_forcing_chain"), (9.8, "cell_forcing_chain"),
        (11.0, "cell_forcing_chain"), (11.61, "cell_forcing_chain"), (11.14, "cell_forcing_chain"),
        (10.4, "cell_forcing_chain"), (11.67, "cell_forcing_chain"), (11.67, "cell_forcing_chain"),
        (11.0, "cell_forcing_chain"), (11.305, "cell_forcing_chain"), (11.6, "cell_forcing_chain"),
        (11.0, "cell_forcing_chain"), (11.6, "cell_forcing_chain"), (11.377, "cell_forcing_chain"),
        (11.605, "cell_forcing_chain"),
    ),
    "9|windoku": (
        (11.0, "cell_forcing_chain"), (11.0, "cell_forcing_chain"), (11.6, "cell_forcing_chain"),
        (11.605, "cell_forcing_chain"), (11.3, "cell_forcing_chain"), (11.6, "cell_forcing_chain"),
        (10.7, "cell_forcing_chain"), (11.31, "cell_forcing_chain"), (11.005, "cell_forcing_chain"),
        (9.8, "cell_forcing_chain"), (10.7, "cell_forcing_chain"), (11.3, "cell_forcing_chain"),
        (11.0, "cell_forcing_chain"), (11.3, "cell_forcing_chain"), (11.677, "cell_forcing_chain"),
        (11.3, "cell_forcing_chain"),
    ),
    "9|jigsaw": (
        (11.3, "cell_forcing_chain"), (12.506, "forcing_net"), (11.0, "cell_forcing_chain"),
        (10.705, "cell_forcing_chain"), (9.8, "cell_forcing_chain"), (11.305, "cell_forcing_chain"),
        (11.0, "cell_forcing_chain"), (9.2, "cell_forcing_chain"), (11.3, "cell_forcing_chain"),
        (9.8, "cell_forcing_chain"), (11.0, "cell_forcing_chain"), (10.4, "cell_forcing_chain"),
        (11.6, "cell_forcing_chain"), (11.412, "cell_forcing_chain"),
    ),
}


def bank_key(key: str) -> str:
    """The New game bank's key (web/js/bank.js) of a catalogue key: ``"9"`` is ``"9|extreme"``, ``"9|x"``
    is ``"9|extreme|x"``."""
    side, _, variant = key.partition("|")
    return f"{side}|extreme" + (f"|{variant}" if variant else "")


def bank_lists() -> dict[str, list[str]]:
    """The bank's Extremes by its keys, as build.py writes them into the page (``js/bank-extremes.js``)."""
    return {bank_key(key): list(lines) for key, lines in BANKED.items()}


class CarriedRating(NamedTuple):
    """An entry's rating as a puzzle made from it carries it (the fields of :class:`sudoku_core.rate.Rating`
    that :class:`sudoku_core.generate.Generated` keeps)."""

    level: str
    score: float
    hardest: str


def carried_rating(key: str, index: int) -> CarriedRating:
    """The rating of entry ``index`` of ``EXTREMES[key]`` (every entry is Extreme)."""
    score, hardest = RATINGS[key][index]
    return CarriedRating("extreme", score, hardest)
