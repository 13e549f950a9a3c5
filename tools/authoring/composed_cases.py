#!/usr/bin/env python3
"""Composed and independently verified boards for articles 24 and 26.1-26.11
of the 2020 Xiangqi rules (issue 24: right for the book's reasons on boards
nobody has seen).

Writes cases/xiangqi-2020/24-26-composed.yaml. Each case is a small position
(pieces as `<letter><square>`, red upper case, ICCS squares), one period of a
repetition cycle, the labels and verdict the clause gives, and the reasoning
in the note, written by hand from the book. Every case also names the
independent searches that bear its reasoning out (`verify`): runs of
tools/difftest/exchange_check.py (captures and the complete exchange) or
tools/difftest/checks_win.py (gains and mates by checks), both plain searches
over Fairy-Stockfish's move generator (pyffish) that share no code with
qigui, each with a line its output must contain. This script runs them and
refuses to write the file when one disagrees; the legality of positions and
cycles is checked by tools/authoring/clause_cases.py's move generator.

qigui is run only to record where it diverges (the case is then skipped with
the divergence as its reason).

Usage: python3 tools/authoring/composed_cases.py [path to the qigui binary]
(needs pyffish: pip install pyffish, or tools/adapters/setup.sh)
"""
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import clause_cases as cc  # noqa: E402

OUT = "cases/xiangqi-2020/24-26-composed.yaml"
DIFFTEST = os.path.join(HERE, "..", "difftest")

CASES = []


def case(cid, clauses, desc, pieces, moves, labels, verdict, note, verify, turn="w"):
    CASES.append(dict(cid=cid, clauses=clauses, desc=desc, pieces=cc.P(pieces),
                      moves=moves.split(), labels=labels.split(), verdict=verdict,
                      note=note, verify=verify, turn=turn, optional=False, key_points=[]))


def X(args, expect):
    """An exchange_check.py run (after the FEN) and a line it must print."""
    return ("exchange_check.py", args.split(), expect)


def C(args, expect):
    """A checks_win.py run (after the FEN) and what it must print."""
    return ("checks_win.py", args.split(), expect)


# ---------- 26.5 做根子、被牵子捉子
case('26.5/lost-first-even', ['26.5', '24.3', '24.8'],
     '做根的车离线捉炮：先丢被保护的马，后吃炮，等值交换为闲',
     'Kd0 Ae1 Rc2 Nc5 ke9 ad9 af9 rh5 cg7 pi1', 'c2g2 i1h1 g2c2 h1i1', '闲 闲 闲 闲', 'draw',
     '26.5, last sentence (做"根"子捉子时，若先丢被保护子，后吃对方子，双方等值交换则为"闲"): '
     'the rook on c2 is the only protector of the horse on c5, which the black rook on h5 '
     'attacks (d5-g5 empty). c2g2 leaves the c-file to attack the unprotected cannon on g7 '
     '(g3-g6 empty): the move itself abandons the horse, so black, to move, takes it first '
     '(h5c5, no recapture), and only then can the rook take the cannon: horse for cannon, '
     'an even exchange (1.2), which counts as 闲. g2c2 protects the horse again and attacks '
     'nothing (闲); the black pawn\'s moves are 闲. Draw. Verified: before the move black\'s h5c5 is '
     'answered by c2c5; after it, h5c5 then g2g7 is even, and red taking first is even too.',
     [X('--opponent-first', 'opponent h5c5 N: h5c5 c2c5 | chaser takes [\'r\'] loses [\'N\']'),
      X('c2g2 --opponent-first', 'opponent h5c5 N: h5c5 g2g7 | chaser takes [\'c\'] loses [\'N\'] | points +0 | book: even'),
      X('c2g2', 'chaser g2g7 c: g2g7 h5c5 | chaser takes [\'c\'] loses [\'N\'] | points +0 | book: even')])
