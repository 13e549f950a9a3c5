#!/usr/bin/env python3
"""Composed and independently verified boards for clauses 24.1-24.9 of the
2020 Xiangqi rules (将 杀 捉 兑 献 拦 跟 闲 长将; issue 24, item 3).

Writes cases/xiangqi-2020/24-composed.yaml. Each case is a small position of
our own (pieces as `<letter><square>`, red upper case, ICCS squares), one
period of a repetition cycle, the labels and verdict the clause's words
give, and the reasoning in the note, written by hand from the book. Every
case names, ply by ply, the facts of tools/difftest/move_facts.py that bear
its reasoning out: whether the move checks, whether either side mates by
checks before and after it, what each side can win by captures before and
after it (the book's values, 1.2, 26.6, 26.7), and what taking the moved
piece costs — a plain search over Fairy-Stockfish's move generator (pyffish)
that shares no code with qigui. Cases may also name runs of
tools/difftest/exchange_check.py or checks_win.py. This script runs them all
and refuses to write the file when one prints something else; the legality
of positions and cycles is checked by tools/authoring/clause_cases.py's move
generator.

qigui is run only to record where it diverges (the case is then skipped with
the divergence as its reason).

Usage: python3 tools/authoring/composed_24.py [path to the qigui binary]
(needs pyffish: pip install pyffish)
"""
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import clause_cases as cc  # noqa: E402
import composed_cases as base  # noqa: E402

OUT = "cases/xiangqi-2020/24-composed.yaml"
DIFFTEST = os.path.join(HERE, "..", "difftest")

CASES = []


def case(cid, clauses, desc, pieces, moves, labels, verdict, note, facts, runs=(), turn="w"):
    """`facts`: {ply: [lines move_facts.py must print for that ply]};
    `runs`: extra (tool, args after the FEN, expected output) checks."""
    CASES.append(dict(cid=cid, clauses=clauses, desc=desc, pieces=cc.P(pieces),
                      moves=moves.split(), labels=labels.split(), verdict=verdict,
                      note=note, facts=facts, runs=list(runs), turn=turn,
                      optional=False, key_points=[]))


def X(args, expect):
    """An exchange_check.py run (after the FEN) and a line it must print."""
    return ("exchange_check.py", args.split(), expect)


def C(args, expect):
    """A checks_win.py run (after the FEN) and what it must print."""
    return ("checks_win.py", args.split(), expect)


# Fact lines (tools/difftest/move_facts.py) that recur.
CHECK = "check: yes"
NO_CHECK = "check: no"
NO_MATE = "mover mates: before no, after no"
MATE_NEW = "mover mates: before no, after yes"
NO_NEW = "new mover gains: []"
QUIET = [NO_CHECK, NO_MATE, NO_NEW, "moved piece taken: []"]


def quiet(*plies):
    """The plies that check nothing, threaten no mate, win nothing new and
    offer nothing: 24.8's plain 闲."""
    return {p: QUIET for p in plies}


# ---------- 24.1 将 (凡走子直接攻击对方帅(将)者; 3.1: 一方棋子攻击对方的帅(将))
CHECK_THEN_IDLE = ("24.13 does not forbid 一将一闲, and 两闲 are allowed: both sides play "
                   "allowed moves (24.14), 25.2 gives a draw.")
case('24.1/pawn-check', ['24.1', '24.8'],
     '过河兵横走将军，有马保护，退回为闲',
     'Kd0 Pd8 Nc7 ke9 pi3', 'd8e8 e9f9 e8d8 f9e9', '将 闲 闲 闲', 'draw',
     '24.1 by a pawn: d8e8 puts the crossed pawn in front of the king on e9, which it attacks '
     '(a pawn across the river takes forward and sideways): 将. The horse on c7 protects e8 '
     '(leg d7), so the king cannot take the pawn and steps to f9 (d9 is the horse\'s). '
     'e8d8 attacks d9, c8 and e8, none occupied: 闲; the king\'s moves attack nothing: 闲. '
     + CHECK_THEN_IDLE,
     {1: [CHECK, NO_NEW], 2: QUIET, 3: QUIET, 4: QUIET})
case('24.1/horse-uncovers-rook', ['24.1', '24.8'],
     '马离开中线，闪出车将军（闪将）',
     'Kf0 Re1 Ne5 ke9 pi3', 'e5c6 e9d9 c6e5 d9e9', '将 闲 闲 闲', 'draw',
     '24.1 read with 3.1 (一方棋子攻击对方的帅(将)…称为"将军"): the move is the 走子 and the '
     'attack may come from another piece. e5c6 (leg d5) takes the horse off the e-file and the '
     'rook on e1 attacks the king on e9 (e2-e8 empty): a discovered check, 将. The horse on c6 '
     'attacks nothing. The king steps to d9 (f9 would face the red king on f0); c6e5 (leg d6) '
     'blocks the file again and attacks nothing (闲); the king returns (闲). ' + CHECK_THEN_IDLE,
     {1: [CHECK, NO_NEW], 2: QUIET, 3: QUIET, 4: QUIET})
