#!/usr/bin/env python3
"""More composed and independently verified boards for 24.10-24.18, 26.1,
26.1.1, 26.1.2 and 26.2 of the 2020 Xiangqi rules (issue 24, item 3: at
least three boards per clause beyond 24-26-clauses.yaml).

Writes cases/xiangqi-2020/24-26-composed-b.yaml, in the manner of
tools/authoring/composed_cases.py: each case is a small position of our own
(pieces as `<letter><square>`, red upper case, ICCS squares; no figure's
position), one period of a repetition cycle that returns to its start, the
labels and verdict the clause's words give, and the reasoning in the note —
which words decide, and what the search found. Every case names the runs of
the independent searches that bear it out: tools/difftest/cycle_facts.py
(for every move: check, answering a check, mate by checks before and after,
captures that gain, the opponent's captures after it) and, where an exchange
needs spelling out, tools/difftest/exchange_check.py. Both are plain searches
over Fairy-Stockfish's move generator (pyffish) that share no code with
qigui; this script runs them and refuses to write the file when a line they
must print is missing. Legality of positions and cycles is checked by
tools/authoring/clause_cases.py's move generator.

qigui is run only to record where it diverges (the case is then skipped with
the divergence as its reason).

Usage: python3 tools/authoring/composed_cases_b.py [path to the qigui binary]
(needs pyffish: pip install pyffish, or tools/adapters/setup.sh)
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import clause_cases as cc  # noqa: E402
import composed_cases as base  # noqa: E402

OUT = "cases/xiangqi-2020/24-26-composed-b.yaml"

CASES = []


def case(cid, clauses, desc, pieces, moves, labels, verdict, note, facts, extra=(), turn="w", key_points=()):
    """`facts`: lines (substrings) tools/difftest/cycle_facts.py must print
    for the cycle; `extra`: (tool, args after the FEN, expected) runs."""
    CASES.append(dict(cid=cid, clauses=clauses, desc=desc, pieces=cc.P(pieces),
                      moves=moves.split(), labels=labels.split(), verdict=verdict,
                      note=note, facts=list(facts), extra=list(extra), turn=turn,
                      optional=False, key_points=list(key_points)))


def X(args, expect):
    """An exchange_check.py run (after the FEN) and a line it must print."""
    return ("exchange_check.py", args.split(), expect)


def W(ply, side, mv, before=(), after=(), check="no", answers="no", mate=("no", "no")):
    """The line cycle_facts.py prints for one ply, up to its captures."""
    if check == "yes":
        return (f"ply {ply} {side} {mv}: answers-check {answers} | check yes"
                f" | mate before {mate[0]} after - | wins before {list(before)} after -")
    return (f"ply {ply} {side} {mv}: answers-check {answers} | check {check}"
            f" | mate before {mate[0]} after {mate[1]} | wins before {list(before)} after {list(after)}")


# ---------- 24.11 长捉
case('24.11/horse-chases-cannon', ['24.11', '24.3', '24.15', '25.3'],
     '马跳来跳去追无根炮：长捉，红方变着',
     'Kd0 Nd4 ke9 cc7', 'd4b5 c7c6 b5d4 c6c7', '捉 闲 捉 闲', 'red_must_change',
     '24.11 (凡走子连续追捉一子…而形成循环达三次者，称为"长捉"): d4b5 (leg c4) makes the horse '
     'attack the cannon on c7 (leg b6), which nothing protects: 捉. The cannon steps to c6, out of '
     'reach of b5, and attacks nothing (闲); b5d4 (leg c5) attacks it on c6 again (leg d5): 捉; '
     'c6c7 escapes again (闲). Every red move creates a capture of the same piece that did not '
     'stand before it: 长捉 of an unprotected piece, forbidden (24.13), against black\'s two idle '
     'moves: red must change (25.3). Search: after each red move (null move) the horse\'s capture '
     'gains; before it, nothing does.',
     ["ply 1 w d4b5: answers-check no | check no | mate before no after no | wins before [] after ['b5c7 c gain']",
      "ply 3 w b5d4: answers-check no | check no | mate before no after no | wins before [] after ['d4c6 c gain']",
      "ply 2 b c7c6: answers-check no | check no | mate before no after no | wins before [] after []",
      "ply 4 b c6c7: answers-check no | check no | mate before no after no | wins before [] after []"])
case('24.11/horse-chases-protected-rook', ['24.11', '24.3', '26.6', '26.9.1', '25.3'],
     '马追有根车：马换车为得子，仍为长捉车，红方变着',
     'Kd0 Ad2 Ae1 Nd4 ke9 rc7 cc9 nc8', 'd4b5 c7c6 b5d4 c6c7', '捉 闲 捉 闲', 'red_must_change',
     '24.11 with a protected target: the black rook on c7 (and on c6) is protected by the cannon '
     'on c9 over the horse on c8, yet a horse taken back for a rook is still a gain (26.6: 一个或数个'
     '弱子换任一强子均为得子; 1.2: the rook is worth two strong pieces), so each horse move that '
     'attacks it is 捉: d4b5 attacks c7 (leg b6), b5d4 attacks c6 (leg d5). The rook\'s steps '
     'c7c6 and c6c7 attack nothing (the red king on d0 is behind its advisors; the c-file is '
     'empty below) (闲). 长捉车 is forbidden (24.13, 26.9.1); black\'s moves are idle: red '
     'must change (25.3).',
     ["ply 1 w d4b5: answers-check no | check no | mate before no after no | wins before [] after ['b5c7 r gain']",
      "ply 3 w b5d4: answers-check no | check no | mate before no after no | wins before [] after ['d4c6 r gain']",
      "ply 2 b c7c6: answers-check no | check no | mate before no after no | wins before [] after []",
      "ply 4 b c6c7: answers-check no | check no | mate before no after no | wins before [] after []"],
     [X('d4b5 --capture b5c7', "chaser b5c7 r: b5c7 c9c7 | chaser takes ['r'] loses ['N'] | points +5 | book: gain")])
case('24.11/rook-chases-crossed-pawn', ['24.11', '24.3', '26.7', '25.3'],
     '车左右追过河卒：长捉，红方变着',
     'Kf0 Rd1 ke9 pc4', 'd1c1 c4d4 c1d1 d4c4', '捉 闲 捉 闲', 'red_must_change',
     '24.11 with a crossed pawn as the chased piece: the black pawn on c4 has crossed the river, '
     'so taking it is a gain (26.7 excludes only 未过河的兵(卒) and a pawn that has just crossed). '
     'd1c1 attacks it along the c-file (c2, c3 empty): 捉; the pawn steps sideways to d4 (闲: it '
     'attacks d3, c4 and e4, all empty); c1d1 attacks it again on the d-file: 捉; d4c4 (闲). 长捉 '
     'of one piece (24.11), forbidden (24.13), against two idle moves: red must change (25.3).',
     ["ply 1 w d1c1: answers-check no | check no | mate before no after no | wins before [] after ['c1c4 p gain']",
      "ply 3 w c1d1: answers-check no | check no | mate before no after no | wins before [] after ['d1d4 p gain']",
      "ply 2 b c4d4: answers-check no | check no | mate before no after no | wins before [] after []"])

# ---------- 24.12 长兑
case('24.12/cannon-keeps-offering', ['24.12', '24.4', '24.14', '25.2'],
     '炮跟着对方炮连续邀兑：长兑，允许着法，作和',
     'Kd0 Cb2 Rg2 Pc3 Pb5 ke9 cc7 rh7', 'b2c2 c7b7 c2b2 b7c7', '兑 闲 兑 闲', 'draw',
     '24.12 (凡走子连续不停邀兑达三次者，称为"长兑"): b2c2 puts the red cannon on the black '
     'cannon\'s file, the pawn on c3 the screen of both (c4-c6 empty): each can take the other. '
     'The red cannon is protected along rank 2 by the rook on g2, the black one along rank 7 by '
     'the rook on h7, so either capture is cannon for cannon with a recapture, no gain: 兑 '
     '(24.4). The black cannon steps to b7 and attacks nothing (b6 empty, the crossed pawn on b5 '
     'a screen with nothing behind it) (闲); c2b2 offers again on the b-file over the pawn on b5: '
     '兑; b7c7 (闲). 长兑 is not among the forbidden moves of 24.13, so both sides play allowed '
     'moves (24.14): draw (25.2). Search: after each red move black\'s capture is even for red, '
     'and red has no gaining capture.',
     ["ply 1 w b2c2: answers-check no | check no | mate before no after no | wins before [] after [] | loses-first after ['c7c2 C even']",
      "ply 3 w c2b2: answers-check no | check no | mate before no after no | wins before [] after [] | loses-first after ['b7b2 C even']",
      "ply 2 b c7b7: answers-check no | check no | mate before no after no | wins before [] after [] | loses-first after []",
      "ply 4 b b7c7: answers-check no | check no | mate before no after no | wins before [] after [] | loses-first after []"],
     [X('b2c2 --capture c2c7', "chaser c2c7 c: c2c7 h7c7 | chaser takes ['c'] loses ['C'] | points +0 | book: even")])
case('24.12/horse-follows-a-fleeing-horse', ['24.12', '24.4', '24.14', '25.2'],
     '马跟着对方逃开的马连续邀兑：长兑，作和',
     'Kf0 Ae1 Af2 Rb0 Rd0 Nd4 ke9 ad9 rc9 ng7 nc7', 'd4b5 c7e6 b5d4 e6c7', '兑 闲 兑 闲', 'draw',
     '24.12 with horses: d4b5 (leg c4) brings the horse into contact with the black horse on c7 '
     '(legs b6 and c6 empty: each can take the other). The red horse is protected by the rook '
     'on b0, the black one by the rook on c9: horse for horse, no gain either way: 兑 (24.4). '
     'The black horse jumps to e6 (leg d7), out of b5\'s reach, and attacks nothing red (闲); '
     'b5d4 (leg c5) meets it again (legs d5 and e5 empty), the red horse protected by the rook on '
     'd0 and the black one by the horse on g7 (leg f7): 兑; e6c7 (闲). The rook on d0 then sees '
     'the advisor on d9, which the king protects (a rook for an advisor, no gain). 长兑 is '
     'allowed (24.13, 24.14): draw (25.2).',
     ["ply 1 w d4b5: answers-check no | check no | mate before no after no | wins before [] after [] | loses-first after ['c7b5 N even']",
      "ply 3 w b5d4: answers-check no | check no | mate before no after no | wins before [] after [] | loses-first after ['e6d4 N even']",
      "ply 2 b c7e6: answers-check no | check no | mate before no after no | wins before [] after []",
      "ply 4 b e6c7: answers-check no | check no | mate before no after no | wins before [] after []"])
case('24.12/horse-offers-two-horses-in-turn', ['24.12', '24.4', '24.14', '25.2'],
     '马轮流向两个互保的马邀兑：长兑，作和',
     'Kf0 Ae1 Af2 Rb0 Rd0 Nd4 ke9 ad9 ne6 nc7 pi3', 'd4b5 i3h3 b5d4 h3i3', '兑 闲 兑 闲', 'draw',
     '24.12 ("连续不停邀兑", here of two pieces in turn): the black horses on c7 and e6 protect '
     'each other (legs d6 and d7). d4b5 leaves the contact with e6 and makes one with c7 (legs '
     'b6, c6 empty), the red horse protected by the rook on b0: 兑; b5d4 makes the contact with e6 '
     'again (legs d5, e5), protected by the rook on d0: 兑. Each capture is horse for horse with '
     'a recapture. The black pawn moves on rank 3 attack nothing (闲). 长兑 is allowed (24.14): '
     'draw (25.2).',
     ["ply 1 w d4b5: answers-check no | check no | mate before no after no | wins before [] after [] | loses-first after ['c7b5 N even']",
      "ply 3 w b5d4: answers-check no | check no | mate before no after no | wins before [] after [] | loses-first after ['e6d4 N even']"])

# ---------- 24.15 有根子、无根子、少根子
case('24.15/rook-and-horse-on-advisor-protected-cannon', ['24.15', '24.3'],
     '车已盯住有士保护的炮，马再加入：两子捉一根，少根子，判捉',
     'Kf0 Rd1 Na4 ke9 ae8 cd7 pi3', 'a4b6 i3h3 b6a4 h3i3', '捉 闲 闲 闲', 'draw',
     '24.15 (作为"根"的棋子少于对方"捉"的棋子…称为"少根子"): the black cannon on d7 has one '
     'protector, the advisor on e8. The rook on d1 alone attacks it (d2-d6 empty), but d1xd7 '
     'e8xd7 gives a rook for a cannon: a 有根子, no chase. a4b6 (leg a5) adds the horse (leg c6): '
     'two attackers against one protector. b6xd7 e8xd7 d1xd7 wins the cannon and the advisor for '
     'the horse: a gain, 捉. b6a4 takes the second attacker away (闲); the black pawn moves on '
     'rank 3 are 闲. 一捉一闲 and 两闲: draw. Search: after a4b6 (null move) b6xd7 gains; before, '
     'nothing gains (and after b6a4 nothing does).',
     ["ply 1 w a4b6: answers-check no | check no | mate before no after no | wins before [] after ['b6d7 c gain']",
      "ply 3 w b6a4: answers-check no | check no | mate before no after no | wins before ['b6d7 c gain'] after []"],
     [X('a4b6 --capture b6d7', "chaser b6d7 c: b6d7 e8d7 d1d7 | chaser takes ['c', 'a'] loses ['N'] | points +2 | book: gain"),
      X('--capture d1d7', "chaser d1d7 c: d1d7 e8d7 | chaser takes ['c'] loses ['R'] | points -5 | book: loss")])
case('24.15/second-horse-against-one-root', ['24.15', '24.3'],
     '两马捉只有一马保护的炮：少根子，判捉',
     'Kd0 Na5 Nf3 ke9 ne7 cc6 pi3', 'f3e5 i3h3 e5f3 h3i3', '捉 闲 闲 闲', 'draw',
     '24.15: the black cannon on c6 is protected by the horse on e7 (leg d7) and attacked by the '
     'red horse on a5 (leg b5): a5xc6 e7xc6 is horse for cannon, even, so it is a 有根子 while '
     'one horse attacks it. f3e5 (leg f4) brings the second horse onto it (leg d5): two attackers, '
     'one protector, and the exchange a5xc6 e7xc6 e5xc6 (or e5 first) wins a cannon and a horse for '
     'a horse: 少根子, 捉. e5f3 (闲); the black pawn moves are 闲. Draw.',
     ["ply 1 w f3e5: answers-check no | check no | mate before no after no | wins before [] after ['a5c6 c gain', 'e5c6 c gain']",
      "ply 3 w e5f3: answers-check no | check no | mate before no after no | wins before ['a5c6 c gain', 'e5c6 c gain'] after []"],
     [X('--capture a5c6', "chaser a5c6 c: a5c6 e7c6 | chaser takes ['c'] loses ['N'] | points +0 | book: even")])
case('24.15/two-roots-against-two-horses', ['24.15', '24.7'],
     '两马对两根：炮为有根子，马盯有根子为跟',
     'Kd0 Na5 Nf3 ke9 ne7 rc9 cc6 pi3', 'f3e5 i3h3 e5f3 h3i3', '跟 闲 闲 闲', 'draw',
     '24.15 (凡有己方其他棋子…充分保护的棋子，称为"有根子"): as in '
     '24.15/second-horse-against-one-root, but the rook on c9 protects the cannon too (c7, c8 '
     'empty): two protectors against two attackers. After f3e5 the full exchange a5xc6 e7xc6 e5xc6 '
     'c9xc6 gives two horses for a cannon and a horse: even, no gain, so the cannon is adequately '
     'protected and the move is no chase; the horse watches a protected piece and attacks nothing '
     'else: 跟 (24.7). e5f3 (闲); the black pawn moves are 闲. Draw. Search: no capture gains after '
     'f3e5.',
     ["ply 1 w f3e5: answers-check no | check no | mate before no after no | wins before [] after [] | loses-first after []",
      "ply 3 w e5f3: answers-check no | check no | mate before no after no | wins before [] after []"],
     [X('f3e5 --capture e5c6', "book: even")])

# ---------- 24.16 假根
case('24.16/advisor-between-the-kings', ['24.16', '24.15', '24.3'],
     '士是将帅之间唯一的子，离线反吃即成将帅对面：假根，车捉马',
     'Ke0 Rb1 ke9 ae8 bc9 nd7 pi3', 'b1d1 i3h3 d1b1 h3i3', '捉 闲 闲 闲', 'draw',
     '24.16 (形式上是根，实际根本不能离线反吃，否则反吃的第一步即形成"自杀"…假根子按无根子处理): '
     'the advisor on e8 stands next to the horse on d7 and would take back on d7, but it is the '
     'only piece between the two kings on the e-file: e8xd7 would leave them facing, which is '
     'not a legal move. So the horse counts as unprotected, and b1d1, which makes the rook attack '
     'it (d2-d6 empty), is 捉 (24.3). d1b1 attacks nothing (the elephant on c9 shuts rank 9) '
     '(闲); the black pawn moves are 闲. Draw. Search (legal moves only, so the advisor\'s '
     'recapture is not among them): after b1d1 the rook\'s capture gains. (Without the elephant '
     'on c9, b1 would threaten b1b9 and the horse could be won by checks already before b1d1, '
     'where qigui answers 闲 because that gain stood before the move: a board where 24.3\'s '
     '"new" gain is open to reading, not used here.)',
     ["ply 1 w b1d1: answers-check no | check no | mate before no after no | wins before [] after ['d1d7 n gain']",
      "ply 3 w d1b1: answers-check no | check no | mate before no after no | wins before ['d1d7 n gain'] after []"],
     [X('b1d1 --capture d1d7', "chaser d1d7 n: d1d7 | chaser takes ['n'] loses [] | points +4 | book: gain")])
case('24.16/protector-between-cannon-and-king', ['24.16', '24.15', '24.3', '24.17'],
     '马是炮与将之间两子之一，离线反吃即被炮将军：假根，车捉炮',
     'Kd0 Ce1 Rh1 ke9 ae8 bg9 ne6 cg7 pa3', 'h1g1 a3b3 g1h1 b3a3', '捉 闲 闲 闲', 'draw',
     '24.16 with a cannon: the black horse on e6 protects the cannon on g7 (leg f7), but it is '
     'one of the two pieces (horse on e6, advisor on e8) between the red cannon on e1 and the black '
     'king on e9: if it left the e-file to take back, the advisor alone would be the screen and '
     'the red cannon would check — 反吃的第一步即形成"自杀", not a legal move. A false protector: '
     'the cannon on g7 counts as unprotected, and h1g1, which makes the rook attack it (g2-g6 '
     'empty), is 捉 (24.3). (qigui names 24.17 too: the red cannon takes part by pinning the '
     'protector.) g1h1 (闲); the black pawn moves on rank 3 are 闲. Draw.',
     ["ply 1 w h1g1: answers-check no | check no | mate before no after no | wins before [] after ['g1g7 c gain']",
      "ply 3 w g1h1: answers-check no | check no | mate before no after no | wins before ['g1g7 c gain'] after []"],
     [X('h1g1 --capture g1g7', "chaser g1g7 c: g1g7 | chaser takes ['c'] loses [] | points +4 | book: gain")])
case('24.16/horse-pinned-by-a-rook', ['24.16', '24.15', '24.3', '24.17'],
     '马被车牵在将前，不能离线反吃：假根，马捉炮',
     'Kd0 Rf1 Na3 kf9 ae8 nf7 cd6 pi3', 'a3c4 i3h3 c4a3 h3i3', '捉 闲 闲 闲', 'draw',
     '24.16 with a pin by a rook: the black horse on f7 would protect the cannon on d6 (leg e7), '
     'but the red rook on f1 pins it against its king on f9 (f2-f6 and f8 empty): leaving the '
     'f-file to take back exposes the king, 自杀. (The rook cannot profit from the pin itself: '
     'the advisor on e8 protects the horse.) So the cannon counts as unprotected, and a3c4 (leg '
     'b3), which makes the horse attack it (leg c5), is 捉. c4a3 (闲); the black pawn moves are '
     '闲. Draw. Search: after a3c4 the horse\'s capture gains, with no recapture.',
     ["ply 1 w a3c4: answers-check no | check no | mate before no after no | wins before [] after ['c4d6 c gain']",
      "ply 3 w c4a3: answers-check no | check no | mate before no after no | wins before ['c4d6 c gain'] after []"],
     [X('a3c4 --capture c4d6', "chaser c4d6 c: c4d6 | chaser takes ['c'] loses [] | points +4 | book: gain")])

# ---------- 24.17 联合捉子
case('24.17/pawn-becomes-the-screen', ['24.17', '24.3', '26.1.1'],
     '过河兵平移做炮架，炮兵联合捉无根马',
     'Kd0 Cc1 Pb5 ke9 nc8 pi3', 'b5c5 i3h3 c5b5 h3i3', '捉 闲 闲 闲', 'draw',
     '24.17 (凡一方用两个或两个以上棋子共同擒捉对方的棋子，缺少其中任何一个都无法吃子时，称为'
     '"联合捉子"): b5c5 puts the crossed pawn on the c-file between the cannon on c1 and the '
     'unprotected black horse on c8 (c2-c4 and c6-c7 empty). The cannon takes over the pawn; '
     'without the pawn it has no screen, and the pawn itself reaches only b5, d5 and c6: a '
     'combined chase, 捉 (24.3 与其他子联合吃子; 26.1.1 for the pawn\'s move: 与其他子配合同时产生'
     '"捉"，按"捉"处理). c5b5 takes the screen away (闲); the black pawn moves are 闲. Draw.',
     [W(1, 'w', 'b5c5', [], ['c1c8 n gain']), W(3, 'w', 'c5b5', ['c1c8 n gain'], [])])
case('24.17/front-cannon-screens-the-rear', ['24.17', '24.3'],
     '炮进到另一炮前做炮架，重炮联合捉无根马',
     'Kd0 Cc0 Ca2 ke9 nc8 pi3', 'a2c2 i3h3 c2a2 h3i3', '捉 闲 闲 闲', 'draw',
     '24.17: a2c2 puts one cannon in front of the other on the c-file. The rear cannon on c0 '
     'now takes the unprotected horse on c8 over the front one (c3-c7 empty); the front cannon '
     'has no screen between itself and c8, so it cannot take: each needs the other, 联合捉子, '
     '捉. c2a2 (闲); the black pawn moves are 闲. Draw.',
     [W(1, 'w', 'a2c2', [], ['c0c8 n gain']), W(3, 'w', 'c2a2', ['c0c8 n gain'], [])])
case('24.17/elephant-becomes-the-screen', ['24.17', '24.3'],
     '相飞到炮前做炮架，炮相联合捉无根马',
     'Kd0 Cc0 Ba2 ke9 nc8 pi3', 'a2c4 i3h3 c4a2 h3i3', '捉 闲 闲 闲', 'draw',
     '24.17 with a piece that can never take the target: a2c4 (eye b3) puts the elephant on the '
     'c-file in front of the cannon on c0, which now takes the unprotected horse on c8 over it '
     '(c1-c3, c5-c7 empty); the elephant cannot cross the river at all. 联合捉子, 捉. c4a2 (闲); '
     'the black pawn moves are 闲. Draw.',
     [W(1, 'w', 'a2c4', [], ['c0c8 n gain']), W(3, 'w', 'c4a2', ['c0c8 n gain'], [])])

# ---------- 26.1 帅（将）、兵（卒）本身允许长捉
case('26.1/king-follows-a-fleeing-cannon', ['26.1', '24.3', '24.11', '25.2'],
     '帅左右追逃跑的无根炮：帅本身允许长捉，判闲，作和',
     'Ke1 kf9 cd2', 'e1d1 d2e2 d1e1 e2d2', '闲 闲 闲 闲', 'draw',
     '26.1 (帅（将）、兵（卒）本身允许长捉): e1d1 puts the king next to the unprotected cannon on '
     'd2, which it could take; the cannon steps to e2 (no screen, it attacks nothing) and d1e1 '
     'attacks it again; e2d2 escapes again. By 24.3 and 24.11 alone red would be chasing one piece '
     'without a break (长捉, which 24.13 forbids); but the king itself is allowed to chase, and no '
     'other red piece takes part, so each king move is 闲. Both sides idle: draw (25.2). Search: '
     'after each king move (null move) the king\'s capture gains, before it nothing does.',
     [W(1, 'w', 'e1d1', [], ['d1d2 c gain']), W(3, 'w', 'd1e1', [], ['e1e2 c gain'])])
case('26.1/pawn-follows-a-fleeing-cannon', ['26.1', '24.3', '24.11', '25.2'],
     '过河兵左右追逃跑的无根炮：兵本身允许长捉，判闲，作和',
     'Kf0 Pc6 ke9 cd7', 'c6d6 d7c7 d6c6 c7d7', '闲 闲 闲 闲', 'draw',
     '26.1 with a pawn: c6d6 makes the crossed pawn attack the unprotected cannon on d7; the cannon '
     'steps to c7 (no screen: it attacks nothing), which d6 does not reach (a pawn takes forward '
     'and sideways only); d6c6 attacks it there; c7d7. Each pawn move creates a capture of the '
     'same fleeing piece — 长捉 by 24.11 — but the pawn itself is allowed to chase (兵本身允许长捉) '
     'and nothing else of red\'s takes part: 闲. Both sides idle: draw.',
     [W(1, 'w', 'c6d6', [], ['d6d7 c gain']), W(3, 'w', 'd6c6', [], ['c6c7 c gain'])])
case('26.1/king-chases-two-horses-in-turn', ['26.1', '24.3', '24.11', '25.2'],
     '帅左右平移轮流捉两个无根马：帅本身允许长捉，判闲',
     'Ke1 kf9 nd2 ne2', 'e1d1 f9f8 d1e1 f8f9', '闲 闲 闲 闲', 'draw',
     '26.1 (…本身允许长捉; 24.11: 追捉一子或数子): the black horses on d2 and e2 stand in front of '
     'the red king and do not protect each other (a horse never reaches the point next to it). '
     'On e1 the king attacks the horse on e2, on d1 the one on d2 (neither horse attacks d1 or '
     'e1); each king move makes a capture of a horse it did not attack before. The king\'s own '
     'chase is allowed: 闲. The black king\'s steps are 闲. Draw.',
     [W(1, 'w', 'e1d1', ['e1e2 n gain'], ['d1d2 n gain']), W(3, 'w', 'd1e1', ['d1d2 n gain'], ['e1e2 n gain'])])

# ---------- 26.1.1 帅（将）、兵（卒）与其他子配合
case('26.1.1/king-becomes-the-screen', ['26.1.1', '26.1', '24.17', '24.3'],
     '帅进一做炮架，炮帅配合捉无根马：按捉处理',
     'Ke0 Ca1 kd9 nh1', 'e0e1 d9d8 e1e0 d8d9', '捉 闲 闲 闲', 'draw',
     '26.1.1 (走动帅（将）、兵（卒）后与其他子配合同时产生"捉"…按"捉"处理): e0e1 puts the king on '
     'rank 1 between the cannon on a1 and the unprotected black horse on h1 (b1-d1, f1-g1 '
     'empty): the cannon now takes the horse over the king. The king itself cannot reach h1; the '
     'capture needs both (24.17). Not the king\'s own chase (26.1) but a chase made together with '
     'another piece: 捉. e1e0 (闲); the black king\'s steps are 闲. Draw. (The horse on h1 attacks '
     'f0, f2 and g3, never e0 or e1.)',
     [W(1, 'w', 'e0e1', [], ['a1h1 n gain']), W(3, 'w', 'e1e0', ['a1h1 n gain'], [])])
case('26.1.1/pawn-frees-the-horse-leg', ['26.1.1', '26.1', '24.3'],
     '兵平移让开马腿，马可吃无根炮：走动兵后其他子产生新的捉，按捉处理',
     'Kf0 Nc4 Pc5 ke9 cd6', 'c5b5 e9e8 b5c5 e8e9', '捉 闲 闲 闲', 'draw',
     '26.1.1 (…或走动后其他子产生新的"捉"，按"捉"处理): the crossed pawn on c5 stands on the leg of '
     'the horse on c4. c5b5 steps aside, and the horse can now take the unprotected cannon on d6: '
     'a new chase by another piece, 捉, although the piece moved is a pawn (the pawn on b5 attacks '
     'only b6, a5 and c5). b5c5 blocks the leg again (闲); the black king\'s steps are 闲. Draw.',
     [W(1, 'w', 'c5b5', [], ['c4d6 c gain']), W(3, 'w', 'b5c5', ['c4d6 c gain'], [])])
case('26.1.1/king-leaves-a-double-screen', ['26.1.1', '26.1', '24.3'],
     '帅退一离开横线，炮隔马打无根马：走动帅后其他子产生新的捉，按捉处理',
     'Ke1 Ca1 Nc1 kd9 nh1', 'e1e0 d9d8 e0e1 d8d9', '捉 闲 闲 闲', 'draw',
     '26.1.1 (走动帅后…其他子产生新的"捉"): with the horse on c1 and the king on e1 both between the '
     'cannon on a1 and the unprotected black horse on h1, the cannon has two pieces in its way '
     'and takes nothing. e1e0 leaves rank 1: one screen remains, and the cannon can take the horse. '
     'The king\'s move makes another piece\'s chase: 捉, not the king\'s own (26.1). e0e1 (闲); the '
     'black king\'s steps are 闲. Draw.',
     [W(1, 'w', 'e1e0', [], ['a1h1 n gain']), W(3, 'w', 'e0e1', ['a1h1 n gain'], [])])

# ---------- 26.1.2 应将而产生的捉、杀
case('26.1.2/king-answers-check-next-to-a-horse', ['26.1.2', '24.1', '24.3'],
     '车离开横线将军，马失根；将上一步应将后可吃马：走动将应将产生的捉，按闲处理',
     'Kf0 Ra8 Nd8 ke9', 'a8a9 e9e8 a9a8 e8e9', '将 闲 闲 闲', 'draw',
     '26.1.2 (走动帅(将)应将而产生的"捉"…按"闲"处理): the rook on a8 protects the horse on d8 along '
     'rank 8. a8a9 checks the king on e9 along rank 9 (b9-d9 empty): 将; the horse is left '
     'unprotected. The king answers e9e8, and on e8 it could take the horse (d8 is in the palace '
     'and nothing red reaches it): a chase the king\'s answer to a check produces, which counts '
     'as 闲. a9a8 protects the horse again and, the horse standing between, gives no check (闲); '
     'e8e9 (闲). Red 一将一闲, black 两闲: draw. Search: ply 2 answers a check, and after it the '
     'king\'s capture of the horse gains.',
     [W(1, 'w', 'a8a9', check='yes'), W(2, 'b', 'e9e8', [], ['e8d8 N gain'], answers='yes'),
      W(3, 'w', 'a9a8', [], [])])
case('26.1.2/advisor-block-becomes-a-screen', ['26.1.2', '24.1', '24.3', '24.17'],
     '士垫将成为炮架，炮可吃无根马：走动其他子应将后产生新的捉，按捉处理',
     'Kd0 Rb1 Nh8 ke9 ad9 bc9 ca8', 'b1e1 d9e8 e1b1 e8d9', '将 捉 闲 闲', 'draw',
     '26.1.2 (走动其他子应将后产生新的"捉"…按"捉"处理): b1e1 checks the king on e9 up the e-file '
     '(e2-e8 empty): 将. Black blocks with the advisor, d9e8, and the advisor on e8 becomes the '
     'screen of the cannon on a8, which now takes the unprotected red horse on h8 (b8-d8 and f8-g8 '
     'empty). Before the check the cannon had no screen: a new chase made by a piece other than '
     'the king answering a check, 捉. e1b1 (闲: the elephant on c9 shuts rank 9, so the rook on '
     'b1 has no check to win anything with); e8d9 takes the screen away (闲). Red 一将一闲, black '
     '一捉一闲: both allowed, draw. Search: ply 2 answers a check and after it the cannon\'s '
     'capture gains; after e1b1 red wins nothing by up to two checks.',
     [W(1, 'w', 'b1e1', check='yes'), W(2, 'b', 'd9e8', [], ['a8h8 N gain'], answers='yes'),
      W(3, 'w', 'e1b1', [], [])],
     [("checks_win.py", "b1e1 d9e8 e1b1 --checks 2".split(), "none")])
case('26.1.2/king-answer-pins-a-protector', ['26.1.2', '24.1', '24.16', '24.3'],
     '将平中应将，使红马成为将帅之间的唯一子而不能反吃，车可吃炮：走动将应将产生的捉，按闲处理',
     'Ke0 Rb1 Ne3 Cc4 kd9 rc9', 'b1d1 d9e9 d1b1 e9d9', '将 闲 闲 闲', 'draw',
     '26.1.2 with a chase by another piece: the red horse on e3 protects the cannon on c4 (leg d3) '
     'against the black rook on c9 (c5-c8 empty). b1d1 checks the king on d9 up the d-file: 将. '
     'The king answers d9e9, onto the e-file, where the horse is now the only piece between the '
     'two kings: it can no longer take back on c4 (假根, 24.16), and the rook can take the cannon '
     'for nothing. That chase is produced by the king\'s answer to a check, so the move is 闲 '
     '(26.1.2: 走动帅(将)应将而产生的"捉"…按"闲"处理). d1b1 (闲); e9d9 (闲). Red 一将一闲, black 两闲: '
     'draw. Search: ply 2 answers a check, and after it c9xc4 gains; before it, it did not.',
     [W(1, 'w', 'b1d1', check='yes'), W(2, 'b', 'd9e9', [], ['c9c4 C gain'], answers='yes'),
      W(4, 'b', 'e9d9', ['c9c4 C gain'], [])])

# ---------- 24.13 禁止着法
case('24.13/mate-threat-then-chase', ['24.13', '24.2', '24.3', '25.3'],
     '车一杀一捉：禁止着法，红方变着',
     'Ke0 Rb4 Pb6 kd9 cd8 nb5', 'b4a4 d8e8 a4b4 e8d8', '杀 闲 捉 闲', 'red_must_change',
     '24.13 (凡单方面走出…一杀一捉等循环重复的攻击性着法，统称为"禁止着法"): the black king on d9 '
     'has no flight (d8 its own cannon, e9 facing the red king on the open e-file). b4a4 opens '
     'the a-file: a4a9 next would be mate (nothing black reaches b9 or c9): 杀 (24.2). The cannon '
     'answers d8e8, freeing d8 and shutting the e-file (闲). a4b4 puts the rook behind its own '
     'pawn on b6 (no threat on the b-file) and next to the unprotected horse on b5, which a4 did '
     'not attack: 捉 (24.3). e8d8 (闲). Red 一杀一捉, a forbidden move (24.13); black 两闲: red '
     'must change (25.3). Search: after b4a4 red mates by checks (null move), after d8e8 it does '
     'not; after a4b4 the capture of the horse gains.',
     [W(1, 'w', 'b4a4', ['b4b5 n gain'], [], mate=('no', 'yes')), W(2, 'b', 'd8e8', [], []),
      W(3, 'w', 'a4b4', [], ['b4b5 n gain'])])
case('24.13/mate-threat-then-check', ['24.13', '24.1', '24.2', '25.3'],
     '车一杀一将：禁止着法，红方变着',
     'Ke0 Rd4 kd9 cd8', 'd4a4 d8e8 a4d4 e8d8', '杀 闲 将 闲', 'red_must_change',
     '24.13 (…一将一杀…统称为"禁止着法"): as in 24.13/mate-threat-then-chase the black king on d9 '
     'has no flight. d4a4 threatens a4a9 mate (杀; on d4 the rook only faced the cannon, which '
     'the king protects). The cannon frees d8 and shuts the e-file, d8e8 (闲). a4d4 checks up the '
     'open d-file (将). The cannon blocks on d8, e8d8 — an answer to a check that makes nothing '
     'new (闲). Red 一杀一将 is forbidden (24.13): red must change (25.3). Search: after d4a4 red '
     'mates by checks (null move), before it not; a4d4 checks.',
     [W(1, 'w', 'd4a4', [], [], mate=('no', 'yes')), W(3, 'w', 'a4d4', check='yes'),
      W(4, 'b', 'e8d8', [], [], answers='yes')])
case('24.13/horse-check-then-chase', ['24.13', '24.1', '24.3', '25.3'],
     '马一将一捉：禁止着法，红方变着',
     'Kd0 Nh6 ke9 cf5', 'h6g8 e9e8 g8h6 e8e9', '将 闲 捉 闲', 'red_must_change',
     '24.13 (…一将一捉…): h6g8 (leg h7) checks the king on e9 (leg f8): 将. The king steps to e8 '
     '(闲). g8h6 attacks the unprotected cannon on f5 (leg g6), which g8 did not: 捉. e8e9 (闲). '
     'Red 一将一捉 is forbidden: red must change (25.3). (h6 attacked the cannon before the cycle '
     'too; what counts is that the move g8h6 makes the capture, which did not stand on g8.)',
     [W(1, 'w', 'h6g8', ['h6f5 c gain'], check='yes'), W(3, 'w', 'g8h6', [], ['h6f5 c gain'])])

# ---------- 24.14 允许着法
case('24.14/rook-keeps-following', ['24.14', '24.7', '24.12', '25.2'],
     '车跟着有根炮左右移动：长跟，允许着法，作和',
     'Kd0 Rg2 ke9 ne8 cc7', 'g2c2 c7g7 c2g2 g7c7', '跟 闲 跟 闲', 'draw',
     '24.14 (禁止着法以外的均为"允许着法"), with 24.12\'s 长跟: the black horse on e8 protects '
     'the cannon both on c7 (leg d8) and on g7 (leg f8). g2c2 puts the rook under the cannon on '
     'c7 (c3-c6 empty); c2xc7 e8xc7 loses a rook for a cannon, so the move watches a protected '
     'piece and attacks nothing: 跟 (24.7). The cannon moves along rank 7 to g7 (闲) and c2g2 '
     'follows it (跟); g7c7 (闲). 长跟 is not among the forbidden moves of 24.13: both sides play '
     'allowed moves, draw (25.2). Search: no red capture gains after either red move.',
     [W(1, 'w', 'g2c2', [], []), W(3, 'w', 'c2g2', [], [])],
     [X('g2c2 --capture c2c7', "chaser c2c7 c: c2c7 e8c7 | chaser takes ['c'] loses ['R'] | points -5 | book: loss")])
case('24.14/follow-and-offer', ['24.14', '24.7', '24.4', '25.2'],
     '马一跟一兑：均属闲，允许着法，作和',
     'Kf0 Ae1 Af2 Rd0 Nd4 ke9 ad9 ne6 ng7 cc7 pi3', 'd4b5 i3h3 b5d4 h3i3', '跟 闲 兑 闲', 'draw',
     '24.14: d4b5 attacks the cannon on c7 (leg b6), which the horse on e6 protects (leg d7): '
     'b5xc7 e6xc7 is horse for cannon, even, no gain: the horse watches a protected piece, 跟 '
     '(24.7). b5d4 (leg c5) meets the horse on e6 (legs d5, e5), the red horse protected by the '
     'rook on d0 and the black one by the horse on g7 (leg f7): 兑 (24.4). (With the horse on b5 '
     'the rook on d0 sees the advisor on d9, which the king protects: no gain.) 兑 and 跟 are kinds '
     'of 闲 (24.8), so red\'s cycle is allowed (24.14), as are the black pawn\'s idle moves: draw.',
     [W(1, 'w', 'd4b5', [], []), W(3, 'w', 'b5d4', [], [])],
     [X('d4b5 --capture b5c7', "book: even")])
case('24.14/check-and-follow', ['24.14', '24.1', '24.7', '25.2'],
     '车一将一跟：允许着法，作和',
     'Kd0 Rb2 ke9 nc9 cb7', 'b2e2 e9f9 e2b2 f9e9', '将 闲 跟 闲', 'draw',
     '24.14: b2e2 checks the king on e9 up the e-file (e3-e8 empty): 将. The king steps to f9 (闲; '
     'd9 would face the red king). e2b2 returns under the cannon on b7 (b3-b6 empty), which the '
     'horse on c9 protects (leg c8): a rook for a cannon is a loss, so the rook watches a protected '
     'piece: 跟 (24.7). f9e9 (闲). 一将一跟 is not among 24.13\'s forbidden combinations (一将一捉 '
     'would be): allowed, draw (25.2).',
     [W(1, 'w', 'b2e2', check='yes'), W(3, 'w', 'e2b2', [], [])],
     [X('b2e2 e9f9 e2b2 --capture b2b7', "chaser b2b7 c: b2b7 c9b7 | chaser takes ['c'] loses ['R'] | points -5 | book: loss")])

# ---------- 26.2 守和方只有一个进攻子
case('26.2/lone-rook-returns-to-the-centre-file', ['26.2', '24.3', '24.8'],
     '守和方单车回中路要点，附带捉无根象：按闲处理',
     'Kf0 Ad0 Ae1 Bc0 Bg0 Ra4 ke9 be7 ri9 nh9 pi3', 'a4e4 i3h3 e4a4 h3i3', '闲 闲 闲 闲', 'draw',
     '26.2 (守和方只有一个进攻子时，占据守和要点，附带产生的捉士象按"闲"处理): red, against a black '
     'rook, horse and pawn, has one attacking piece, the rook (advisors and elephants do not '
     'attack). e4 is named a defensive key point (input.key_points; whether it is one is the '
     'referee\'s call, 26.2 does not define it). a4e4 occupies it, and from there the rook attacks '
     'the unprotected elephant on e7 (e5, e6 empty) — by 24.3 a chase, but one that comes with '
     'occupying the key point and is of an elephant: 闲. e4a4 (闲); the black pawn moves are 闲. '
     'Draw. Search: after a4e4 the rook\'s capture of the elephant gains.',
     [W(1, 'w', 'a4e4', [], ['e4e7 b gain']), W(3, 'w', 'e4a4', ['e4e7 b gain'], [])],
     key_points=['e4'])
case('26.2/lone-horse-on-the-key-point-attacks-an-advisor', ['26.2', '24.3', '24.8'],
     '守和方单马占据要点，附带捉无根士：按闲处理',
     'Kd0 Ae1 Af2 Bc0 Bg0 Nc4 kf9 ad7 ra9 nb9 pi3', 'c4e5 i3h3 e5c4 h3i3', '闲 闲 闲 闲', 'draw',
     '26.2 with a horse: red\'s only attacking piece is the horse (black has a rook, a horse and a '
     'pawn). c4e5 (leg d4) puts it on e5, named a defensive key point, where it attacks the '
     'unprotected advisor on d7 (leg e6; the king on f9 does not reach d7): a chase of an advisor '
     'that comes with occupying the key point, 闲 (26.2). e5c4 (闲); the black pawn moves are 闲. '
     'Draw.',
     [W(1, 'w', 'c4e5', [], ['e5d7 a gain']), W(3, 'w', 'e5c4', ['e5d7 a gain'], [])],
     key_points=['e5'])
case('26.2/key-point-chase-of-a-horse-stays-a-chase', ['26.2', '24.3'],
     '守和方单车占据要点而捉的是马：26.2只及士象，仍判捉',
     'Kf0 Ad0 Ae1 Bc0 Bg0 Ra4 ke9 ne7 ri9 nh9 pi3', 'a4e4 i3h3 e4a4 h3i3', '捉 闲 闲 闲', 'draw',
     'The board of 26.2/lone-rook-returns-to-the-centre-file with a black horse on e7 in place of '
     'the elephant. 26.2 makes idle only 附带产生的捉士象 — the chase of an advisor or elephant; '
     'the rook on the key point e4 now attacks an unprotected horse, which is an ordinary chase: '
     '捉 (24.3). e4a4 (闲); the black pawn moves are 闲. 一捉一闲 is allowed: draw.',
     [W(1, 'w', 'a4e4', [], ['e4e7 n gain']), W(3, 'w', 'e4a4', ['e4e7 n gain'], [])],
     key_points=['e4'])

# ---------- 24.18 自毙
case('24.18/rook-leaves-a-double-screen-to-check', ['24.18', '26.3', '24.1', '24.7'],
     '车离开中线将军，黑炮隔兵控制帅门，黑车有平车杀着：红方自毙，黑方垫士判闲',
     'Kf0 Re5 Pe3 kd8 ae8 ce7 bg9 ra4', 'e5d5 e8d7 d5e5 d7e8', '将 闲 跟 闲', 'draw',
     '24.18 (甲方"将军"乙方，以致形成己方的被杀状态，如乙方用除帅（将）以外其他子"应将"的着法不属将、杀'
     '或捉，则甲方"将军"这着棋称为"自毙"): the red rook on e5 and the pawn on e3 are two screens '
     'between the black cannon on e7 and e0, so the red king on f0 may step to e0. e5d5 checks '
     'the king on d8 (d6, d7 empty): 将 — and leaves one screen, so the cannon now covers e0, and '
     'black threatens a4f4+ (b4-e4 empty): the king can go neither to e0 nor f1, and nothing red '
     'reaches f1-f3 or f4: mate. Red\'s check put red itself in a mated state. Black answers with '
     'a piece other than the king, the advisor blocking on d7 (protected by the king, so not 献), '
     'and that answer is neither 将 nor 捉; the mate threat after it is red\'s own doing (26.3: '
     '应由己方负责，不得视为另一方造成): 闲, and red\'s check is 自毙. d5e5 restores the double '
     'screen and watches the cannon on e7, which the elephant on g9 protects (eye f8): 跟 (24.7). '
     'd7e8 (闲). Red 一将一跟, black 两闲: draw. Search: after black\'s answer (null move) '
     'black mates by checks; at the start (after d7e8, null move) it does not.',
     [W(1, 'w', 'e5d5', check='yes'), W(2, 'b', 'e8d7', [], [], answers='yes', mate=('no', 'yes')),
      W(3, 'w', 'd5e5', [], []), W(4, 'b', 'd7e8', [], [])])
case('24.18/horse-leaves-a-double-screen-to-check', ['24.18', '26.3', '24.1'],
     '马离开中线将军，黑车有平车杀着：红方自毙，黑马垫马腿判闲',
     'Kf0 Ne5 Pe3 kd8 ce7 bg9 ra4 na8', 'e5c6 a8c7 c6e5 c7a8', '将 闲 闲 闲', 'draw',
     '24.18 with a horse: the red horse on e5 and the pawn on e3 screen e0 from the black cannon on '
     'e7. e5c6 (leg d5) checks the king on d8 (leg c7): 将, and leaves the pawn the only screen: '
     'the cannon covers e0 and a4f4+ would mate the king on f0 (the horse on c6 reaches none of '
     'f1-f4). Black answers with the horse, a8c7 (leg b8), blocking the check on its leg — not the '
     'king, and the move is neither 将 nor 捉 (the horse on c7 attacks nothing red): 闲; red\'s '
     'check is 自毙, the mate threat red\'s own (26.3). c6e5 (leg d6) closes the e-file again '
     '(闲; the horse\'s attack on the cannon e7 from c6, horse for cannon with the elephant on g9 '
     'taking back, was no gain); c7a8 (闲). Red 一将一闲, black 两闲: draw.',
     [W(1, 'w', 'e5c6', check='yes'), W(2, 'b', 'a8c7', [], [], answers='yes', mate=('no', 'yes')),
      W(3, 'w', 'c6e5', [], []), W(4, 'b', 'c7a8', [], [])])
case('24.18/cannon-leaves-a-double-screen-to-check', ['24.18', '26.3', '24.1', '24.7'],
     '炮离开中线隔士将军，黑车有平车杀着：红方自毙，黑方撤士解将判闲',
     'Kf0 Ce5 Pe3 kd8 ad7 ce7 bg9 ra4', 'e5d5 d7e8 d5e5 e8d7', '将 闲 跟 闲', 'draw',
     '24.18 with a cannon, and an answer that removes the screen: e5d5 checks the king on d8 over '
     'the advisor on d7 (d6 empty): 将, and leaves the pawn on e3 the only screen between the black '
     'cannon on e7 and e0, so that a4f4+ would mate. Black answers by taking the screen away, '
     'd7e8 — the advisor, not the king — and that move is neither 将 nor 捉: 闲; red\'s check is '
     '自毙 (26.3). d5e5 restores the double screen; from e5 the cannon attacks the advisor on e8 '
     'over the cannon on e7, but the king on d8 protects it: 跟 (24.7). e8d7 (闲). Red 一将一跟, '
     'black 两闲: draw.',
     [W(1, 'w', 'e5d5', check='yes'), W(2, 'b', 'd7e8', [], [], answers='yes', mate=('no', 'yes')),
      W(3, 'w', 'd5e5', [], []), W(4, 'b', 'e8d7', [], [])])

# ---------- 24.10 长杀
case('24.10/cannon-threatens-the-file-twice', ['24.10', '24.2', '24.6', '24.13', '25.3'],
     '炮在两条横线上轮流伏杀（借兵作炮架沿肋道将死），黑炮轮流拦阻：长杀对长拦，红方变着',
     'Ke0 Pd7 Ca4 kd9 cb4', 'a4a3 b4b3 a3a4 b3b4', '杀 拦 杀 拦', 'red_must_change',
     '24.10 (凡走子连续不停杀着而形成循环达三次着，称为"长杀") with a cannon: the black king on d9 '
     'cannot move (d8 is covered by the red pawn on d7, e9 faces the red king on the open e-file, '
     'c9 is outside the palace), and the red pawn on d7 is a screen for a cannon on the d-file. '
     'On a4 the cannon\'s way to d4 is shut by the black cannon on b4. a4a3 opens rank 3: next '
     'a3d3+ (screen d7); the only answer is b4d4, a second screen, and then d7d8+ mates (the king '
     'cannot take d8, which the cannon on d3 covers over d4): mate by two checks, no capture: 杀 '
     '(24.2). The black cannon steps to b3 and shuts rank 3 (24.6 拦: it stands in the red '
     'cannon\'s way and attacks nothing). a3a4 threatens a4d4#, which nothing can stop (the black '
     'cannon on b3 reaches no square between d4 and d9): 杀. b3b4 shuts rank 4 again (拦). Every '
     'red move renews a threat of mate by checks that did not stand before it, and no capture '
     'is available to either side at any point of the cycle (no 捉 or 兑 beside the 杀): 长杀, '
     'forbidden (24.13), against 长拦, allowed (24.8, 24.14): red must change (25.3; 26.9.1 '
     'names 单方长杀 among the moves that must change). Search: after each red move (null move) '
     'red mates by checks, before it not; after each black move red has no mate.',
     [W(1, 'w', 'a4a3', [], [], mate=('no', 'yes')), W(2, 'b', 'b4b3', [], []),
      W(3, 'w', 'a3a4', [], [], mate=('no', 'yes')), W(4, 'b', 'b3b4', [], [])],
     [("checks_win.py", "a4a3 --checks 2".split(), "mate"),
      ("checks_win.py", "--checks 2".split(), "none"),
      ("checks_win.py", "a4a3 b4b3 a3a4 --checks 2".split(), "mate"),
      ("checks_win.py", "a4a3 b4b3 --checks 2".split(), "none")])


def main():
    qigui = sys.argv[1] if len(sys.argv) > 1 else "target/release/qigui"
    only = sys.argv[2] if len(sys.argv) > 2 else None
    base.write_cases(OUT, [
        "More composed boards for 24.10-24.18, 26.1, 26.1.1, 26.1.2 and 26.2, beyond",
        "24-26-clauses.yaml and 24-26-composed.yaml: positions of our own, each a",
        "repetition cycle whose labels and verdict follow from the clause's words,",
        "with the reasoning in its note, verified by independent searches over",
        "Fairy-Stockfish's move generator (tools/difftest/cycle_facts.py,",
        "tools/difftest/exchange_check.py; the runs and what they must print are in",
        "tools/authoring/composed_cases_b.py, which writes this file and refuses",
        "to when one disagrees). A case qigui does not reproduce is skipped with",
        "the exact divergence as its reason.",
    ], CASES, base.verify_cycle, base.cycle_checks_text, qigui, only)


if __name__ == "__main__":
    main()