case('26.5/lost-first-pawn', ['26.5', '26.7', '24.3', '24.8'],
     '做根的车离线捉过河卒：先丢马后吃卒，按26.7为等值交换，判闲',
     'Kd0 Ae1 Rc2 Nc5 ke9 ad9 af9 rh5 pg4 pi1', 'c2g2 i1h1 g2c2 h1i1', '闲 闲 闲 闲', 'draw',
     'The board of issue 24 (参考图28\'s 做根子捉子，得不偿失 on a board where the protector\'s '
     'move attacks something): the rook on c2, only protector of the horse on c5 that the '
     'black rook on h5 attacks, goes to g2 to attack the unprotected crossed pawn on g4. '
     'Black, to move, takes the abandoned horse first; then the rook takes the pawn. A crossed '
     'pawn for a horse is no gain for either side (26.7: 兵与其他一子…互换均不算得子; 参考图33: '
     '浮动价值的兵换士、炮为等值交换), so the exchange is even, and 26.5\'s last sentence makes it '
     '闲 (先丢被保护子，后吃对方子). Read as a loss (得不偿失) it is 闲 as well. The other moves '
     'are 闲. Draw.',
     [X('c2g2 --opponent-first', 'opponent h5c5 N: h5c5 g2g4 | chaser takes [\'p\'] loses [\'N\'] | points -3 | book: even'),
      X('--opponent-first', 'opponent h5c5 N: h5c5 c2c5')])
case('26.5/protector-same-line-even', ['26.5', '24.3'],
     '车沿横线移动仍保护马并捉炮，吃炮后丢马：等值交换，判捉',
     'Kd0 Ae1 Rb3 Nf3 ke9 ad9 af9 rf8 cc7 pi1', 'b3c3 i1h1 c3b3 h1i1', '捉 闲 闲 闲', 'draw',
     '26.5 (做"根"子…捉子，完整互吃后价值相当…按"捉"处理): the rook on b3 protects the horse '
     'on f3 along rank 3 against the black rook on f8 (f4-f7 empty). b3c3 moves along the '
     'same rank, still protecting it, and attacks the unprotected cannon on c7 (c4-c6 empty). '
     'Only the capture c3c7 leaves rank 3, and then the black rook takes the horse: cannon for '
     'horse, equal value, a chase. After b3c3 black cannot take the horse first (c3 takes '
     'back). c3b3 attacks nothing (闲); the black pawn\'s moves are 闲. 一捉一闲 and 两闲: draw.',
     [X('b3c3', 'chaser c3c7 c: c3c7 f8f3 | chaser takes [\'c\'] loses [\'N\'] | points +0 | book: even'),
      X('b3c3 --opponent-first', 'opponent f8f3 N: f8f3 c3f3 | chaser takes [\'r\'] loses [\'N\']')])
case('26.5/cannon-protector-even', ['26.5', '24.3'],
     '做根的炮沿直线移动仍保护马并打马，吃马后丢马：等值交换，判捉',
     'Kd0 Ae1 Ad2 Cc0 Pc3 Nc5 ke9 ad9 af9 rh5 ng1 pi4', 'c0c1 i4h4 c1c0 h4i4', '捉 闲 闲 闲', 'draw',
     '26.5 (各吃各子…价值相当…按"捉"处理): the cannon on c0 protects the horse on c5 over the '
     'pawn on c3 against the black rook on h5 (the advisor on d2 shields the red king on d0 from '
     'the black rook\'s checks along the d-file). c0c1 keeps that protection (c2 and c4 empty, one '
     'screen) and makes the cannon attack the unprotected black horse on g1 over the advisor '
     'on e1 (d1 and f1 empty). Taking it takes the cannon off the c-file and the rook takes '
     'the horse on c5: horse for horse, even: 捉. c1c0 attacks nothing (the king on d0 is a '
     'screen only for the empty rank 0) (闲); the black pawn\'s moves are 闲. Draw.',
     [X('c0c1', 'chaser c1g1 n: c1g1 h5c5 | chaser takes [\'n\'] loses [\'N\'] | points +0 | book: even'),
      X('c0c1 --opponent-first', 'opponent h5c5 N: h5c5 c1c5 | chaser takes [\'r\'] loses [\'N\']')])