case('24.1/advisor-uncovers-rook', ['24.1', '24.8'],
     '仕离开中线，闪出底线车将军',
     'Kd0 Re0 Ae1 ke9 pi3', 'e1f2 e9f9 f2e1 f9e9', '将 闲 闲 闲', 'draw',
     '24.1 by a piece that cannot attack the king itself: the advisor on e1 stands between the '
     'rook on e0 and the king on e9; e1f2 opens the e-file and the rook attacks the king (e1-e8 '
     'empty): 将 (3.1: 一方棋子攻击对方的帅(将)). The king steps aside to f9 (闲); f2e1 closes the '
     'file and attacks nothing (闲); the king returns (闲). ' + CHECK_THEN_IDLE,
     {1: [CHECK, NO_NEW], 2: QUIET, 3: QUIET, 4: QUIET})
case('24.1/horse-becomes-cannon-screen', ['24.1', '24.8'],
     '马跳到中线作炮架，炮将军',
     'Kd0 Ce1 Nc4 ke9 pi3', 'c4e5 e9f9 e5c4 f9e9', '将 闲 闲 闲', 'draw',
     '24.1: c4e5 (leg d4) puts the horse on the e-file between the cannon on e1 and the king on '
     'e9, the one screen the cannon needs (e2-e4 and e6-e8 empty): the king is attacked, 将. '
     'The horse on e5 attacks nothing itself. The king steps to f9 (d9 would face the red king '
     'on d0) (闲); e5c4 (leg d5) takes the screen away and attacks nothing (闲); the king '
     'returns (闲). ' + CHECK_THEN_IDLE,
     {1: [CHECK, NO_NEW], 2: QUIET, 3: QUIET, 4: QUIET})
case('24.1/black-elephant-uncovers-rook', ['24.1', '24.8'],
     '黑象飞开，闪出黑车将军；红帅躲将',
     'Ke0 Pa6 kd9 re8 be7', 'e7g9 e0f0 g9e7 f0e0', '将 闲 闲 闲', 'draw',
     '24.1 for black, black to move: the elephant on e7 stands between the rook on e8 and the red '
     'king on e0; e7g9 (eye f8) opens the file and the rook attacks the king (e1-e7 empty): 将. '
     'The king steps to f0 (d0 would face the black king on d9) (闲); g9e7 closes the file and '
     'attacks nothing (闲); the king returns (闲). Black 一将一闲, red 两闲: both allowed (24.13, '
     '24.14), draw (25.2).',
     {1: [CHECK, NO_NEW], 2: QUIET, 3: QUIET, 4: QUIET}, turn='b')


# ---------- 24.2 杀 (凡走子企图下一着将军或连续将军以将死对方者)
THREAT_THEN_IDLE = ("一杀一闲 is not forbidden (24.13 forbids 长杀 and 杀 with 将 or 捉), 两闲 "
                    "are allowed: draw (24.14, 25.2).")
RETURN = [NO_CHECK, "mover mates: before yes, after no", NO_NEW]
case('24.2/rook-shifts-to-an-open-file', ['24.2', '24.8'],
     '车平到通畅的直线，伏下一着进底将死（双车错）：杀',
     'Kd0 Ra8 Rc1 Pc6 ke9 pi3', 'c1b1 i3h3 b1c1 h3i3', '杀 闲 闲 闲', 'draw',
     '24.2, a threat that is no check and exists only after the move: the rook on c1 is stopped '
     'on the c-file by its own pawn on c6; c1b1 opens the b-file to it, and b1b9 would then be '
     'mate — the king on e9 cannot step to d9 or d8 (facing the red king on d0), nor to e8 or f8 '
     '(the rook on a8 holds rank 8), nor stay on rank 9, and black has nothing to block or take '
     'with. So c1b1 企图下一着将军以将死对方: 杀. Before it red had no mate by checks. b1c1 gives '
     'the threat up (闲); the black pawn\'s moves attack nothing (闲). ' + THREAT_THEN_IDLE,
     {1: [NO_CHECK, MATE_NEW, NO_NEW], 2: QUIET, 3: RETURN, 4: QUIET},
     [X('c1b1 --mate 1', 'mate by at most 1 checks: yes'), X('--mate 2', 'mate by at most 2 checks: no')])
case('24.2/pawn-opens-the-rook-file', ['24.2', '24.8'],
     '兵横走让开车路，伏车进底将死：走动之子不是作杀之子，仍为杀',
     'Kf0 Ri8 Rc1 Pc5 kd9 pa3', 'c5b5 a3b3 b5c5 b3a3', '杀 闲 闲 闲', 'draw',
     '24.2 (凡走子企图下一着将军…以将死对方者): the moved piece need not give the mate. The '
     'crossed pawn on c5 blocks the rook on c1; c5b5 opens the c-file and c1c9 would be mate: '
     'the king on d9 cannot go to e9 (the rook on c9 holds rank 9 through it), to d8 or e8 (the '
     'rook on i8 holds rank 8), and nothing black can block or take. Before the move red had no '
     'mate by checks: 杀. b5c5 closes the file again (闲); the pawn on b5 or c5 attacks nothing. '
     'The black pawn\'s moves attack nothing (闲). ' + THREAT_THEN_IDLE,
     {1: [NO_CHECK, MATE_NEW, NO_NEW], 2: QUIET, 3: RETURN, 4: QUIET},
     [X('c5b5 --mate 1', 'mate by at most 1 checks: yes'), X('--mate 2', 'mate by at most 2 checks: no')])
