"""Killers the generator starts from at the levels cages rarely reach (:func:`sudoku_core.generate.killer_start`).

A Killer without givens whose cages are drawn at random and counted to one solution rates Hard nearly always;
the generator's search that merges cages up from Hard finds an Expert in a few seconds of CPU, sometimes over
thirty (docs/variants.md), and an Extreme, with givens or without, takes it minutes. So a 9x9 Killer asked for
Expert or Extreme first takes one of these, chosen by the seed, and changes it in the ways that keep a
Killer's logic (:func:`sudoku_core.generate.killer_transformed`): turned or mirrored by one of the square's
eight symmetries (the cages move with the cells), and its digits flipped or not (``d -> 10 - d``, each cage
of ``m`` cells summing to ``10 * m`` less its sum, so each cage's combinations map one to one). That is 16
Killers of the same logic per entry, which the generator still checks (unique by the backtracker; with
givens, a pattern of the symmetry asked for) and rates like any other before it hands one out; where the
catalogue has no entry (or none of the symmetry asked for), or the rating misses, the search runs as before.

Keys: ``"LEVEL"`` for Killers without givens, ``"LEVEL|givens"`` for those with givens (9x9 only). Entries are
lines in the page's one-line Killer form (``killer:DIGITS:CAGEMAP:SUMS``). The Experts were made by this
generator's own search and rated Expert by this rater: ``python3 bench/find_killers.py --level expert --givens G
--seeds A-B`` (each entry's seed and symmetry are in its comment), which also counts each to two solutions by
both engines; three it found were left out, as the backtracker took 0.4 to 4.6 s of CPU to count them (the
generator counts every Killer it hands out). The Extremes without givens are the New game bank's two
(``web/js/bank.js``, rated Extreme by this rater); the search found no other within 60 s of CPU (seed 1101),
nor an Extreme with givens within 40 s (seeds 1001 and 1002). A rot180 pattern stays one under every
symmetry of the square, so a rot180 entry serves rot180 (and none). A Killer with givens of a pattern no entry
with givens has (every Extreme with givens; an Expert of another symmetry) starts from an entry without givens
of its level, which is given groups of the symmetry asked for while the rater keeps the level
(:func:`sudoku_core.generate.killer_givens`); a minimal Killer is still searched.

The entries are part of the generator: a seed's Killer is drawn from them, so adding, removing or reordering
one changes which puzzle a seed gives (bump ``GENERATOR_VERSION``). ``tests/test_killer.py`` checks every entry
(one solution by the backtracker, a rot180 pattern, its key) and ``bench/killer_levels.py --generate`` times
what they buy, counting each Killer made by both engines and rating it again.
"""

from __future__ import annotations