case('26.5/pinned-cannon-uncovers-rook', ['26.5', '24.3'],
     '被牵的炮打马，吃马后让开车路丢车：得不偿失，判闲',
     'Kd0 Ae1 Rc1 Cc4 ke9 ae8 rc8 pe5 nf5 pi3', 'c4c5 i3h3 c5c4 h3i3', '闲 闲 闲 闲', 'draw',
     '26.5 (被"牵"子捉子…得不偿失者，按"闲"处理): the red cannon on c4 stands between the black '
     'rook on c8 and the red rook on c1, which nothing else protects (the advisor on e8 keeps the '
     'cannon from checking along the e-file from e4). c4c5 keeps it on the file '
     'and makes it attack the unprotected black horse on f5 over the pawn on e5 (d5 empty); '
     'but taking the horse uncovers the rook on c1, far down the file, and the black rook takes '
     'it (no red piece reaches c1): a horse for a rook, a loss, so the move is 闲. The black '
     'rook may take the cannon on c5 or c4, but the rook on c1 takes back. c5c4 attacks '
     'nothing (闲); the black pawn\'s moves are 闲. Draw.',
     [X('c4c5', 'chaser c5f5 n: c5f5 c8c1 | chaser takes [\'n\'] loses [\'R\'] | points -5 | book: loss')])
case('26.5/lost-first-gain', ['26.5', '26.6', '24.3'],
     '做根的车离线捉炮，先丢相后吃炮：强子换弱子为得子，仍判捉',
     'Kd0 Ae1 Rg2 Bg4 ke9 ad9 af9 ra4 cc7 pi1', 'g2c2 i1h1 c2g2 h1i1', '捉 闲 闲 闲', 'draw',
     '26.5 names 等值交换 for the protector that loses its piece first; a gain stays a chase '
     '(完整互吃后…得子者，按"捉"处理; 26.6: 弱子换任一强子均为得子). The rook on g2 protects the '
     'elephant on g4 against the black rook on a4 (b4-f4 empty); g2c2 leaves the g-file and '
     'attacks the unprotected cannon on c7 (c3-c6 empty). Black may take the elephant first, '
     'and the rook then takes the cannon: a strong piece for a weak one, a gain: 捉. c2g2 '
     'attacks nothing (闲); the black pawn\'s moves are 闲. Draw.',
     [X('g2c2 --opponent-first', 'opponent a4g4 B: a4g4 c2c7 | chaser takes [\'c\'] loses [\'B\'] | points +2 | book: gain'),
      X('g2c2', 'chaser c2c7 c: c2c7 a4g4 | chaser takes [\'c\'] loses [\'B\'] | points +2 | book: gain')])

# ---------- 26.8 兵(卒)、帅(将)的最后吃子
case('26.8/king-last-capture-after-even-exchange', ['26.8', '24.3', '24.8'],
     '马换炮等值交换后帅吃马：帅的最后吃子按闲处理',
     'Kd1 Na6 Pd6 ke9 ae8 cd9 nd2 pi3', 'a6c7 i3h3 c7a6 h3i3', '跟 闲 闲 闲', 'draw',
     '26.8 (其他子完成互吃等值交换过程后，兵(卒)或帅(将)的最后吃子，按"闲"处理; 参考图32): '
     'the black horse on d2 stands next to the red king on d1, protected by the cannon on d9 '
     'over the red pawn on d6, so the king cannot take it. a6c7 (leg b6) attacks the cannon, '
     'which the advisor on e8 protects: c7xd9 e8xd9 is horse for cannon, an even exchange, '
     'after which the horse on d2 has lost its protector and the king takes it. The king did '
     'not attack the horse together with the other piece; its capture comes only after the even '
     'exchange: no chase. The horse watches a protected piece it cannot win and attacks nothing '
     'else: 跟 (24.7), a kind of 闲 (24.8; the book prints 闲 for 参考图32\'s 马三进二). (The horse on c7 also attacks the advisor on e8, which the king on e9 '
     'protects: a horse for an advisor, no gain.) c7a6 and the black pawn moves are 闲. Draw.',
     [X('a6c7 --capture c7d9 --depth 1', 'chaser c7d9 c: c7d9 e8d9 | chaser takes [\'c\'] loses [\'N\'] | points +0 | book: even'),
      X('a6c7 --capture c7e8', 'chaser c7e8 a: c7e8 e9e8 | chaser takes [\'a\'] loses [\'N\'] | points -2 | book: loss'),
      X('', 'chaser: no capture')])