case('24.2/horse-threatens-a-smothered-check', ['24.2', '24.8'],
     '马跳到可卧槽的位置，伏下一着马将死（将被己士堵住、帅控中路旁线）：杀',
     'Kd0 Nc4 ke9 af9 ae8 pi3', 'c4b6 i3h3 b6c4 h3i3', '杀 闲 闲 闲', 'draw',
     '24.2 by a horse: the king on e9 is boxed in by its own advisors on f9 and e8 and by the red '
     'king on d0, which holds the open d-file (d9 would face it). c4b6 (leg c5) lets the horse '
     'jump to c8 next (leg b7), attacking e9 over the empty d8, where no black piece can block '
     'the leg or take the horse (the advisor on e8 reaches d7, f7, d9): b6c8 would be mate, so '
     'c4b6 is 杀, without check. From c4 there is no mate by checks. b6c4 gives it up (闲); the '
     'black pawn\'s moves attack nothing (闲). ' + THREAT_THEN_IDLE,
     {1: [NO_CHECK, MATE_NEW, NO_NEW], 2: QUIET, 3: RETURN, 4: QUIET},
     [X('c4b6 --mate 1', 'mate by at most 1 checks: yes'), X('--mate 2', 'mate by at most 2 checks: no')])
case('24.2/horse-threatens-mate-by-two-checks', ['24.2', '24.8'],
     '马进，伏马卧槽将军、车进底连续将军将死：杀（连续将军）',
     'Kd0 Rh1 Nc4 ke9 af9 pg3', 'c4d6 g3f3 d6c4 f3g3', '杀 闲 闲 闲', 'draw',
     '24.2 (…下一着将军或连续将军以将死对方者): after c4d6 (leg c5) red has no mate in one check '
     'but mates by two: d6c8 (leg d7) checks, the king\'s only step is e8 (d9 faces the red king '
     'on d0, f9 is its advisor), and h1h8 mates (e9 and e7 are the horse\'s, d8 faces the red '
     'king, f8 is the rook\'s) — every defence answered in the independent search below. Before '
     'the move there is no mate by up to three checks. So c4d6 is 杀. d6c4 gives it up (闲); '
     'the black pawn on g3/f3 attacks nothing and nothing red can take it (闲). '
     + THREAT_THEN_IDLE,
     {1: [NO_CHECK, MATE_NEW, NO_NEW], 2: QUIET, 3: RETURN, 4: QUIET},
     [X('c4d6 --mate 1', 'mate by at most 1 checks: no'), X('c4d6 --mate 2', 'mate by at most 2 checks: yes'),
      X('--mate 3', 'mate by at most 3 checks: no')])


# ---------- 24.3 捉 (凡走子后,所走动子能直接吃子或造成其他子能吃子、与其他子联合吃子、
# 从下一着开始运用将军或连续"将军"得子、通过完整互吃交换后吃掉对方子且得子…)
CHASE_THEN_IDLE = ("一捉一闲 is not forbidden (24.11 needs a chase every move), 两闲 are allowed: "
                   "draw (24.13, 24.14, 25.2).")
case('24.3/rook-makes-a-protected-horse-short', ['24.3', '24.15', '24.8'],
     '车进与炮共同攻击有一个根的马：完整互吃后得子（少根子），判捉',
     'Kd0 Ri6 Ce2 Pe5 ke9 ne7 bc9 pa3', 'i6i7 a3b3 i7i6 b3a3', '捉 闲 闲 闲', 'draw',
     '24.3 (通过完整互吃交换后吃掉对方子且得子) and 24.15 (作为"根"的棋子少于对方"捉"的棋子…称为"少根子"): '
     'the cannon on e2 attacks the black horse on e7 over the pawn on e5, but the elephant on c9 '
     'protects it (eye d8): cannon for horse, no gain. i6i7 brings the rook onto rank 7 '
     '(f7-h7 empty) as a second attacker against one protector: the cannon takes the horse, the '
     'elephant takes back, the rook takes the elephant — a horse and an elephant for a cannon, a '
     'gain (1.2: horse and cannon are each one strong piece, the elephant a weak one; the strong '
     'pieces are even and black loses a weak one more). So the move is 捉 of a protected piece. i7i6 takes the second attacker '
     'away (闲); the black pawn\'s moves are 闲. (Before the move the rook can already win an '
     'elephant\'s worth by checks — i6i9 and the elephant on c9 — which the move does not change; '
     'the horse is the new target.) ' + CHASE_THEN_IDLE,
     {1: [NO_CHECK, NO_MATE, "mover gains: before [e7 n even], after [e7 n gain]",
          "new mover gains: [e7 n gain]", "moved piece taken: []"],
      2: QUIET, 3: QUIET, 4: QUIET},
     [C('--checks 2', '2.0')])
case('24.3/cannon-chases-a-protected-rook', ['24.3', '26.6', '24.8'],
     '炮借卒为架打有根车：以炮换车仍得子，判捉',
     'Kd0 Ci2 ke9 rc8 ne7 pc6 pg3', 'i2c2 g3f3 c2i2 f3g3', '捉 闲 闲 闲', 'draw',
     '24.3 with 26.6 and 1.2 (a rook is worth two strong pieces): i2c2 (d2-h2 empty) puts the '
     'cannon behind the black pawn on c6, its screen, against the rook on c8 (c7 empty). The '
     'horse on e7 protects the rook (leg d7), so the cannon is taken back — still a cannon for '
     'a rook, a gain: 捉 although the rook is protected. On i2 the cannon attacked nothing. '
     'c2i2 takes the attack away (闲); the black pawn\'s moves are 闲 (nothing red reaches f3 or g3). '
     + CHASE_THEN_IDLE,
     {1: [NO_CHECK, NO_MATE, "mover gains: before [], after [c8 r gain]",
          "new mover gains: [c8 r gain]", "moved piece taken: []"],
      2: QUIET, 3: QUIET, 4: QUIET},
     [X('i2c2 --capture c2c8', "chaser c2c8 r: c2c8 e7c8 | chaser takes ['r'] loses ['C'] | points +5 | book: gain")])
