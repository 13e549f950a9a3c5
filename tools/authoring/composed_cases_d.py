#!/usr/bin/env python3
"""More composed and independently verified boards for the clauses of
article 24 and 26.1-26.11 that had fewer than three passing composed boards
(issue 24, item 3): 24.10 (长杀), 26.9.4 (长捉无根子 against 长杀, as
参考图43; 长捉车 against 长捉无根子, as 参考图44) and 24.8 (闲, where the verdict rests on its own words: 兑, 献, 拦
and 跟 are kinds of 闲).

Writes cases/xiangqi-2020/26-composed-d.yaml, in the manner of
tools/authoring/composed_cases_b.py: each case is a small position of our own
(pieces as `<letter><square>`, red upper case, ICCS squares; no figure's
position), one period of a repetition cycle that returns to its start, the
labels and verdict the clause's words give, and the reasoning in the note.
Every case names the runs of the independent searches that bear it out:
tools/difftest/cycle_facts.py (for every move: check, answering a check, mate
by checks before and after, captures that gain, the opponent's captures after
it), tools/difftest/exchange_check.py and tools/difftest/checks_win.py, plain
searches over Fairy-Stockfish's move generator (pyffish) that share no code
with qigui; composed_cases.write_cases refuses to write the file when a line
they must print is missing. Legality of positions and cycles is checked by
tools/authoring/clause_cases.py's move generator.

The 24.10 rook board was found by tools/authoring/scan_mate_threats.py (a rook and a black blocker placed on
every pair of points around a boxed king, keeping the cycles in which each
rook move creates a mate by at most two checks that did not stand before it,
each black move parries it, and no capture gains anywhere); the scan only
proposes squares, the labels and verdict are the book's.

The third 26.9.4 board (a horse that chases a rook and protects, with each
move, the piece the rook attacks) was found by
tools/authoring/scan_mutual_chase.py (`C N ae8`: every placement of a red
horse going between two points, a black rook going between two points and
two red pieces the rook attacks in turn, keeping those where each move's
only gaining capture is the intended one); again the scan only proposes
squares.

qigui is run only to record where it diverges (the case is then skipped with
the divergence as its reason).

Usage: python3 tools/authoring/composed_cases_d.py [path to the qigui binary] [case id prefix]
(needs pyffish: pip install pyffish, or tools/adapters/setup.sh)
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import clause_cases as cc  # noqa: E402
import composed_cases as base  # noqa: E402

OUT = "cases/xiangqi-2020/26-composed-d.yaml"

CASES = []


def case(cid, clauses, desc, pieces, moves, labels, verdict, note, facts, extra=(), turn="w"):
    """`facts`: lines (substrings) tools/difftest/cycle_facts.py must print
    for the cycle (default --mate 3 --depth 6); `extra`: (tool, args after
    the FEN, expected) runs."""
    CASES.append(dict(cid=cid, clauses=clauses, desc=desc, pieces=cc.P(pieces),
                      moves=moves.split(), labels=labels.split(), verdict=verdict,
                      note=note, facts=list(facts), extra=list(extra), turn=turn,
                      optional=False, key_points=[]))


def X(args, expect):
    """An exchange_check.py run (after the FEN) and a line it must print."""
    return ("exchange_check.py", args.split(), expect)


def C(args, expect):
    """A checks_win.py run (after the FEN) and what it must print."""
    return ("checks_win.py", args.split(), expect)


# ---------- 24.10 长杀
case('24.10/rook-threatens-from-home-cannon-blocks-low', ['24.10', '24.2', '24.6', '24.13', '25.3'],
     '车在底线两条直线间往返伏杀，黑炮在低处轮流拦阻（马保护）：长杀对长拦，红方变着',
     'Ke0 Ra0 kd9 cd8 ca3 nb5', 'a0c0 a3c3 c0a0 c3a3', '杀 拦 杀 拦', 'red_must_change',
     '24.10 (凡走子连续不停杀着而形成循环达三次着，称为"长杀"): the black king on d9 cannot move '
     '(d8 is its own cannon, e9 faces the red king on the open e-file, c9 is outside the palace). '
     'The red rook stays on its home rank and goes between the a- and c-files; the black cannon '
     'follows it on rank 3, in front of it, protected there by the horse on b5 (legs b4), so the rook '
     'cannot take it without losing itself (rook for cannon, a loss). a0c0 opens a file the cannon '
     'no longer blocks: next c0c9+ mates at once (c9 is next to the king on its rank, nothing '
     'black reaches it or can take it): 杀 (24.2). a3c3 stands in its way on the '
     'c-file and attacks nothing: 拦 (24.6). c0a0 opens the a-file: a0a9+ and, after the only block '
     'c3c9, a9xc9 mates: a mate by two checks: 杀. c3a3 blocks again: 拦. Every red move creates a '
     'threat of mate by checks that did not stand before it, every black move parries it, and no '
     'capture gains anywhere in the cycle: red 长杀, forbidden (24.13), black 长拦, allowed (24.8, '
     '24.14): red must change (25.3; 26.9.1 单方长杀). Unlike 24-26-clauses.yaml\'s rook board the '
     'rook threatens from its home rank, the blocker stands between it and the king low on the file '
     'and one of the two threats needs two checks. Search: after each red move (null move) red mates '
     'by checks, before it not; after each black move red has no mate; no capture gains.',
     ["ply 1 w a0c0: answers-check no | check no | mate before no after yes | wins before [] after []",
      "ply 2 b a3c3: answers-check no | check no | mate before no after no | wins before [] after []",
      "ply 3 w c0a0: answers-check no | check no | mate before no after yes | wins before [] after []",
      "ply 4 b c3a3: answers-check no | check no | mate before no after no | wins before [] after []"],
     [C("a0c0 --checks 1", "mate"), C("--checks 2", "none"),
      C("a0c0 a3c3 --checks 2", "none"),
      X("a0c0 a3c3 --capture c0c3", "chaser c0c3 c: c0c3 b5c3 | chaser takes ['c'] loses ['R'] | points -5 | book: loss")])

case('24.10/black-cannon-threatens-over-a-horse-screen', ['24.10', '24.2', '24.6', '24.13', '25.3'],
     '黑炮沿直线往返，每步伏下借马作炮架的闷杀，红炮轮流拦阻：黑方长杀对长拦，黑方变着',
     'Kd0 Cc4 ke9 cb6 nd1 pe1', 'c4c6 b6b4 c6c4 b4b6', '拦 杀 拦 杀', 'black_must_change',
     '24.10 (凡走子连续不停杀着而形成循环达三次着，称为"长杀") by black, on the board of '
     '26.9.4/rook-chases-cannon-that-threatens-mate with a red cannon for the rook: the red king on '
     'd0 cannot move (d1 a black horse protected by the crossed pawn on e1, which also covers e0; c0 '
     'outside the palace), so a black cannon on the d-file over the horse is mate unless red blocks '
     'or takes it. The black cannon on b6 threatens b6d6+. c4c6 stands in its way on rank 6 and '
     'attacks nothing (adjacent to the black cannon, no screen): 拦 (24.6). b6b4 threatens b4d4+, '
     'which nothing red can answer: 杀 (24.2). c6c4 blocks rank 4: 拦. b4b6 threatens b6d6+ again '
     '(the red cannon can block once on d4, and black mates by a second check): 杀. Every black move '
     'creates a threat of mate by checks that did not stand before it, and no capture gains anywhere '
     'in the cycle: black 长杀, forbidden (24.13), red 长拦, allowed (24.8, 24.14): black must '
     'change (25.3; 26.9.1 单方长杀). Search: after each black move (null move) black mates by checks, '
     'before it not; after each red move black has no mate; no capture gains.',
     ["ply 1 w c4c6: answers-check no | check no | mate before no after no | wins before [] after []",
      "ply 2 b b6b4: answers-check no | check no | mate before no after yes | wins before [] after []",
      "ply 3 w c6c4: answers-check no | check no | mate before no after no | wins before [] after []",
      "ply 4 b b4b6: answers-check no | check no | mate before no after yes | wins before [] after []"])

# ---------- 26.9.4 双方不变作和: 长捉无根子 against 长杀
case('26.9.4/rook-chases-cannon-that-threatens-mate', ['26.9.4', '26.9.1', '24.10', '24.11', '24.2', '24.3'],
     '红车长捉无根炮，黑炮每次逃开都伏下闷杀：红方长捉无根子，黑方长杀，均属26.9.1所列，双方不变作和',
     'Kd0 Ra4 ke9 cb6 nd1 pe1', 'a4a6 b6b4 a6a4 b4b6', '捉 杀 捉 杀', 'draw',
     '26.9 (双方均为禁止着法的裁决), as 参考图43 (红方长捉无根子，黑方长杀，双方不变作和) on a board '
     'of our own. The red king on d0 cannot move: d1 holds a black horse, protected by the crossed pawn '
     'on e1, which also covers e0; c0 is outside the palace. A black cannon on the d-file over the '
     'horse on d1 (the squares between empty) is therefore mate unless the red rook takes it or blocks. '
     'a4a6 attacks the black cannon on b6, which nothing protects, and covers d6: 捉 (24.3). b6b4 '
     'escapes down the b-file and threatens b4d4+, which nothing red can then answer (the rook on a6 '
     'reaches neither d2, d3 nor d4): 杀 (24.2). a6a4 attacks the cannon on b4 again (捉) and covers '
     'd4; b4b6 escapes and threatens b6d6+ (the rook can block once on d4, and black mates by a second '
     'check): 杀. Red: 长捉无根子; black: 长杀 (24.10, 24.11); both forbidden (24.13) and both '
     'among 26.9.1\'s list (单方长杀 … 长捉无根子 … 均须变着: the list singles out one side only '
     'when the other is not in it); 26.9.2 and 26.9.3 do not apply (no 联合捉), so by 26.9.4 both '
     'may keep repeating: draw. Search: after each red move (null move) the rook\'s capture of the '
     'cannon gains, before it nothing does; after each black move (null move) black mates by checks, '
     'before it not.',
     ["ply 1 w a4a6: answers-check no | check no | mate before no after no | wins before [] after ['a6b6 c gain']",
      "ply 2 b b6b4: answers-check no | check no | mate before no after yes | wins before [] after []",
      "ply 3 w a6a4: answers-check no | check no | mate before no after no | wins before [] after ['a4b4 c gain']",
      "ply 4 b b4b6: answers-check no | check no | mate before no after yes | wins before [] after []"],
     [X("a4a6 --capture a6b6", "chaser a6b6 c: a6b6 | chaser takes ['c'] loses [] | points +4 | book: gain"),
      X("a4a6 b6b4 a6a4 --capture a4b4", "chaser a4b4 c: a4b4 | chaser takes ['c'] loses [] | points +4 | book: gain")])

# ---------- 26.9.4 双方不变作和: 长捉车 against 长捉无根子 (as 参考图44 and 图3)
case('26.9.4/horse-chases-rook-that-chases-unprotected-pieces',
     ['26.9.4', '26.9.1', '24.11', '24.3', '24.15'],
     '红马长捉车，每步同时保护被黑车捉的子；黑车每次逃开都捉另一个无根子：红方长捉车，黑方长捉无根子，均属26.9.1所列，双方不变作和',
     'Ke0 Na4 Ce4 Nb2 kd9 ae8 re6', 'a4c5 e6b6 c5a4 b6e6', '捉 捉 捉 捉', 'draw',
     '26.9 (双方均为禁止着法的裁决), as 参考图44 (红方长[捉]无根子，黑方长捉车，双方不变作和) and 图3 '
     '(红方长捉无根子，黑方长捉车，双方不变作和) with the roles of the colours exchanged, on a board of '
     'our own. At the start the black rook on e6 attacks the red cannon on e4 (e5 empty), which nothing '
     'protects (the horses on a4 and b2 do not reach e4, the king on e0 does not either). a4c5 (leg b4) '
     'attacks the rook on e6 (leg d5): a horse taking a rook gains whatever recaptures, so it is a '
     'chase of a rook, 捉 (24.3); the same horse now protects the cannon on e4 (leg d5), so e6xe4 would '
     'lose the rook for a cannon. e6b6 escapes along rank 6 (d6, c6 empty) and attacks the red horse on '
     'b2 down the b-file (b5, b4, b3 empty), which nothing protects (the horse on c5 reaches b3 and b7, '
     'not b2): 捉 an unprotected piece (24.3, 24.15). c5a4 (leg b4) protects the horse on b2 (leg a3) and '
     'attacks the rook on b6 (leg a5): 捉 the rook again. b6e6 escapes back and attacks the cannon on '
     'e4, unprotected again now that the horse has left c5: 捉. Red: 长捉车 (24.11; each move chases '
     'the rook); black: 长捉无根子 (two different unprotected pieces, 24.11: 追捉一子或数子). Both are '
     'forbidden (24.13) and both are among 26.9.1\'s list (长捉车 … 长捉无根子 … 均须变着: the list '
     'singles out one side only when the other is not in it); 26.9.2 (单方长捉车，对方联合捉车) does '
     'not apply, as the red horse alone attacks the rook and no red move is a 联合捉, nor does 26.9.3 '
     '(the black rook alone chases), so by 26.9.4 both may keep repeating: draw. Neither side checks or '
     'threatens mate; the advisor on e8 only keeps the capture of the rook from ending in a forced mate, '
     'so that the searches report it as a plain gain. Unlike the two other 26.9.4 boards '
     '(26.9.4/horse-and-rook-both-chase-unprotected-pieces: 长捉无根子 on both sides; '
     '26.9.4/rook-chases-cannon-that-threatens-mate: 长捉无根子 against 长杀), one side here chases a '
     'rook, and the chasing horse both attacks and defends with each move. Search: after each red move '
     '(null move) red\'s only gaining capture is the horse\'s of the rook, before it none, and the '
     'rook\'s capture of the piece the horse now protects loses; after each black move (null move) '
     'black\'s only gaining capture is the rook\'s of the unprotected piece, before it none; nobody '
     'checks or mates by checks.',
     ["ply 1 w a4c5: answers-check no | check no | mate before no after no | wins before [] after ['c5e6 r gain'] | loses-first after ['e6e4 C gain']",
      "ply 2 b e6b6: answers-check no | check no | mate before no after no | wins before [] after ['b6b2 N gain'] | loses-first after []",
      "ply 3 w c5a4: answers-check no | check no | mate before no after no | wins before [] after ['a4b6 r gain'] | loses-first after ['b6b2 N gain']",
      "ply 4 b b6e6: answers-check no | check no | mate before no after no | wins before [] after ['e6e4 C gain'] | loses-first after []"],
     [X("a4c5 --capture c5e6", "chaser c5e6 r: c5e6 | chaser takes ['r'] loses [] | points +9 | book: gain"),
      X("a4c5 --opponent-first", "opponent e6e4 C: e6e4 c5e4 | chaser takes ['r'] loses ['C'] | points +5 | book: gain"),
      X("a4c5 e6b6 --opponent-first", "opponent b6b2 N: b6b2 | chaser takes [] loses ['N'] | points -4 | book: loss"),
      X("a4c5 e6b6 c5a4 --capture a4b6", "chaser a4b6 r: a4b6 | chaser takes ['r'] loses [] | points +9 | book: gain"),
      X("a4c5 e6b6 c5a4 --opponent-first", "opponent b6b2 N: b6b2 a4b2 | chaser takes ['r'] loses ['N'] | points +5 | book: gain"),
      X("--opponent-first", "opponent e6e4 C: e6e4 e0f0 | chaser takes [] loses ['C'] | points -4 | book: loss"),
      X("--mate 3", "mate by at most 3 checks: no")])

# ---------- 24.8 闲: 兑 and 跟 are 闲, so 一将一兑 / 一将一跟 are not forbidden
case('24.8/check-then-offer-rooks', ['24.8', '24.4', '24.1', '24.13', '25.2'],
     '车将军后退回邀兑有根车：兑属于闲，一将一闲对两闲，作和',
     'Kd0 Rg4 Be2 ke9 rg7 nh9', 'g4e4 e9f9 e4g4 f9e9', '将 闲 兑 闲', 'draw',
     '24.8 (凡走子性质不属于将、杀、捉者，统称为"闲"。兑、献、拦、跟，均属于"闲"范畴) decides the '
     'verdict. g4e4 checks the king on e9 along the open e-file: 将 (24.1). The king steps to f9 '
     '(闲). e4g4 goes back opposite the black rook on g7 (g5, g6 empty): the red rook is protected '
     'by the elephant on e2 (eye f3), the black rook by the horse on h9 (leg h8), so either capture '
     'is rook for rook, an even exchange: 兑 (24.4), not 捉; it threatens no mate. f9e9 (闲). Red\'s '
     'cycle is 一将一兑, and by 24.8 a 兑 is a 闲: 一将一闲 is not among 24.13\'s forbidden cycles '
     '(长将, 长杀, 长捉, 一将一杀, 一将一捉, 一杀一捉), so both sides play allowed moves (24.14) and '
     '25.2 gives a draw. Were the offer a chase (an unprotected rook on g7), 一将一捉 would be '
     'forbidden. Search: the exchanges both ways are even; red has no mate by checks.',
     ["ply 1 w g4e4: answers-check no | check yes | mate before no after - | wins before [] after -",
      "ply 2 b e9f9: answers-check yes | check no | mate before no after no | wins before [] after []",
      "ply 3 w e4g4: answers-check no | check no | mate before no after no | wins before [] after [] | loses-first after ['g7g4 R even']",
      "ply 4 b f9e9: answers-check no | check no | mate before no after no | wins before [] after []"],
     [X("g4e4 e9f9 e4g4", "chaser g4g7 r: g4g7 h9g7 | chaser takes ['r'] loses ['R'] | points +0 | book: even"),
      X("g4e4 e9f9 e4g4 --opponent-first", "opponent g7g4 R: g7g4 e2g4 | chaser takes ['r'] loses ['R'] | points +0 | book: even"),
      C("g4e4 e9f9 e4g4 --checks 3", "none")])
case('24.8/check-then-follow-protected-horse', ['24.8', '24.7', '24.1', '24.13', '25.2'],
     '车将军后退回盯住有根马：跟属于闲，一将一闲对两闲，作和',
     'Kd0 Rg4 Be2 ke9 ng7 nh9', 'g4e4 e9f9 e4g4 f9e9', '将 闲 跟 闲', 'draw',
     '24.8 (…跟，均属于"闲"范畴) decides the verdict. As 24.8/check-then-offer-rooks, with a black '
     'horse on g7 instead of the rook, protected by the horse on h9 (leg h8). g4e4 checks (将); the '
     'king steps to f9 (闲). e4g4 puts the rook on the horse\'s file (g5, g6 empty): taking it loses '
     'the rook to the recapture (horse for rook, a loss), so it is no 捉 but watching a protected '
     'piece without attacking anything: 跟 (24.7). f9e9 (闲). Red\'s cycle is 一将一跟 = 一将一闲 '
     '(24.8), not forbidden (24.13): both allowed, draw (25.2). Search: the rook\'s capture of the '
     'horse loses; red has no mate by checks.',
     ["ply 1 w g4e4: answers-check no | check yes | mate before no after - | wins before [] after -",
      "ply 2 b e9f9: answers-check yes | check no | mate before no after no | wins before [] after []",
      "ply 3 w e4g4: answers-check no | check no | mate before no after no | wins before [] after [] | loses-first after []",
      "ply 4 b f9e9: answers-check no | check no | mate before no after no | wins before [] after []"],
     [X("g4e4 e9f9 e4g4", "chaser g4g7 n: g4g7 h9g7 | chaser takes ['n'] loses ['R'] | points -5 | book: loss"),
      C("g4e4 e9f9 e4g4 --checks 3", "none")])


def main():
    qigui = sys.argv[1] if len(sys.argv) > 1 else "target/release/qigui"
    only = sys.argv[2] if len(sys.argv) > 2 else None
    base.write_cases(OUT, [
        "More composed boards for the clauses of article 24 and 26.1-26.11 that",
        "had fewer than three passing composed boards (24.10, 26.9.4, 24.8 where",
        "its own words decide): positions of our own, each a repetition cycle whose labels",
        "and verdict follow from the clause's words, with the reasoning in its",
        "note, verified by independent searches over Fairy-Stockfish's move",
        "generator (tools/difftest/cycle_facts.py, exchange_check.py,",
        "checks_win.py; the runs and what they must print are in",
        "tools/authoring/composed_cases_d.py, which writes this file and refuses",
        "to when one disagrees). A case qigui does not reproduce is skipped with",
        "the exact divergence as its reason. tests/composed_count.rs counts the",
        "passing boards per clause.",
    ], CASES, base.verify_cycle, base.cycle_checks_text, qigui, only)


if __name__ == "__main__":
    main()