case('26.8/pawn-last-capture-after-even-exchange', ['26.8', '26.1', '24.3', '24.8'],
     '马换炮等值交换后兵吃马：兵的最后吃子按闲处理',
     'Kf0 Na6 Pd7 Pd5 ke9 ae8 cd9 nd6 pi3', 'a6c7 i3h3 c7a6 h3i3', '跟 闲 闲 闲', 'draw',
     '26.8 (其他子完成互吃等值交换过程后，兵(卒)…的最后吃子，按"闲"处理; 参考图33): the crossed '
     'pawn on d5 attacks the black horse on d6, which the cannon on d9 protects over the pawn on '
     'd7: a pawn for a horse, no gain (26.7), and a pawn\'s own chase (26.1). a6c7 (leg b6) '
     'attacks the cannon, protected by the advisor on e8: c7xd9 e8xd9 is horse for cannon, '
     'even, and only then does the pawn take the horse on d6, left without its protector — the '
     'pawn\'s last capture after an even exchange: no chase; the horse watches a protected piece it '
     'cannot win: 跟 (24.7, a kind of 闲). c7a6 and the black pawn moves are 闲. '
     'Draw.',
     [X('a6c7 --capture c7d9 --depth 1', 'chaser c7d9 c: c7d9 e8d9 | chaser takes [\'c\'] loses [\'N\'] | points +0 | book: even'),
      X('a6c7 --capture d5d6', 'book: even')])
case('26.8/pawn-and-horse-on-one-piece', ['26.8', '26.1.1', '24.3'],
     '兵与马共同擒捉同一个炮：兵的最后吃子按捉处理',
     'Kf0 Na6 Pd6 ke9 ae8 cd7 pi3', 'a6b8 i3h3 b8a6 h3i3', '捉 闲 闲 闲', 'draw',
     '26.8 (兵(卒)…与其他子共同擒捉的是对方同一个子，则兵(卒)…的最后吃子，按"捉"处理): the '
     'crossed pawn on d6 attacks the cannon on d7, which the advisor on e8 protects: a pawn for '
     'a cannon is no gain (26.7), the pawn\'s own chase. a6b8 (leg a7) brings the horse onto the '
     'same cannon (leg c8): b8xd7 e8xd7 d6xd7 wins a cannon and an advisor for the horse — the '
     'pawn and the horse take the same piece, so the pawn\'s last capture counts and the move '
     'is 捉 (26.1.1 too: 与其他子配合同时产生"捉"). b8a6 and the black pawn moves are 闲. Draw.',
     [X('a6b8 --capture b8d7', 'chaser b8d7 c: b8d7 e8d7 d6d7 | chaser takes [\'c\', \'a\'] loses [\'N\'] | points +2 | book: gain'),
      X('--capture d6d7 --depth 1', 'chaser d6d7 c: d6d7 e8d7 | chaser takes [\'c\'] loses [\'P\'] | points +3 | book: even')])

def M(args, expect):
    """An exchange_check.py --mate run (after the FEN) and what it must print."""
    return ("exchange_check.py", args.split(), expect)


# ---------- 26.11 车炮同时与炮接触
case('26.11.1/rook-and-cannon-on-unprotected-cannon', ['26.11.1', '26.11', '24.3'],
     '车进作炮架，车炮同时与无根炮接触：车方按捉处理',
     'Kd0 Be2 Ra4 Cc0 ke9 ad9 af9 cc7 pi3', 'a4c4 i3h3 c4a4 h3i3', '捉 闲 闲 闲', 'draw',
     '26.11.1 (被接触的马(炮)"无根"，则车方按"捉"处理): a4c4 brings the rook against the black '
     'cannon on c7 (c5, c6 empty) and makes it the screen of the red cannon on c0, which now '
     'attacks c7 too: 车炮同时与炮产生接触. The black cannon can take the red cannon over the same '
     'screen (the elephant on e2 takes back), but it has no protector: 捉. Before the move '
     'nothing attacked it. c4a4 and the black pawn moves are 闲. Draw.',
     [X('a4c4 --capture c4c7', 'chaser c4c7 c: c4c7 | chaser takes [\'c\'] loses [] | points +4 | book: gain'),
      X('a4c4 --opponent-first', 'opponent c7c0 C: c7c0 c4c0 | chaser takes [\'c\'] loses [\'C\'] | points +0 | book: even'),
      X('', 'chaser: no capture')])