case('24.3/pinned-horse-cannot-take', ['24.3', '24.16', '24.8'],
     '相飞开，马脚不再被塞，但马被黑车牵制在帅前不能离线吃炮：不是捉，判闲',
     'Ke0 Ne1 Be2 Ri2 kd9 re8 cf3 pa3', 'e2g0 a3b3 g0e2 b3a3', '闲 闲 闲 闲', 'draw',
     '24.3 asks what the moved piece 能…造成其他子能吃子: a capture that would be 自杀 (3.4) is '
     'no capture. The elephant on e2 blocks the leg of the horse on e1; e2g0 (eye f1) frees it, '
     'and the horse now reaches the unprotected black cannon on f3 — but with the elephant gone '
     'only the horse stands between the red king on e0 and the black rook on e8, so the horse '
     'cannot leave the e-file: no piece can be taken, no 捉 (24.16 says the same of a protector '
     'that cannot leave its line). The elephant on g0 attacks nothing: 闲. g0e2 puts the '
     'elephant back where the black rook could take it, but the rook on i2 takes back (f2-h2 '
     'empty): no 献, 闲. The black pawn\'s moves are 闲. Draw.',
     {1: [NO_CHECK, NO_MATE, "mover gains: before [], after []", NO_NEW, "moved piece taken: []"],
      2: QUIET, 3: [NO_CHECK, NO_MATE, NO_NEW, "moved piece taken: [e8 loss]"], 4: QUIET})
case('24.3/horse-becomes-the-cannon-screen', ['24.3', '24.15', '24.8'],
     '马跳到炮与车之间作炮架：造成其他子能吃无根车，判捉',
     'Ke0 Cc0 Ba2 Na5 kf9 rc8 pg3', 'a5c4 g3f3 c4a5 f3g3', '捉 闲 闲 闲', 'draw',
     '24.3 (所走动子…造成其他子能吃子): a5c4 (leg b5) puts the horse on the c-file between the '
     'cannon on c0 and the black rook on c8, the screen the cannon needs (c1-c3, c5-c7 empty), and '
     'the cannon can take the rook, which nothing protects: 捉. The rook may take the horse, but '
     'the elephant on a2 takes back (eye b3): a rook for a horse, no gain for black; before the '
     'move the rook could take the cannon, which the same elephant protects. Before it red could '
     'win nothing, by captures or checks. c4a5 (leg b4) takes the screen away (闲); the black '
     'pawn\'s moves are 闲. ' + CHASE_THEN_IDLE,
     {1: [NO_CHECK, NO_MATE, "mover gains: before [], after [c8 r gain]",
          "new mover gains: [c8 r gain]", "moved piece taken: [c8 loss]"],
      2: QUIET, 3: QUIET, 4: QUIET},
     [C('--checks 2', 'none')])


# ---------- 24.4 兑 (同兵种邀兑,而对方一旦吃掉此子后,不致立即被将死或立即在子力价值上遭受损失者)
OFFER_THEN_IDLE = ("兑 is a kind of 闲 (24.8): 一兑一闲 and 两闲 are allowed, draw (24.14, 25.2).")
def offer(mine, theirs, taker):
    return [NO_CHECK, NO_MATE, f"mover gains: before [], after [{theirs} even]", NO_NEW,
            f"moved piece taken: [{taker} even]"]
case('24.4/horse-offers-horse', ['24.4', '24.8'],
     '马与有根马互相攻击，双方均有根：邀兑',
     'Kd0 Nh4 Ph6 ke9 ne7 bc9 pa3', 'h4g6 a3b3 g6h4 b3a3', '兑 闲 闲 闲', 'draw',
     '24.4 (同兵种邀兑，而对方一旦吃掉此子后，不致立即被将死或立即在子力价值上遭受损失者): h4g6 '
     '(leg h5) brings the horse against the black horse on e7 (leg f6), which attacks it back '
     '(leg f7). The crossed pawn on h6 protects g6, the elephant on c9 protects e7 (eye d8): '
     'whoever takes is taken back, horse for horse, and black taking first is neither mated nor '
     'loses material. So the move offers the exchange: 兑, not 捉 (no gain). g6h4 withdraws '
     '(闲); the black pawn\'s moves are 闲. ' + OFFER_THEN_IDLE,
     {1: offer("g6", "e7 n", "e7"), 2: QUIET, 3: QUIET, 4: QUIET})