#: Catalogued Killers by key (see the module notes).
FOUND: dict[str, tuple[str, ...]] = {
    "expert": (
        # seed 1101, none
        "killer:.................................................................................:"
        "abbccccddeebcfghidjjklfgiiijjkmmnnoopqqqmrnosptuurrvvswtxuyzzsswxxuyAABswxCCCABBs:"
        "7,20,22,12,4,9,7,8,23,17,9,9,19,17,15,7,19,9,32,9,16,12,23,13,10,13,11,16,17",
        # seed 1102, none
        "killer:.................................................................................:"
        "aaabccddefggbbchdefigjkklmeiigjjkllennnnjlloepnqrrstoupvqwrsttupvqrrsxyuzzzzxxxyy:"
        "16,20,17,18,27,10,17,6,16,20,12,21,2,27,11,12,15,20,11,13,12,16,8,20,20,18",
        # seed 1103, none
        "killer:.................................................................................:"
        "aabbbbcccaaadeeeecaffdgeccchdddgggijhhkklmnijohpkqmmrrshpkttuuushvttwuxushvvvwwwy:"
        "32,27,34,27,24,8,19,37,11,7,21,1,15,6,9,3,3,15,13,23,25,15,22,1,7",
        # seed 1104, none
        "killer:.................................................................................:"
        "aaaaabccdeffgbbbcdeffggbhhdefiiijklmnoipjjqlmoorppsqtmorrussqmmrruuuuvwwrxxuyyvvv:"
        "18,21,15,22,14,34,18,6,17,21,3,14,21,8,15,17,14,31,12,7,31,26,5,3,12",
        # seed 1105, none
        "killer:.................................................................................:"
        "aabbbccddaabeffcgghhiefjcgklmiifnopklmmqqqrpklsstturrrvvvwwxyyzABAwwxyzzAAACCxDDD:"
        "16,22,20,11,11,19,18,8,12,6,14,20,13,9,8,9,16,15,6,13,4,13,29,6,16,14,24,8,10,15",
        # seed 1001, none
        "killer:.................................................................................:"
        "aabccdeeeaabcfddgghaiifdjkghllmndjkgoollnkkkpoqqrnnnppssqrtuuuuvswttxyyzvswwxxAAz:"
        "27,10,14,23,16,13,16,8,13,15,22,16,7,18,24,14,16,7,21,15,24,3,17,16,7,12,11",
        # seed 1004, none
        "killer:.................................................................................:"
        "abbccdeffaabbddggfhaiiidgffjkllimggnopplllqqnrrsssttqnruussttqnrvvwsxtynzzvwAxxBB:"
        "24,12,15,21,9,25,24,9,12,2,6,28,7,21,1,12,21,20,35,24,10,14,5,12,4,8,9,15",
        # seed 1005, none
        "killer:.................................................................................:"
        "aabbccdefaagbeeeehijgklemnhijgglommhipgqqomrrppppppstruuvwxxytzAuvwByyCzADDEEECCz:"
        "16,14,15,9,27,6,28,13,20,13,1,10,13,5,8,32,9,17,6,17,16,6,12,12,13,12,13,2,12,10,18",
        # seed 1006, none
        "killer:.................................................................................:"
        "aaabbccccdeabfgchcdeijfgchkllmmmnoppqllrnnppsqqttunnpsqvvwuxxssyyywwxzzzAAAwwwwBz:"
        "20,19,35,13,4,15,5,5,8,5,6,26,16,27,5,21,14,9,22,7,9,6,32,16,21,22,12,5",
        # seed 1007, none
        "killer:.................................................................................:"
        "aaaabbbbcdaeeebfccddgghhccijggkhhlcijmkknollpmmqroolppmqqssoottuvqsswwwtvvxxyyztt:"
        "22,23,30,11,24,5,26,11,12,14,12,18,16,8,28,14,17,5,22,26,8,18,17,5,6,7",
        # seed 1008, none
        "killer:.................................................................................:"
        "abbccdddefbgchhidefbgcchijjfklmnhojpkklllqopprkstqqopurvstwqxpuyzsAwxxpuyssssBxxx:"
        "8,13,28,21,8,16,9,20,13,13,18,20,2,9,13,33,21,5,34,10,16,8,14,27,11,9,5,1",
        # seed 1009, none
        "killer:.................................................................................:"
        "abcdeefffabgddhhifabggjkhhflggmjkhnnllmmopnnqlrmmspntqurrvvwxtquuryvwzzzAAAyyyzzz:"
        "17,20,3,19,10,30,22,25,3,9,9,14,30,21,4,8,15,21,2,14,15,9,17,7,19,24,18",
        # seed 1010, none
        "killer:.................................................................................:"
        "aabccddddefbgcdhijeebgklhijmnkkklhoompqqrlsoomttqulsvvwttqxxxyvwztxxAyyBzzxxAAyBB:"
        "11,14,16,27,13,7,5,18,6,10,23,25,19,5,21,1,21,7,11,29,1,13,7,38,13,12,15,17",
        # seed 1011, none
        "killer:.................................................................................:"
        "aaabcdddefaabcgdheiiajckkhelmnnckkholmnpqqqqolmqqqrrsolttuvsssowuuuvxssywuuxxxzAy:"
        "26,13,21,22,16,4,8,12,15,1,12,20,19,9,26,2,36,15,33,7,37,13,10,16,3,6,3",
        # seed 1012, none
        "killer:.................................................................................:"
        "aabbbcddeafbcccceeffgchhceijggkhlmenjjkkolmpqjjooorrsqjootttruqvwwwxxyyqvwzzxxxqq:"
        "19,18,32,15,25,6,13,20,4,37,16,12,15,2,26,5,27,14,7,15,3,5,21,22,14,12",
        # seed 1013, none
        "killer:.................................................................................:"
        "aabccdeeefbbbcdeghfijkddlghfiikmllnhoookkplnnooqrkstuuvqqrwwtuxyqrrwzzzxAAAwwwzBB:"
        "4,17,16,24,26,19,10,15,10,8,26,18,9,13,32,1,20,18,4,6,16,2,30,10,5,24,15,7",
        # seed 1014, none
        "killer:.................................................................................:"
        "aaaabccccaddebbfffddgeehiifdjgkhhlifmjgnnhloompqrsllltmpqusvvttwwxyyyzAtBBCCCzzAt:"
        "23,8,26,25,21,23,16,22,12,8,4,27,12,16,11,17,5,1,7,23,3,13,10,7,15,19,7,11,13",
    ),
    "expert|givens": (
        # seed 1101, rot180
        "killer:....4............9.......2.........4.........3.........7.......9............9....:"
        "aabbbcdeefaabbcdeefgaahhdiefghhhdddefggjhkllmggjjjkkllnnojkkllpnnnjkqqpprrnqqqqpp:"
        "33,23,8,39,30,20,28,27,2,37,23,34,2,29,8,27,27,8",
        # seed 1102, rot180
        "killer:....5..................1..5..........9.....6..........6..1..................6....:"
        "abbbbccddaeefcccddaeeffggddhheiggjjjhkkiigjjjhkkiiillmnokpppllmnooppllqqnoorrqqqq:"
        "16,19,28,32,22,18,21,16,29,37,32,24,6,14,23,22,32,14",
        # seed 1104, rot180
        "killer:...5...............1.......9.......3.........6.......4.......3...............2...:"
        "aaabbbbccaaabddeccffgbdeehhffggieehjfklgiiihjfllliimhjnnloommppnnlooomppnqqqqqmpp:"
        "37,24,23,18,25,32,19,26,30,12,3,24,27,23,24,29,29",
        # seed 1105, rot180
        "killer:......1....................3...5..1...........1..2...6....................7......:"
        "abccccdddabeccffdgaaeeehddgiaejhhkkkiajjjhllkimnooppkkimnnnppqrmmmsnptrrsssssurrr:"
        "25,17,30,31,24,9,10,16,23,24,31,7,26,18,6,34,8,22,29,6,9",
        # seed 1106, rot180
        "killer:...4.............28...........................................89.............9...:"
        "aabccccddaebbbfccgeeebbffgghhhhffigghhjjjiiigkkkljmnnnkolljmnnnoollpqqrqooopppqqq:"
        "11,29,29,15,25,25,25,33,17,28,11,33,7,36,30,23,23,5",
        # seed 1107, rot180
        "killer:..........3....1..9......6.............................5......6..9....8..........:"
        "aabbccdddbbbbccdeefggggddeefghiijjjjfhhhiikjlffmmmmkklfnnnmokllpppqqorrlppssqoorl:"
        "9,31,22,29,18,28,26,19,18,23,23,30,25,14,17,26,15,17,15",
        # seed 1108, rot180
        "killer:.........................9..........7.......9..........7.........................:"
        "abbbbbbcdaaefcccccgeefhhijkgleffiijklllfmmmjknllfmoookpppppqrrstttuqqrrsvvtuuqqss:"
        "15,31,27,7,21,30,3,11,13,19,18,35,15,3,22,21,26,22,19,17,19,11",
        # seed 1109, rot180
        "killer:.........3...........7......3.......................5......4...........4.........:"
        "abccdddefbbgcddeefbhggiijefbhhgkijeebkkkkillmnnnokillmnpnooqlqmnproqqqqsrrrrrssss:"
        "6,28,20,30,31,15,24,13,22,12,28,22,14,29,15,13,32,33,18",
        # seed 1110, rot180
        "killer:........4..1.........................................................3..9........:"
        "aabbbbcccaadeeeecfadddgeehfiiigggghfjjkkkkhhhjjlkmmnhoplllmnnnnpplqmrrsspplqqrrss:"
        "22,21,24,23,29,16,23,27,16,23,26,33,19,18,2,21,17,17,28",
    ),
    "extreme": (
        # web/js/bank.js's 9|extreme|killer (drawn cages, see there)
        "killer:.................................................................................:"
        "aabbccdeeafbgggdehafiijjddhkllijmmhhkkknjomppqrnnsotttqrrnuooovqwrxxyyyvzzzzxxyAA:"
        "19,24,3,18,19,7,12,17,12,24,21,7,18,26,26,14,13,21,5,13,7,4,1,18,25,20,11",
        # web/js/bank.js's 9|extreme|killer (drawn cages, see there)
        "killer:.................................................................................:"
        "abbbcdeefabghhiejfkbglliijjkkmmnniojppqqnnrrrpqqqsturrvvwwstuxxyvvssuuzxyvAAAuzzz:"
        "12,22,5,1,11,12,8,13,23,26,17,10,7,21,7,18,27,18,17,6,33,28,8,14,5,18,18",
    ),
}

#: What :func:`sudoku_core.generate.killer_start` draws from (bench/find_killers.py empties it to search).
CATALOGUE: dict[str, tuple[str, ...]] = dict(FOUND)