case('26.11.2/rook-and-cannon-on-protected-cannon', ['26.11.2', '26.11', '24.4'],
     '车进作炮架，车炮同时与有根炮接触，接受邀兑后根无损失：按兑处理',
     'Kd0 Be2 Ra4 Cc0 ke9 af9 nd9 cc7 pi3', 'a4c4 i3h3 c4a4 h3i3', '兑 闲 闲 闲', 'draw',
     '26.11.2 (被接触的马(炮)有根，且主动接受邀兑后其"根"无损失，按"兑"处理): as in '
     '26.11.1/rook-and-cannon-on-unprotected-cannon, but the horse on d9 protects the black cannon '
     '(leg d8). c0xc7 d9xc7 c4xc7 would win a horse (a 少根子 chase, 24.15), but if black accepts '
     'the cannon offered (c7xc0, e2xc0) its horse loses nothing: 兑. c4a4 and the black pawn '
     'moves are 闲. Draw.',
     [X('a4c4 --capture c0c7', 'chaser c0c7 c: c0c7 | chaser takes [\'c\'] loses [] | points +4 | book: gain'),
      X('a4c4 --opponent-first', 'opponent c7c0 C: c7c0 c4c0 | chaser takes [\'c\'] loses [\'C\'] | points +0 | book: even')])
case('26.11.1/horse-leaves-the-rank-into-contact', ['26.11.1', '26.11', '24.3'],
     '马离开横线与无根马接触，同时让开车路：车马同时与马接触，车方按捉处理',
     'Kd0 Ae1 Ra5 Nc5 Pe3 kf9 ad9 ae8 ng5 pi3', 'c5e4 i3h3 e4c5 h3i3', '捉 闲 闲 闲', 'draw',
     '26.11.1 (被接触的马"无根"，则车方按"捉"处理): c5e4 (leg d5) puts the red horse in contact '
     'with the black horse on g5 (legs f4 both ways) and takes it off rank 5, so the rook on a5 '
     'attacks g5 too (b5-f5 empty): 车马同时与马产生接触. The black horse has no protector: 捉. If '
     'black takes the red horse, the pawn on e3 takes back. Before the move nothing attacked '
     'g5, and the horse on c5 has no check to give (the king stands on f9; on e9, c5d7 would '
     'check and uncover the rook, winning the horse already before the move). e4c5 closes the '
     'rank again (闲); the black pawn moves are 闲. Draw.',
     [X('c5e4 --capture a5g5', 'chaser a5g5 n: a5g5 | chaser takes [\'n\'] loses [] | points +4 | book: gain'),
      X('c5e4 --opponent-first', 'opponent g5e4 N: g5e4 e3e4 | chaser takes [\'n\'] loses [\'N\'] | points +0 | book: even'),
      X('', 'chaser: no capture')])
case('26.11.2/horse-leaves-the-rank-protected-horse', ['26.11.2', '26.11', '24.4'],
     '同上而黑马有象保护：接受邀兑后根无损失，按兑处理',
     'Kd0 Ae1 Ra5 Nc5 Pe3 kf9 ad9 ae8 be7 ng5 pi3', 'c5e4 i3h3 e4c5 h3i3', '兑 闲 献 闲', 'draw',
     '26.11.2 (被接触的马有根，且主动接受邀兑后其"根"无损失，按"兑"处理): as in '
     '26.11.1/horse-leaves-the-rank-into-contact, but the elephant on e7 protects the black horse '
     '(eye f6). e4xg5 e7xg5 a5xg5 would win the elephant (a 少根子, 24.15), but if black accepts '
     'the horse offered (g5xe4, e3xe4) its elephant loses nothing: 兑. e4c5 puts the horse where '
     'the elephant can take it (eye d6) and the rook take back only the elephant, a horse for an '
     'elephant: 献 (24.5, a kind of 闲). The black pawn moves are 闲. Draw.',
     [X('c5e4 --capture e4g5', 'chaser e4g5 n: e4g5 e7g5 a5g5 | chaser takes [\'n\', \'b\'] loses [\'N\'] | points +2 | book: gain'),
      X('c5e4 --opponent-first', 'opponent g5e4 N: g5e4 e3e4 | chaser takes [\'n\'] loses [\'N\'] | points +0 | book: even'),
      X('c5e4 i3h3 e4c5 --opponent-first', 'opponent e7c5 N: e7c5 a5c5 | chaser takes [\'b\'] loses [\'N\'] | points -2 | book: loss')])