case('24.4/cannon-offers-cannon', ['24.4', '24.8'],
     '炮平中路隔兵与有根炮对面，双方均有根：邀兑',
     'Kd0 Ca2 Pe5 Bg0 ke9 ce7 bc9 pi3', 'a2e2 i3h3 e2a2 h3i3', '兑 闲 闲 闲', 'draw',
     '24.4 between cannons: a2e2 (b2-d2 empty) puts the cannon on the e-file with the pawn on e5 '
     'as the one screen between it and the black cannon on e7, so each can take the other. The '
     'elephant on g0 protects e2 (eye f1), the elephant on c9 protects e7 (eye d8): cannon for '
     'cannon either way, black is neither mated nor loses material by accepting: 兑. e2a2 '
     'withdraws (闲); the black pawn\'s moves are 闲. ' + OFFER_THEN_IDLE,
     {1: offer("e2", "e7 c", "e7"), 2: QUIET, 3: QUIET, 4: QUIET})
case('24.4/black-rook-offers-rook', ['24.4', '24.8'],
     '黑车进到与有根红车同一横线，双方均有根：黑方邀兑',
     'Kd0 Ra4 Nb2 kf9 ri6 nh6', 'i6i4 d0e0 i4i6 e0d0', '兑 闲 闲 闲', 'draw',
     '24.4 for black, black to move: i6i4 puts the rook on rank 4 against the red rook on a4 '
     '(b4-h4 empty). The horse on h6 protects i4 (leg h5), the horse on b2 protects a4 (leg b3): '
     'rook for rook whoever takes first, and red accepting is neither mated nor loses material: '
     '兑. i4i6 withdraws (闲); the red king\'s steps between d0 and e0 attack nothing (闲). Black '
     '一兑一闲, red 两闲: draw (24.14, 25.2).',
     {1: offer("i4", "a4 R", "a4"), 2: QUIET, 3: QUIET, 4: QUIET}, turn='b')


# ---------- 24.5 献 (凡走子送吃,而对方一旦吃掉此子后,不致立即被将死或立即在子力价值上遭受损失者)
def given(taker, result="gain"):
    return [NO_CHECK, NO_MATE, NO_NEW, f"moved piece taken: [{taker} {result}]"]
SACRIFICE_THEN_IDLE = "献 is a kind of 闲 (24.8): draw (24.14, 25.2)."
case('24.5/cannon-put-before-a-rook', ['24.5', '24.8'],
     '炮进到黑车横线上，无根，不能打车：献',
     'Ke0 Ad0 Af0 Cc2 kf9 ra5 pi3', 'c2c5 i3h3 c5c2 h3i3', '献 闲 闲 闲', 'draw',
     '24.5: c2c5 puts the cannon on rank 5, where the black rook on a5 can take it (b5 empty); '
     'nothing red protects c5 and the cannon, with no screen, attacks nothing. Black taking it '
     'wins a cannon and is not mated (the king on e0 has its advisors): 送吃, 献. c5c2 takes it '
     'back (闲); the black pawn\'s moves are 闲. ' + SACRIFICE_THEN_IDLE,
     {1: given("a5"), 2: QUIET, 3: QUIET, 4: QUIET})
case('24.5/protected-rook-before-a-horse', ['24.5', '24.8'],
     '车进到黑马口，虽有兵保护，黑马吃车后被兵吃回仍得子：献',
     'Kd0 Rg2 Ph6 ke9 ne7 bc9 pa3', 'g2g6 a3b3 g6g2 b3a3', '献 闲 闲 闲', 'draw',
     '24.5 counts what the taker loses, not whether the offered piece is protected: g2g6 puts the '
     'rook where the black horse on e7 takes it (leg f7). The pawn on h6 takes back, but a horse '
     'for a rook is no loss for black (1.2), and black is not mated: 献. On g6 the rook attacks '
     'nothing (the horse is off its lines). g6g2 withdraws (闲); the black pawn\'s moves are 闲. '
     + SACRIFICE_THEN_IDLE,
     {1: given("e7"), 2: QUIET, 3: QUIET, 4: QUIET})
case('24.5/crossed-pawn-before-a-rook', ['24.5', '26.7', '24.8'],
     '过河兵横走到黑车线上，无根：献兵',
     'Ke0 Ad0 Af0 Pd7 kf9 rc9 pi3', 'd7c7 i3h3 c7d7 h3i3', '献 闲 闲 闲', 'draw',
     '24.5 with a pawn: d7c7 moves the crossed pawn onto the c-file, where the black rook on c9 '
     'takes it for nothing (c8 empty); a pawn long across the river is worth something (26.7 '
     'discounts only pawns not across and one taken as it crosses), so black gains and is not '
     'mated: 献. On c7 the pawn attacks c8, b7 and d7, all empty. c7d7 steps back (闲); the black '
     'pawn\'s moves are 闲. ' + SACRIFICE_THEN_IDLE,
     {1: given("c9"), 2: QUIET, 3: QUIET, 4: QUIET})
case('24.5/horse-put-where-taking-loses', ['24.5', '24.8'],
     '马跳到黑车口，但黑车吃马后被兵吃回，黑方得不偿失：不是献，判闲',
     'Kd0 Nh4 Ph6 ke9 rg9 pa3', 'h4g6 a3b3 g6h4 b3a3', '闲 闲 闲 闲', 'draw',
     '24.5\'s condition (对方一旦吃掉此子后，不致…立即在子力价值上遭受损失者) fails: h4g6 (leg h5) '
     'puts the horse where the black rook on g9 can take it (g7, g8 empty), but the pawn on h6 '
     'takes back — a rook for a horse, black loses material. So the move is no 献; the horse on '
     'g6 attacks nothing (e5, e7, f4, f8, h8, i5, i7 empty) and it is plain 闲. g6h4 and the '
     'black pawn\'s moves are 闲. Draw.',
     {1: [NO_CHECK, NO_MATE, NO_NEW, "moved piece taken: [g9 loss]"], 2: QUIET, 3: QUIET, 4: QUIET})


# ---------- 24.6 拦 (凡走子阻拦对方棋子,而又不具攻击作用者)
BLOCK_THEN_IDLE = "拦 is a kind of 闲 (24.8): 一拦一闲 and 两闲 are allowed, draw (24.14, 25.2)."
def blocked(before, after, taken="[]"):
    return [NO_CHECK, NO_MATE, "mover gains: before [], after []", NO_NEW,
            f"opponent gains: before [{before}], after [{after}]", f"moved piece taken: {taken}"]
case('24.6/elephant-blocks-a-rook-file', ['24.6', '24.8'],
     '相飞到车与无根马之间阻拦，相有马保护，不具攻击作用：拦',
     'Ke0 Ad0 Af0 Na0 Nc3 Bc4 kf9 ra7 pi3', 'c4a2 i3h3 a2c4 h3i3', '拦 闲 闲 闲', 'draw',
     '24.6 (凡走子阻拦对方棋子，而又不具攻击作用者): the black rook on a7 can take the unprotected '
     'horse on a0 (a1-a6 empty). c4a2 (eye b3) puts the elephant in its way; the horse on c3 '
     'protects a2 (leg b3), so taking the elephant costs the rook, and the elephant on a2 attacks '
     'nothing: 拦. a2c4 steps out of the way again, attacking nothing (闲 — what it leaves en prise '
     'is the horse, not the moved piece, so no 献); the black pawn\'s moves are 闲. ' + BLOCK_THEN_IDLE,
     {1: blocked("a0 N gain", "a2 B loss", "[a7 loss]"), 2: QUIET, 3: QUIET, 4: QUIET})
case('24.6/elephant-blocks-a-horse-leg', ['24.6', '24.8'],
     '相飞上塞住黑马马脚，使其不能吃无根炮：拦',
     'Ke0 Cd3 Ba2 kf9 nc5 pi3', 'a2c4 i3h3 c4a2 h3i3', '拦 闲 闲 闲', 'draw',
     '24.6 by a horse\'s leg: the black horse on c5 can take the unprotected cannon on d3 over its '
     'leg c4. a2c4 (eye b3) puts the elephant on that leg: the horse can no longer take (nor '
     'take the elephant, which stands next to it), and the elephant, which cannot cross the '
     'river, attacks nothing: 拦. c4a2 frees the leg (闲); the black pawn\'s moves are 闲. '
     + BLOCK_THEN_IDLE,
     {1: blocked("d3 C gain", ""), 2: QUIET, 3: QUIET, 4: QUIET})
case('24.6/horse-becomes-a-second-screen', ['24.6', '24.8'],
     '马跳到黑炮与炮架之间，成为第二个架子，炮不能再打无根马：拦',
     'Kd0 Na2 Nc6 kf9 ca9 pa6 pi3', 'c6a7 i3h3 a7c6 h3i3', '拦 闲 闲 闲', 'draw',
     '24.6 against a cannon: the black cannon on a9 can take the unprotected horse on a2 over its '
     'own pawn on a6 (a3-a5, a7, a8 empty). c6a7 (leg b6) puts the other horse between the cannon '
     'and its screen: with two pieces between, the cannon takes nothing, and it cannot take the '
     'horse on a7 either (no screen before it). On a7 the horse attacks nothing (b9, c8 empty; '
     'its leg a6 is blocked), and no series of checks wins anything (checks_win.py): 拦. a7c6 '
     'removes the second screen (闲); the black pawn\'s moves are 闲. ' + BLOCK_THEN_IDLE,
     {1: blocked("a2 N gain", ""), 2: QUIET, 3: QUIET, 4: QUIET},
     [C('c6a7 --checks 3', 'none')])


# ---------- 24.7 跟 (凡走子盯牵对方有根子而又不具攻击作用者)
FOLLOW_THEN_IDLE = "跟 is a kind of 闲 (24.8): 一跟一闲 and 两闲 are allowed, draw (24.14, 25.2)."
def follow(target):
    return [NO_CHECK, NO_MATE, f"mover gains: before [], after [{target}]", NO_NEW,
            "opponent gains: before [], after []", "moved piece taken: []"]
case('24.7/horse-watches-a-protected-cannon', ['24.7', '24.8'],
     '马盯住有象保护的炮，吃炮被象吃回，不得子：跟',
     'Kd0 Nh4 ke9 ce7 bc9 pa3', 'h4g6 a3b3 g6h4 b3a3', '跟 闲 闲 闲', 'draw',
     '24.7 (凡走子盯牵对方有根子而又不具攻击作用者): h4g6 (leg h5) makes the horse attack the black '
     'cannon on e7 (leg f6), which the elephant on c9 protects (eye d8): horse for cannon, an even '
     'exchange, no gain, so no 捉; the horse attacks nothing else and the cannon cannot reach it. '
     'It watches a protected piece: 跟. g6h4 (闲) and the black pawn\'s moves (闲). '
     + FOLLOW_THEN_IDLE,
     {1: follow("e7 c even"), 2: QUIET, 3: QUIET, 4: QUIET})