case('26.11.2/another-piece-joins', ['26.11.2', '26.11', '24.3'],
     '车马与有根马接触后，车方增加炮参与并产生新的捉：按捉处理',
     'Kd0 Ae1 Ra5 Ne4 Pe3 Pg3 Ci2 ke9 ad9 af9 be7 rg9 ng5 pc2', 'i2g2 c2b2 g2i2 b2c2', '捉 闲 闲 闲', 'draw',
     '26.11.2, second sentence (如车方增加其他参与子力并产生新的捉，按"捉"处理): the rook on a5 and '
     'the horse on e4 are in contact with the black horse on g5, which the elephant on e7 and '
     'the rook on g9 protect: two attackers against two protectors, no gain (e4xg5 g9xg5). '
     'i2g2 adds the cannon, over the pawn on g3, as a third attacker of g5: a participant '
     'added, and with it g2xg5 e7xg5 a5xg5 (or e4xg5 e7xg5 a5xg5) wins the horse and the '
     'elephant for one piece: a new chase, 捉. g2i2 '
     'takes it away (闲); the black pawn moves on rank 2 attack nothing (闲). Draw.',
     [X('i2g2 --capture g2g5 --depth 8', 'chaser g2g5 n: g2g5 e7g5 a5g5 | chaser takes [\'n\', \'b\'] loses [\'C\'] | points +2 | book: gain'),
      X('--capture e4g5 --depth 8', 'chaser e4g5 n: e4g5 g9g5 | chaser takes [\'n\'] loses [\'N\'] | points +0 | book: even')])
# ---------- 26.6 强子、弱子
case('26.6/advisor-for-horse-is-a-gain', ['26.6', '24.3'],
     '仕捉有根马：弱子换强子为得子，判捉',
     'Kf0 Ad0 ke9 rd9 nd2 pi3', 'd0e1 i3h3 e1d0 h3i3', '捉 闲 闲 闲', 'draw',
     '26.6 (一个或数个弱子换任一强子均为得子): d0e1 makes the advisor attack the black horse on d2, '
     'which the rook on d9 protects (d3-d8 empty). The advisor takes it and the rook takes the '
     'advisor back: a weak piece for a strong one, a gain, so the move is 捉 although the horse '
     'is protected. e1d0 attacks nothing (闲); the black pawn moves are 闲. Draw.',
     [X('d0e1', 'chaser e1d2 n: e1d2 d9d2 | chaser takes [\'n\'] loses [\'A\'] | points +2 | book: gain'),
      X('', 'chaser: no capture')])
# ---------- 26.3 自己离线断根将军
case('26.3/cannon-protector-leaves-to-check', ['26.3', '24.1', '24.8'],
     '做根的炮离线将军，马失根；黑方支士应将后可吃马：责任自负，判闲',
     'Kd0 Cc1 Pc3 Nc5 ke9 ae8 rh5', 'c1e1 e8f7 e1c1 f7e8', '将 闲 闲 闲', 'draw',
     '26.3 (做为根的子，自己离线断根"将军"…造成被保护的子失根被捉，责任自负): the cannon on c1 '
     'protects the horse on c5 over the pawn on c3 against the black rook on h5. c1e1 checks '
     'over the advisor on e8 (将) and leaves the horse without protector. Black answers by moving '
     'the screen, e8f7, after which its rook can take the horse for nothing — but red cut the '
     'protection itself to check, so this is not black\'s 捉: 闲. e1c1 protects the horse again '
     '(闲); f7e8 is 闲. 一将一闲 and 两闲: draw.',
     [X('--opponent-first', 'opponent h5c5 N: h5c5 c1c5 | chaser takes [\'r\'] loses [\'N\']'),
      X('c1e1 e8f7 --opponent-first', 'opponent h5c5 N: h5c5 | chaser takes [] loses [\'N\'] | points -4 | book: loss')])


def verify(fen, c):
    errs = []
    for tool, args, expect in c["verify"]:
        cmd = [sys.executable, os.path.join(DIFFTEST, tool), fen] + args
        r = subprocess.run(cmd, capture_output=True, text=True)
        if expect not in r.stdout:
            errs.append(f"{tool} {' '.join(args)}: expected {expect!r}, got {r.stdout.strip()!r} {r.stderr.strip()}")
    return errs


def run_tool(tool, fen, args):
    cmd = [sys.executable, os.path.join(DIFFTEST, tool), fen] + args
    r = subprocess.run(cmd, capture_output=True, text=True)
    return r.stdout + r.stderr