case('24.7/horse-watches-a-horse-that-cannot-answer', ['24.7', '24.4', '24.8'],
     '马盯住有根马，黑马因马脚被士塞住不能回吃：不是邀兑，为跟',
     'Kd0 Nh4 ke9 af7 ne7 bc9 pa3', 'h4g6 a3b3 g6h4 b3a3', '跟 闲 闲 闲', 'draw',
     'The same kinds as 24.4/horse-offers-horse, but 24.4\'s 邀兑 needs the other horse to be able '
     'to take: here the advisor on f7 blocks the black horse\'s leg towards g6, so h4g6 offers '
     'nothing. The red horse attacks the horse on e7 (leg f6), which the elephant on c9 protects: '
     'horse for horse, no gain. It watches a protected piece and attacks nothing else: 跟. g6h4 '
     'and the black pawn\'s moves are 闲. ' + FOLLOW_THEN_IDLE,
     {1: follow("e7 n even"), 2: QUIET, 3: QUIET, 4: QUIET})
case('24.7/rook-watches-a-protected-cannon', ['24.7', '24.8'],
     '车盯住有马保护的炮，吃炮反丢车：跟',
     'Kd0 Ra2 ke9 nb9 cc7 pi3', 'a2c2 i3h3 c2a2 h3i3', '跟 闲 闲 闲', 'draw',
     '24.7: a2c2 puts the rook on the c-file against the black cannon on c7 (c3-c6 empty), which '
     'the horse on b9 protects (leg b8): taking it costs the rook, a loss, no 捉. The cannon has '
     'no screen against the rook, and the rook attacks nothing else: it watches a protected '
     'piece, 跟. c2a2 and the black pawn\'s moves are 闲. ' + FOLLOW_THEN_IDLE,
     {1: follow("c7 c loss"), 2: QUIET, 3: QUIET, 4: QUIET})


# ---------- 24.8 闲 (凡走子性质不属于将、杀、捉者，统称为"闲")
case('24.8/rook-attacks-a-pawn-not-across', ['24.8', '26.7', '24.3'],
     '车攻击未过河的无根卒：吃未过河卒不算得子，不是捉，判闲',
     'Kd0 Ra2 ke9 pc6 pi3', 'a2a6 i3h3 a6a2 h3i3', '闲 闲 闲 闲', 'draw',
     '24.8 with 26.7 (捉吃未过河的兵(卒)…不算得子): a2a6 brings the rook onto rank 6 against the '
     'black pawn on c6 (b6 empty), which nothing protects; but the pawn has not crossed the '
     'river, so taking it is no gain and the move is no 捉 (24.3 needs 得子). It checks nothing, '
     'threatens no mate, offers nothing and watches no protected piece: 闲. a6a2 and the black '
     'pawn\'s moves are 闲 too. Draw (24.14, 25.2).',
     {1: [NO_CHECK, NO_MATE, "mover gains: before [], after [c6 p even]", NO_NEW, "moved piece taken: []"],
      2: QUIET, 3: QUIET, 4: QUIET})
case('24.8/horse-freed-but-the-kings-would-face', ['24.8', '24.3', '3.4'],
     '兵横走让开马脚，但马是将帅之间唯一的子，离线即成将帅对面：不能吃炮，判闲',
     'Ke0 Ne5 Pd5 ke9 cc4 pi3', 'd5c5 i3h3 c5d5 h3i3', '闲 闲 闲 闲', 'draw',
     '24.8: the horse on e5 is the only piece between the two kings on the e-file, so it can never '
     'move (3.4: 帅、将直接对面 is 自杀). d5c5 frees its leg d5, and the horse would reach the '
     'unprotected black cannon on c4 — but taking it would leave the kings facing: no capture, '
     'no 捉. The pawn on c5 attacks c6, b5 and d5, all empty; the move checks nothing, threatens '
     'no mate and offers nothing: 闲. c5d5 and the black pawn\'s moves are 闲. Draw.',
     {1: [NO_CHECK, NO_MATE, "mover gains: before [], after []", NO_NEW, "moved piece taken: []"],
      2: QUIET, 3: QUIET, 4: QUIET})
case('24.8/rook-keeps-an-attack-it-had', ['24.8', '26.3', '24.3'],
     '车沿直线移动，仍攻击原本就能吃的无根炮：不产生新的得子，判闲（读法）',
     'Kd0 Rb1 ke9 cb7 pi3', 'b1b2 i3h3 b2b1 h3i3', '闲 闲 闲 闲', 'draw',
     'A reading, not 24.8\'s words alone: the rook on b1 can take the unprotected cannon on b7 '
     'before and after b1b2 — the move changes nothing it could win. 24.3 read word for word '
     '(所走动子能直接吃子) would call every such move 捉; qigui reads 24.3 with 26.3 (若走子前不存在'
     '得子，走子后形成净吃子，判"捉") and the figures (图5, 参考图6): only what the move creates '
     'counts, so b1b2 is 闲, and so is b2b1. The black pawn\'s moves are 闲. Draw (24.14, '
     '25.2). The independent search shows the same gain before and after each rook move; that '
     'the move is then 闲 is the reading, and this board is not evidence for 24.8\'s words.',
     {1: [NO_CHECK, NO_MATE, "mover gains: before [b7 c gain], after [b7 c gain]", NO_NEW,
          "moved piece taken: []"],
      2: QUIET,
      3: [NO_CHECK, NO_MATE, "mover gains: before [b7 c gain], after [b7 c gain]", NO_NEW,
          "moved piece taken: []"],
      4: QUIET})