def verify_cycle(fen, c):
    """For cases given as a cycle (`moves`), the facts `cycle_facts.py` must
    print about it (`facts`) and other runs (`extra`: tool, args, expected)."""
    errs = []
    out = run_tool("cycle_facts.py", fen, c["moves"])
    if "returns to start: yes" not in out:
        errs.append("cycle_facts: the cycle does not return: " + out)
    for want in c["facts"]:
        if want not in out:
            errs.append(f"cycle_facts: expected {want!r} in {out!r}")
    for tool, args, want in c["extra"]:
        got = run_tool(tool, fen, args)
        if want not in got:
            errs.append(f"{tool} {' '.join(args)}: expected {want!r}, got {got.strip()!r}")
    return errs


def cycle_checks_text(c):
    """The note's list of the runs of `verify_cycle`."""
    return "; ".join([f"cycle_facts.py FEN {' '.join(c['moves'])} -> {w}" for w in c["facts"]]
                     + [f"{t} FEN {' '.join(a)} -> {e}" for t, a, e in c["extra"]])


def write_cases(out, description, cases, verify, checks_text, qigui, only=None):
    """Checks and verifies every case (`verify(fen, case)` returns the
    disagreements of the independent searches), records where qigui
    diverges (the case is then skipped with the divergence as its reason)
    and writes the corpus file `out`; writes nothing and exits 1 when a case
    is illegal or a search disagrees. `description`: the file's description
    lines; `checks_text(case)`: the runs named in the note. With `only` (a
    case id prefix) the cases are checked and printed, not written. The
    writer of every composed_*.py."""
    q = cc.q
    head = ["format: 1", "edition: xiangqi-2020", "description: >-"]
    head += ["  " + line for line in description] + ["cases:"]
    L = list(head)
    bad = False
    for c in cases:
        if only and not c["cid"].startswith(only):
            continue
        fen, errs = cc.check(c)
        if not errs:
            errs = verify(fen, c)
        if errs:
            bad = True
            print("ERROR", c["cid"], fen, *errs, sep="\n  ", file=sys.stderr)
            continue
        L.append("  - id: " + "xiangqi-2020/" + c["cid"])
        L.append("    kind: move-labels")
        L.append("    clauses: [" + ", ".join(q(x) for x in c["clauses"]) + "]")
        L.append("    description: " + q(c["desc"]))
        L.append("    provenance: composed")
        L.append("    note: " + q(c["note"] + " [independent checks: " + checks_text(c) + "]"))
        div = cc.divergence(qigui, fen, c)
        if div:
            print("DIVERGENCE", c["cid"], div, file=sys.stderr)
            L.append("    skip: " + q("Known divergence: " + div))
        L.append("    input:")
        L.append("      fen: " + q(fen))
        L.append("      moves: [" + ", ".join(c["moves"]) + "]")
        if c.get("key_points"):
            L.append("      key_points: [" + ", ".join(c["key_points"]) + "]")
        exp = "{labels: [" + ", ".join(c["labels"]) + "]"
        if c["verdict"]:
            exp += ", verdict: " + c["verdict"]
        L.append("    expected: " + exp + "}")
    if bad:
        sys.exit(1)
    if only:
        print("\n".join(L[len(head):]))
        return
    with open(out, "w", encoding="utf-8") as f:
        f.write("\n".join(L) + "\n")
    print(f"{out}: {len(cases)} cases", file=sys.stderr)


def verify_checks(c):
    """The note's list of the runs of `verify` (tool, args, expected)."""
    return "; ".join(f"{t} FEN {' '.join(a)} -> {e}" for t, a, e in c["verify"])


def main():
    qigui = sys.argv[1] if len(sys.argv) > 1 else "target/release/qigui"
    write_cases(OUT, [
        "Composed boards for the clauses of article 24 and 26.1-26.11 beyond",
        "24-26-clauses.yaml, each with the book's reasoning in its note and",
        "verified by an independent search over Fairy-Stockfish's move generator",
        "(tools/difftest/exchange_check.py, tools/difftest/checks_win.py; the",
        "runs and what they print are in tools/authoring/composed_cases.py, which",
        "writes this file and refuses to when one disagrees). A case qigui does not",
        "reproduce is skipped with the exact divergence as its reason.",
    ], CASES, verify, verify_checks, qigui)


if __name__ == "__main__":
    main()