# ---------- 24.9 长将 (凡走子连续不停将军而形成循环达三次者; 25.1: 在任何情况下，均不允许单方面长将)
EVADE = [NO_CHECK, NO_MATE, NO_NEW]
case('24.9/cannon-checks-on-two-files', ['24.9', '24.1', '25.1'],
     '炮借两兵为架，在四、五路轮流将军：长将判负',
     'Kf0 Cd2 Pd5 Pe5 ke9', 'd2e2 e9d9 e2d2 d9e9', '将 闲 将 闲', 'red_loses',
     '24.9 (凡走子连续不停将军而形成循环…称为"长将") by a cannon: d2e2 checks the king on e9 over '
     'the pawn on e5 (e6-e8 empty); the king\'s only step is d9 (e8 is still the cannon\'s, f9 '
     'faces the red king on f0). e2d2 checks it there over the pawn on d5; the king returns to e9. '
     'Every red move of the cycle checks: 长将. The king\'s steps attack nothing (闲). 25.1: a '
     'one-sided 长将 is never allowed — red loses (23.5.1).',
     {1: [CHECK], 2: EVADE, 3: [CHECK], 4: EVADE})
case('24.9/rook-and-horse-check-in-turn', ['24.9', '24.1', '25.1'],
     '马离线闪出车将军，再回原位由马将军：两子交替连续将军，长将判负',
     'Kf0 Re1 Ne7 ke9', 'e7g6 e9d9 g6e7 d9e9', '将 闲 将 闲', 'red_loses',
     '24.9 with the checks given by different pieces in turn: e7g6 (leg f7) uncovers the rook on '
     'e1 against the king on e9 (3.1: 一方棋子攻击对方的帅(将) — the discovered check is the '
     'move\'s); the king steps to d9 (f9 faces the red king on f0). g6e7 (leg f6) closes the file '
     'but the horse itself now attacks d9 (leg e8): check again; the king returns to e9, where '
     'nothing attacks it. Every red move checks — 连续不停将军, whichever piece attacks — so the '
     'cycle is 长将. 25.1: red loses (23.5.1). The king\'s steps are 闲.',
     {1: [CHECK], 2: EVADE, 3: [CHECK], 4: EVADE})
case('24.9/black-horse-checks-a-stepping-king', ['24.9', '24.1', '25.1'],
     '黑马在两点间往返，每着都将军：黑方长将判负',
     'Kd0 kf9 nc1', 'c1e2 d0e0 e2c1 e0d0', '将 闲 将 闲', 'black_loses',
     '24.9 for black, black to move: c1e2 (leg d1) attacks the red king on d0 through the leg e1: '
     '将. The king steps to e0, which e2 does not attack; e2c1 attacks e0 through the leg d1: '
     '将 again, and the king steps back to d0. Every black move checks: 长将; the king\'s steps '
     'are 闲. 25.1: black loses (23.5.1).',
     {1: [CHECK], 2: EVADE, 3: [CHECK], 4: EVADE}, turn='b')


def verify(fen, c, cache):
    errs = []
    for ply, lines in sorted(c["facts"].items()):
        key = (fen, tuple(c["moves"]), ply)
        if key not in cache:
            cmd = [sys.executable, os.path.join(DIFFTEST, "move_facts.py"), fen] + c["moves"] + ["--ply", str(ply)]
            r = subprocess.run(cmd, capture_output=True, text=True)
            cache[key] = r.stdout + r.stderr
        out = cache[key]
        for want in lines:
            if want not in out.splitlines():
                errs.append(f"move_facts --ply {ply}: expected {want!r}, got {out.strip()!r}")
    for tool, args, expect in c["runs"]:
        cmd = [sys.executable, os.path.join(DIFFTEST, tool), fen] + args
        r = subprocess.run(cmd, capture_output=True, text=True)
        if expect not in r.stdout:
            errs.append(f"{tool} {' '.join(args)}: expected {expect!r}, got {r.stdout.strip()!r} {r.stderr.strip()}")
    return errs


def checks_text(c):
    parts = []
    for ply, lines in sorted(c["facts"].items()):
        parts.append(f"ply {ply}: " + ", ".join(lines))
    text = "move_facts.py FEN MOVES --ply K -> " + "; ".join(parts)
    for t, a, e in c["runs"]:
        text += f"; {t} FEN {' '.join(a)} -> {e}"
    return text


def main():
    qigui = sys.argv[1] if len(sys.argv) > 1 else "target/release/qigui"
    only = sys.argv[2] if len(sys.argv) > 2 else None
    cache = {}
    base.write_cases(OUT, [
        "Composed boards for clauses 24.1-24.9 (将 杀 捉 兑 献 拦 跟 闲 长将) beyond",
        "24-26-clauses.yaml, at least three per clause, each a position of our own",
        "with the clause's reasoning in its note and every ply verified by an",
        "independent search over Fairy-Stockfish's move generator",
        "(tools/difftest/move_facts.py: checks, mates by checks, captures and",
        "complete exchanges before and after the move, the moved piece taken).",
        "Written by tools/authoring/composed_24.py, which refuses to write the",
        "file when a search disagrees. A case qigui does not reproduce is skipped",
        "with the exact divergence as its reason.",
    ], CASES, lambda fen, c: verify(fen, c, cache), checks_text, qigui, only)


if __name__ == "__main__":
    main()
