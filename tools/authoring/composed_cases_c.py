#!/usr/bin/env python3
"""More composed and independently verified boards for 26.3-26.11 of the
2020 Xiangqi rules (issue 24, item 3: at least three boards per clause).

Writes cases/xiangqi-2020/26-composed-c.yaml, in the form and with the
checks of tools/authoring/composed_cases.py (whose helpers it uses): each
case is a small position of its own (pieces as `<letter><square>`, red upper
case, ICCS squares), one period of a repetition cycle, the labels and verdict
the clause's words give, the reasoning in the note, and the independent
searches over Fairy-Stockfish's move generator (pyffish) that bear it out
(`verify`: tools/difftest/exchange_check.py for captures, exchanges with the
book's values and mates by checks, tools/difftest/checks_win.py for gains by
checks), each with a line its output must contain. The script refuses to
write the file when one disagrees or a position or cycle is illegal.

qigui is run only to record where it diverges (the case is then skipped with
the divergence as its reason).

Usage: python3 tools/authoring/composed_cases_c.py [path to the qigui binary]
(needs pyffish: pip install pyffish, or tools/adapters/setup.sh)
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import clause_cases as cc  # noqa: E402
import composed_cases as base  # noqa: E402

OUT = "cases/xiangqi-2020/26-composed-c.yaml"

CASES = []
X, C = base.X, base.C


def case(cid, clauses, desc, pieces, moves, labels, verdict, note, verify, turn="w"):
    CASES.append(dict(cid=cid, clauses=clauses, desc=desc, pieces=cc.P(pieces),
                      moves=moves.split(), labels=labels.split(), verdict=verdict,
                      note=note, verify=verify, turn=turn, optional=False, key_points=[]))


# ---------- 26.3 自毙、己方走子造成的被捉、根子离线将军(或应将)
case('26.3/answer-opens-the-line-to-the-abandoned-horse', ['26.3', '24.1', '24.8'],
     '做根的车离线将军，黑马垫将让开车路，黑车可吃失根之马：责任自负，判闲',
     'Kd0 Ae1 Rc2 Nc5 ke9 ad9 bg9 nf5 rh5', 'c2e2 f5e7 e2c2 e7f5', '将 闲 闲 闲', 'draw',
     '26.3 (做为根的子，自己离线断根"将军"…造成被保护的子失根被捉，责任自负; 参考图22): the rook '
     'on c2 protects the horse on c5 (c3, c4 empty). The black rook on h5 would attack it along '
     'rank 5 but the black horse on f5 stands in the way. c2e2 checks the king on e9 up the '
     'open e-file (将) and leaves the horse. Black blocks with f5e7 (leg f6), which also opens '
     'rank 5: the rook on h5 can now take the horse for nothing. The capture is new, and made '
     'possible by the answer itself, but the horse lost its protector because its protector '
     'left to give check: red\'s own doing, so it is not black\'s 捉: 闲. (The horse on e7 is '
     'protected by the elephant on g9, so the rook on e2 cannot take it for nothing.) e2c2 '
     'protects the horse again (闲); e7f5 closes rank 5 (闲). 一将一闲 and 两闲: draw.',
     [X('c2e2 f5e7 e2c2 --opponent-first', "opponent h5c5 N: h5c5 c2c5 | chaser takes ['r'] loses ['N']"),
      X('c2e2 f5e7 --opponent-first', "opponent h5c5 N: h5c5 | chaser takes [] loses ['N'] | points -4 | book: loss"),
      X('c2e2 f5e7 --capture e2e7', "chaser e2e7 n: e2e7 g9e7 | chaser takes ['n'] loses ['R'] | points -5 | book: loss"),
      X('--opponent-first', 'opponent: no capture')])
case('26.3/protector-leaves-to-answer-a-check', ['26.3', '24.1', '24.4', '24.8'],
     '做根的车离线应将，马失根；黑车退回捉马：责任自负，判闲',
     'Kd0 Ra1 Na4 ke9 ad9 af9 ra7', 'a7d7 a1d1 d7a7 d1a1', '将 兑 闲 闲', 'draw',
     '26.3 (做为根的子，自己离线断根"将军"(或应将)，造成被保护的子失根被捉，责任自负): the red '
     'rook on a1 protects the horse on a4 (a2, a3 empty) against the black rook on a7 (a5, a6 '
     'empty). a7d7 checks the king on d0 (将). Red answers with a1d1, the horse\'s protector '
     'leaving its line to block — protected by the king, it offers the rooks (兑, 24.4: d7xd1 '
     'd0xd1 is even). d7a7 goes back and attacks the horse, now without a protector; the rook '
     'on a7 could not win it before the check. But the horse lost its protector when the '
     'protector left to answer the check (或应将): red\'s own doing, so the chase is not '
     'counted: 闲. d1a1 protects the horse again (闲). Black 一将一闲, red 一兑一闲: both allowed, '
     'draw. Read as 捉, black\'s 一将一捉 would be forbidden and black would change.',
     [X('', "chaser a7a4 N: a7a4 a1a4 | chaser takes ['N'] loses ['r'] | points -5 | book: loss"),
      X('a7d7 a1d1 d7a7 --capture a7a4 --depth 0', "chaser a7a4 N: a7a4 | chaser takes ['N'] loses [] | points +4 | book: gain"),
      X('a7d7 a1d1 --capture d7d1', "chaser d7d1 R: d7d1 d0d1 | chaser takes ['R'] loses ['r'] | points +0 | book: even")],
     turn='b')
case('26.3/own-move-leaves-the-cannon-hanging', ['26.3', '24.8'],
     '红马进七自断车根，炮被黑车捉：己方走子造成的被捉状态，黑方无直接参与的着法判闲',
     'Kd0 Ra2 Nb0 Cf2 ke9 ad9 ae8 rf7 pi3', 'b0c2 i3h3 c2b0 h3i3', '闲 闲 闲 闲', 'draw',
     '26.3 (无直接参与且是己方走子造成被捉的状态，不予考虑; 参考图21: 红马被黑车捉的状态…是红方自己'
     '造成的): the red cannon on f2 stands in the line of the black rook on f7 (f3-f6 empty), '
     'protected by the rook on a2 along rank 2. b0c2 (leg b1) puts the horse on c2, between '
     'the rook and the cannon: red\'s own move leaves the cannon to be taken for nothing. '
     'Black\'s i3h3 takes no part in that capture: the state was made by red, so the move is '
     '闲, not 捉. c2b0 protects the cannon again (闲); h3i3 is 闲. Draw.',
     [X('--opponent-first', "opponent f7f2 C: f7f2 a2f2 | chaser takes ['r'] loses ['C']"),
      X('b0c2 --opponent-first', "opponent f7f2 C: f7f2 | chaser takes [] loses ['C'] | points -4 | book: loss")])

# ---------- 26.4 兼具多种作用，从重裁处
case('26.4/follow-and-chase', ['26.4', '24.3', '24.7'],
     '马进盯有根炮(跟)，同时捉无根炮：跟兼捉，从重判捉',
     'Kd0 Ae1 Nc3 ke9 ad9 af9 bc9 ce7 cb6 pi3', 'c3d5 i3h3 d5c3 h3i3', '捉 闲 闲 闲', 'draw',
     '26.4 (凡走子兼具多种作用时，应从重裁处): c3d5 (leg c4) makes the horse attack the cannon on '
     'e7 (leg d6), which the elephant on c9 protects (eye d8): horse for cannon is no gain, so '
     'that alone is 跟 (24.7). From d5 the horse also attacks the cannon on b6 (leg c5), which '
     'nothing protects: 捉. The heavier effect rules: 捉. d5c3 attacks nothing (闲); the black '
     'pawn\'s moves are 闲. Draw.',
     [X('c3d5 --capture d5e7', "chaser d5e7 c: d5e7 c9e7 | chaser takes ['c'] loses ['N'] | points +0 | book: even"),
      X('c3d5 --capture d5b6', "chaser d5b6 c: d5b6 | chaser takes ['c'] loses [] | points +4 | book: gain"),
      X('', 'chaser: no capture')])
case('26.4/block-and-chase', ['26.4', '24.3', '24.6'],
     '马进拦车吃相(拦)，同时捉无根炮：拦兼捉，从重判捉',
     'Kd0 Ae1 Nc2 Nb3 Bg4 ke9 ad9 af9 ra4 ce6 pi3', 'c2d4 i3h3 d4c2 h3i3', '捉 闲 闲 闲', 'draw',
     '26.4: the black rook on a4 attacks the red elephant on g4 along rank 4 (b4-f4 empty), '
     'which nothing protects. c2d4 (leg c3) puts the horse between them: a block (拦, 24.6); '
     'the rook cannot take the horse for nothing, as the horse on b3 takes back (leg c3). From '
     'd4 the horse also attacks the cannon on e6 (leg d5), which nothing protects: 捉. The '
     'heavier effect rules: 捉. d4c2 attacks nothing (闲); the black pawn\'s moves are 闲. Draw.',
     [X('--opponent-first', "opponent a4g4 B: a4g4 | chaser takes [] loses ['B'] | points -2 | book: loss"),
      X('c2d4 --opponent-first', "opponent a4d4 N: a4d4 b3d4 | chaser takes ['r'] loses ['N']"),
      X('c2d4 --capture d4e6', "chaser d4e6 c: d4e6 a4g4 | chaser takes ['c'] loses ['B'] | points +2 | book: gain")])
case('26.4/chase-and-mate-threat', ['26.4', '24.2', '24.3'],
     '车平二伏车二进四杀，同时捉无根马：捉兼杀，从重判杀',
     'Kd0 Ri8 Ri5 ke9 nh2 pa3', 'i5h5 a3b3 h5i5 b3a3', '杀 闲 闲 闲', 'draw',
     '26.4 (兑(献)兼杀，按"杀"处理; a move with several effects is judged by the heaviest): the '
     'rook on i8 holds rank 8. i5h5 opens the h-file for the rook: h5h9 next is mate (the king '
     'on e9 cannot step to d9, f9 or rank 8, and nothing blocks f9 or g9): 杀 (24.2). Before '
     'the move the rook on i8 closes the i-file. From h5 the rook also attacks the horse on h2 '
     '(h3, h4 empty), which nothing protects: 捉. 杀 is the heavier: 杀. h5i5 is 闲; the black '
     'pawn\'s moves are 闲. 一杀一闲 and 两闲: draw.',
     [X('i5h5 --mate 1', 'mate by at most 1 checks: yes'),
      X('--mate 1', 'mate by at most 1 checks: no'),
      X('i5h5 --capture h5h2', "chaser h5h2 n: h5h2 | chaser takes ['n'] loses [] | points +4 | book: gain")])

# ---------- 26.6 强子、弱子
case('26.6/horse-for-two-advisors-is-no-gain', ['26.6', '24.3', '24.7'],
     '马进盯有根士，马换双士：一个强子换数个弱子不算得子，判跟(闲)',
     'Kd0 Re3 Nb5 kf9 ad9 ae8 pa1', 'b5c7 a1b1 c7b5 b1a1', '跟 闲 闲 闲', 'draw',
     '26.6 (一个强子主动换数个弱子不算得子): the rook on e3 attacks the advisor on e8 (e4-e7 '
     'empty), which the advisor on d9 protects: rook for advisor, a loss. b5c7 (leg b6) brings '
     'the horse onto e8 as well (leg d7) and onto d9 (leg c8): c7xe8 d9xe8 e3xe8 wins both '
     'advisors for the horse — one strong piece for several weak ones, which 26.6 says is no '
     'gain; c7xd9 e8xd9 loses the horse for one advisor; taking with the rook first loses '
     'the rook. The horse watches protected pieces it cannot win: 跟 (24.7), a kind of 闲. c7b5 '
     'and the black pawn moves are 闲. Draw.',
     [X('b5c7 --capture c7e8', "chaser c7e8 a: c7e8 d9e8 e3e8 | chaser takes ['a', 'a'] loses ['N'] | points +0 | book: loss"),
      X('--capture e3e8', "chaser e3e8 a: e3e8 d9e8 | chaser takes ['a'] loses ['R'] | points -7 | book: loss")])
case('26.6/elephant-for-protected-cannon-is-a-gain', ['26.6', '24.3'],
     '相飞起捉有根炮：弱子换强子为得子，判捉',
     'Kd0 Bc0 ke9 ad9 af9 rg9 cg4 pi3', 'c0e2 i3h3 e2c0 h3i3', '捉 闲 闲 闲', 'draw',
     '26.6 (一个或数个弱子换任一强子均为得子): c0e2 (eye d1) makes the elephant attack the black '
     'cannon on g4 (eye f3), which the rook on g9 protects (g5-g8 empty). The elephant takes it '
     'and the rook takes the elephant back: a weak piece for a strong one, a gain: 捉. e2c0 '
     'attacks nothing (闲); the black pawn\'s moves are 闲. Draw.',
     [X('c0e2 --capture e2g4', "chaser e2g4 c: e2g4 g9g4 | chaser takes ['c'] loses ['B'] | points +2 | book: gain"),
      X('', 'chaser: no capture')])

# ---------- 26.7 过河兵的浮动价值
case('26.7/pawn-check-wins-a-rook', ['26.7', '26.1.1', '24.3'],
     '兵平中伏送兵将军换车：按捉处理',
     'Kf0 Ra9 Nb7 Pf7 ke9 rd9 pi3', 'f7e7 i3h3 e7f7 h3i3', '捉 闲 闲 闲', 'draw',
     '26.7 (主动送兵(卒)将军换车按"捉"处理): f7e7 puts the crossed pawn under the king. Next, '
     'e7e8 checks; the king must take it (f9 faces the red king on f0 along the open f-file, '
     'd9 is its own rook), and from e8 it no longer protects the rook on d9, which the rook on '
     'a9 then takes (b9, c9 empty): a pawn given with check for a rook, 捉 — the pawn\'s own '
     'chase of 26.1 does not excuse it, the rook being won by another piece (26.1.1: 走动兵后'
     '其他子产生新的捉). Before the move the rook exchange a9xd9 e9xd9 is even and nothing '
     'checks. e7f7 is 闲 (the pawn on f7 checks nothing); the black pawn\'s moves are 闲. Draw.',
     [C('f7e7 --checks 1', '8'),
      C('--checks 1', 'none'),
      X('--capture a9d9', "chaser a9d9 r: a9d9 e9d9 | chaser takes ['r'] loses ['R'] | points +0 | book: even")])
case('26.7/rook-leaves-a-pawn-for-a-horse', ['26.7', '26.5', '24.8'],
     '做根的车离线捉无根马，先丢过河兵：兵与马互换不算得子，判闲',
     'Kd0 Ae1 Rc2 Pc6 ke9 ad9 af9 ra6 ng5 pi3', 'c2g2 i3h3 g2c2 h3i3', '闲 闲 闲 闲', 'draw',
     '26.7 (兵(或数兵)与其他一子或数子…互换均不算得子) with 26.5\'s last sentence: the rook on c2 '
     'protects the crossed pawn on c6 (c3-c5 empty) against the black rook on a6 (b6 empty). '
     'c2g2 leaves the c-file to attack the unprotected horse on g5 (g3, g4 empty). Black takes '
     'the abandoned pawn first, then the rook takes the horse: a pawn for a horse, which 26.7 '
     'does not count as a gain for either side, so the exchange is even and, the protected '
     'piece lost first, 闲 (26.5). In plain points red would gain 3. g2c2 protects the pawn '
     'again (闲); the black pawn\'s moves are 闲. Draw.',
     [X('c2g2 --opponent-first', "opponent a6c6 P: a6c6 g2g5 | chaser takes ['n'] loses ['P'] | points +3 | book: even"),
      X('--opponent-first', "opponent a6c6 P: a6c6 c2c6 | chaser takes ['r'] loses ['P']")])
case('26.7/rook-leaves-a-pawn-for-an-elephant', ['26.7', '26.5', '24.8'],
     '做根的车离线捉无根象，先丢过河兵：兵与象互换不算得子，判闲',
     'Kd0 Ae1 Rc2 Pc6 ke9 ad9 af9 ra6 bg5 pi3', 'c2g2 i3h3 g2c2 h3i3', '闲 闲 闲 闲', 'draw',
     '26.7 names advisors and elephants: 兵(或数兵)与其他一子或数子(包括士象)互换均不算得子. As '
     '26.7/rook-leaves-a-pawn-for-a-horse with an unprotected elephant on g5 in place of the '
     'horse: black takes the abandoned crossed pawn on c6 first, then the rook takes the '
     'elephant — a pawn for an elephant, no gain for either side (26.7), so even, and the '
     'protected piece lost first makes it 闲 (26.5). g2c2 protects the pawn again (闲); the '
     'black pawn\'s moves are 闲. Draw.',
     [X('c2g2 --opponent-first', "opponent a6c6 P: a6c6 g2g5 | chaser takes ['b'] loses ['P'] | points +1 | book: even"),
      X('c2g2 --capture g2g5', "book: even")])

# ---------- 26.10 邀兑
case('26.10/cannon-offer-opens-the-rank', ['26.10', '24.4', '24.3'],
     '炮邀兑，黑炮兑子后让开横线，红车吃车：被邀兑方子力受损，按捉处理',
     'Kd0 Rb5 Cb1 Pc3 Na2 ke9 ad9 af9 ba7 cc5 re5 pi3', 'b1c1 i3h3 c1b1 h3i3', '捉 闲 闲 闲', 'draw',
     '26.10 (同兵种邀兑，被邀兑方兑子后立即被杀或子力价值受损，邀兑方按"捉"处理): b1c1 brings the '
     'cannon against the black cannon on c5 over the pawn on c3 (each can take the other; the '
     'horse on a2 protects c1, leg b2; the elephant on a7 and the rook on e5 protect c5). If '
     'black accepts (c5xc1), its cannon leaves rank 5 and the rook on b5 takes the rook on e5 '
     '(c5, d5 empty) for nothing: black loses material at once, so the offer counts as 捉. '
     'Red taking first wins nothing: c1xc5 a7xc5, and b5xc5 would lose the rook to e5xc5. '
     'c1b1 attacks nothing (闲); the black pawn\'s moves are 闲. Draw.',
     [X('b1c1 c5c1 --capture b5e5 --depth 1', "chaser takes ['r'] loses [] | points +9 | book: gain"),
      X('b1c1 --capture c1c5', "book: even"),
      X('b1c1 --opponent-first', "opponent c5c1 C: c5c1 b5e5")])
case('26.10/cannon-offer-accepted-without-loss', ['26.10', '24.4'],
     '炮邀兑，黑方兑子后无损失：按兑处理',
     'Kd0 Cb1 Pc3 Na2 ke9 ad9 af9 ba7 cc5 re5 pi3', 'b1c1 i3h3 c1b1 h3i3', '兑 闲 闲 闲', 'draw',
     '26.10 (…反之，则按"兑"处理): 26.10/cannon-offer-opens-the-rank without the red rook on b5. '
     'b1c1 offers the cannon to the black cannon on c5 over the pawn on c3; if black accepts '
     '(c5xc1 a2xc1) it loses nothing, and red taking first is even too (c1xc5 a7xc5): 兑 '
     '(24.4), a kind of 闲. c1b1 and the black pawn moves are 闲. Draw.',
     [X('b1c1 --opponent-first', "opponent c5c1 C: c5c1 a2c1 | chaser takes ['c'] loses ['C'] | points +0 | book: even"),
      X('b1c1 --capture c1c5', "book: even")])

# ---------- 26.11.1 车马同时与无根马接触
case('26.11.1/rook-steps-off-the-horse-leg', ['26.11.1', '26.11', '24.3'],
     '车离马腿并与无根马接触：车马同时与马接触，按捉处理',
     'Kd0 Re4 Ne3 ke9 ae8 ad9 nf5 pi3', 'e4e5 i3h3 e5e4 h3i3', '捉 闲 闲 闲', 'draw',
     '26.11.1 (被接触的马"无根"，则车方按"捉"处理): the rook on e4 stands on the leg of the red '
     'horse on e3. e4e5 frees the leg, so the horses on e3 and f5 attack each other (legs e4 '
     'and f4), and the rook on e5 attacks f5 as well: 车马同时与马产生接触. The black horse has '
     'no protector: 捉. If it takes the red horse, the rook takes back (e4 empty). Before the '
     'move the black horse attacked the red horse, which the rook protected, and nothing '
     'attacked the black horse. e5e4 blocks the leg again (the rook on e4 attacks the '
     'advisor on e8, which the king protects: 闲); the black pawn\'s moves are 闲. Draw.',
     [X('e4e5 --capture e5f5', "chaser e5f5 n: e5f5 | chaser takes ['n'] loses [] | points +4 | book: gain"),
      X('e4e5 --opponent-first', "opponent f5e3 N: f5e3 e5e3 | chaser takes ['n'] loses ['N'] | points +0 | book: even"),
      X('--capture e4e8', "book: loss")])

# ---------- 26.9 双方均为禁止着法
case('26.9.4/horse-and-rook-both-chase-unprotected-pieces', ['26.9.4', '26.9.1', '24.11', '24.3'],
     '黑马往返各捉一个无根炮，红车追捉无根马：双方长捉无根子，均属26.9.1所列，双方不变作和',
     'Kd0 Rc2 Ca6 Cf4 ke9 ad9 af9 nc7', 'c7d5 c2d2 d5c7 d2c2', '捉 捉 捉 捉', 'draw',
     '26.9 (双方均为禁止着法的裁决): black\'s horse flees the red rook and each time attacks an '
     'unprotected red cannon: c7d5 (leg c6) the cannon on f4 (leg e5), d5c7 the cannon on a6 '
     '(leg b7) — 长捉无根子. The red rook follows it, c2d2 and d2c2, each time attacking the '
     'unprotected horse along the file (d3, d4 / c3-c6 empty) — 长捉无根子 too. Both sides are '
     'forbidden (24.13) and both cycles are among 26.9.1\'s (长捉无根子), so neither is singled '
     'out: 26.9.2 and 26.9.3 do not apply (no 联合捉), and by 26.9.4 both may keep repeating: '
     'draw (as 图3: 红方长捉无根子，黑方长捉车，双方不变作和).',
     [X('c7d5', "chaser d5f4 C: d5f4 | chaser takes ['C'] loses [] | points +4 | book: gain"),
      X('c7d5 c2d2 --opponent-first', "opponent d2d5 n: d2d5 | chaser takes [] loses ['n'] | points -4 | book: loss"),
      X('c7d5 c2d2 d5c7 --capture c7a6', "chaser c7a6 C: c7a6"),
      X('c7d5 c2d2 d5c7 d2c2 --opponent-first', "opponent c2c7 n: c2c7 | chaser takes [] loses ['n'] | points -4 | book: loss")],
     turn='b')

case('26.9.3/joint-chase-against-a-single-chase', ['26.9.3', '26.9.1', '24.17', '24.3'],
     '黑马往返长捉无根兵，红炮借马作炮架联合捉马：单方长捉无根子，对方联合捉无根子，前者(黑方)变着',
     'Kd0 Cc1 Nc4 Nd4 Pf6 Pa6 ke9 ad9 af9 nc7', 'c7d5 c1d1 d5c7 d1c1', '捉 捉 捉 捉', 'black_must_change',
     '26.9.3 (凡单方长捉无根子，对方联合捉无根子，前者变着): black\'s horse flees the cannon and '
     'each time attacks an unprotected crossed pawn: c7d5 (leg c6) the pawn on f6 (leg e5), '
     'd5c7 the pawn on a6 (leg b7) — 长捉无根子, by the horse alone. The red cannon follows it, '
     'c1d1 and d1c1, each time over a red horse (d4, c4) as its screen: without the screen the '
     'cannon cannot take, without the cannon the horse does not attack the black horse, so it '
     'is 联合捉子 (24.17: 缺少其中任何一个都无法吃子) of an unprotected piece — whatever one '
     'reads of other screens, a horse screen is a piece of the chase (参考图39: 车马炮联合捉车). '
     'Both sides are forbidden; the single 长捉无根子 against the joint one changes: black.',
     [X('c7d5 --capture d5f6', "chaser d5f6 P: d5f6 | chaser takes ['P'] loses [] | points +1 | book: gain"),
      X('c7d5 c1d1 --opponent-first', "opponent d1d5 n: d1d5 | chaser takes [] loses ['n'] | points -4 | book: loss"),
      X('c7d5 c1d1 d5c7 --capture c7a6', "chaser c7a6 P: c7a6 | chaser takes ['P'] loses [] | points +1 | book: gain"),
      X('c7d5 c1d1 d5c7 d1c1 --opponent-first', "opponent c1c7 n: c1c7 | chaser takes [] loses ['n'] | points -4 | book: loss")],
     turn='b')

case('26.9.1/single-chase-of-unprotected-against-short-protected', ['26.9.1', '24.15', '24.11', '24.3'],
     '红车长捉无根马，黑马往返捉少根兵：红方长捉无根子属26.9.1所列，黑方长捉少根子不属，红方变着',
     'Kf0 Rc2 Ca3 Pa4 Pa6 Pf6 Ne4 ke9 af9 ra9 rf8 nc7', 'c7d5 c2d2 d5c7 d2c2', '捉 捉 捉 捉', 'red_must_change',
     '26.9.1 (凡单方…长捉无根子…均须变着): black\'s horse flees the rook and each time attacks '
     'a crossed pawn that one red piece protects and a black rook attacks already: c7d5 (leg c6) '
     'the pawn on f6 (protected by the horse on e4, attacked by the rook on f8), d5c7 the pawn '
     'on a6 (protected by the cannon on a3 over the pawn on a4, attacked by the rook on a9). '
     'Two attackers against one protector: 少根子 (24.15), and the horse takes the pawn, the '
     'protector not daring to take back (the rook would take it): 长捉少根子, not in 26.9.1\'s '
     'list. The red rook follows the unprotected horse, c2d2 and d2c2: 长捉无根子, in the list. '
     'Both sides are forbidden; only red\'s cycle is one 26.9.1 names: red changes. The red '
     'king stands on f0, off the d-file: with it on d0 (the first version of this board) the '
     'rook on d2, its file opened by d5c7, refutes the capture of a6 — c7a6 a3a6 a9a6, and '
     'd2d9+ (the black king may not take, facing the red king) e9e8, d9d8+ and d8f8 win the '
     'rook on f8 for the cannon (checks_win.py "4ka3/5r3/9/r4P3/9/P3N4/9/3R5/9/3K5 w - - 0 1" '
     '--checks 2 -> 8): the horse could not win the pawn, and 马4退3 was only 跟. On f0 the '
     'king lets e9xd9 answer the check (the same run with the king on f0 -> none).',
     [X('c7d5 --capture d5f6', "chaser d5f6 P: d5f6 | chaser takes ['P'] loses [] | points +1 | book: gain"),
      X('c7d5 c2d2 --opponent-first', "opponent d2d5 n: d2d5 | chaser takes [] loses ['n'] | points -4 | book: loss"),
      X('c7d5 c2d2 d5c7 --capture c7a6', "chaser c7a6 P: c7a6 | chaser takes ['P'] loses [] | points +1 | book: gain"),
      X('c7d5 c2d2 d5c7 d2c2 --opponent-first', "opponent c2c7 n: c2c7 | chaser takes [] loses ['n'] | points -4 | book: loss"),
      X('--capture f8f6', "book: loss")],
     turn='b')


# ---------- more boards for 26.9.1-26.9.3 and 26.10 (issue 24, item 3)
case('26.9.2/horse-chases-two-rooks-against-joint-rook-chase', ['26.9.2', '26.9.1', '24.17', '24.11', '24.3'],
     '黑马往返各捉一个无根车，红炮借马作炮架轮流联合捉车：单方长捉车，对方联合捉车，前者(黑方)变着',
     'Kf0 Ri0 Rf2 Cc1 Nc5 Nd5 Pb5 Pe5 ke9 ad9 ae8 bg9 rc8 rd8 nh3', 'h3g1 c1d1 g1h3 d1c1', '捉 捉 捉 捉', 'black_must_change',
     '26.9.2 (凡单方长捉车，对方联合捉车，前者变着): black\'s horse goes h3g1 (leg h2), attacking the '
     'red rook on i0 (leg h1), and g1h3 (leg g2), attacking the red rook on f2 (leg g3): each time '
     'a rook, which a horse wins whatever protects it — 长捉车, by the horse alone. Red\'s cannon '
     'goes c1d1 and d1c1, each time over a red horse (d5, c5) at a black rook (d8, c8; the files '
     'between empty): without the horse the cannon cannot take, without the cannon the horse '
     'does not attack the rook, so it is 联合捉车 (24.17; a horse screen is one of the chasers, '
     '参考图39: 车马炮联合捉车). The horses cannot be taken for nothing (the crossed pawns on b5 and '
     'e5 protect them), and cannon for rook is a gain even with the other black rook taking '
     'back. The exchange searches below also show the other side\'s standing capture (each side '
     'has one hanging rook while it chases): they count it, and still the chaser ends ahead. '
     'Both sides are forbidden (24.13); the single 长捉车 against the joint one changes: black.',
     [X('h3g1 --capture g1i0', "chaser g1i0 R: g1i0 c1c8 d8c8 | chaser takes ['R', 'C'] loses ['r'] | points +4 | book: gain"),
      X('h3g1 --capture g1i0 --depth 0', "chaser g1i0 R: g1i0 | chaser takes ['R'] loses [] | points +9 | book: gain"),
      X('h3g1 c1d1 --opponent-first', "opponent d1d8 r: d1d8"),
      X('h3g1 c1d1 g1h3 --capture h3f2', "chaser h3f2 R: h3f2 d1d8 c8d8 | chaser takes ['R', 'C'] loses ['r'] | points +4 | book: gain"),
      X('h3g1 c1d1 g1h3 d1c1 --opponent-first', "opponent c1c8 r: c1c8"),
      X('h3g1 c1d1 --mate 3', 'mate by at most 3 checks: no')],
     turn='b')
case('26.9.2/red-horse-chases-two-rooks-against-joint-rook-chase', ['26.9.2', '26.9.1', '24.17', '24.11', '24.3'],
     '红马往返各捉一个无根车，黑炮借马作炮架轮流联合捉车：单方长捉车，对方联合捉车，前者(红方)变着',
     'kd9 ra9 rd7 cg8 ng4 nf4 ph4 pe4 Ke0 Af0 Ae1 Bc0 Rg1 Rf1 Nb6', 'b6c8 g8f8 c8b6 f8g8', '捉 捉 捉 捉', 'red_must_change',
     '26.9.2 with the colours the other way (the board of '
     '26.9.2/horse-chases-two-rooks-against-joint-rook-chase turned round and mirrored): red\'s '
     'horse goes b6c8 (leg b7), attacking the black rook on a9 (leg b8), and c8b6 (leg c7), '
     'attacking the black rook on d7 (leg c6): 长捉车 by one piece. Black\'s cannon goes g8f8 and '
     'f8g8, each time over a black horse (f4, g4; protected by the crossed pawns on e4 and h4) '
     'at a red rook (f1, g1): 联合捉车 (24.17). Both forbidden; the single 长捉车 changes: red.',
     [X('b6c8 --capture c8a9', "chaser c8a9 r: c8a9 g8g1 f1g1 | chaser takes ['r', 'c'] loses ['R'] | points +4 | book: gain"),
      X('b6c8 g8f8 --opponent-first', "opponent f8f1 R: f8f1"),
      X('b6c8 g8f8 c8b6 --capture b6d7', "chaser b6d7 r: b6d7 f8f1 g1f1 | chaser takes ['r', 'c'] loses ['R'] | points +4 | book: gain"),
      X('b6c8 g8f8 c8b6 f8g8 --opponent-first', "opponent g8g1 R: g8g1"),
      X('b6c8 g8f8 --mate 3', 'mate by at most 3 checks: no')])
case('26.9.2/rook-beside-the-kings-file-against-joint-rook-chase', ['26.9.2', '26.9.1', '24.17', '24.11', '24.3'],
     '黑马往返各捉一个无根车(一车在四路)，红炮借马作炮架轮流联合捉车：单方长捉车，前者(黑方)变着',
     'Kf1 Ae1 Ri0 Rf4 Cc1 Nc5 Nd5 Pb5 Pe5 ke9 ad9 ae8 bg9 rc8 rd8 nh3', 'h3g1 c1d1 g1h3 d1c1', '捉 捉 捉 捉', 'black_must_change',
     '26.9.2: as 26.9.2/horse-chases-two-rooks-against-joint-rook-chase, with the second red rook '
     'on f4 (attacked from h3, leg g3) instead of f2. Nothing protects it: the red horse on d5 '
     'would, but its leg e5 is the pawn\'s square. g1h3 is the same move as at ply 1 — a horse '
     'newly attacking an unprotected rook — so it is 捉 too, and the searches give it the same '
     'result as ply 1 (+4 with the other side\'s standing capture, +9 alone). 长捉车 against '
     '联合捉车: black changes. The red king stands on f1 behind an advisor on e1, where no '
     'horse move checks it: in the first version of this board (king on f0, no advisor) the '
     'horse on g1 could already win the rook on f4 before ply 3 — g1e2+ forks the king and '
     'the rook, and after each answer (f0f1, f0e0, d1e1) e2f4 wins it (exchange_check.py '
     '"3ak1b2/2rra4/9/9/1PNNP4/5R3/7n1/9/2C6/5K2R b - - 0 1" h3g1 c1d1 g1e2 f0f1 --capture '
     'e2f4 -> book: gain) — so 马7退8 created no new chase '
     '(图5: 吃士的结果没有发生变化，判闲) and was rightly 闲. The advisor on e1 also keeps the '
     'cannon on d1 from using the king as a screen against the horse on g1 along rank 1.',
     [X('h3g1 --capture g1i0', "chaser g1i0 R: g1i0 c1c8 d8c8 | chaser takes ['R', 'C'] loses ['r'] | points +4 | book: gain"),
      X('h3g1 c1d1 g1h3 --capture h3f4', "chaser h3f4 R: h3f4 d1d8 c8d8 | chaser takes ['R', 'C'] loses ['r'] | points +4 | book: gain"),
      X('h3g1 c1d1 g1h3 --capture h3f4 --depth 0', "chaser h3f4 R: h3f4 | chaser takes ['R'] loses [] | points +9 | book: gain"),
      X('h3g1 c1d1 --opponent-first', "opponent d1d8 r: d1d8"),
      X('h3g1 c1d1 g1h3 d1c1 --opponent-first', "opponent c1c8 r: c1c8"),
      X('h3g1 c1d1 g1h3 --mate 3', 'mate by at most 3 checks: no'),
      C('h3g1 c1d1 --checks 2', 'none')],
     turn='b')

case('26.9.1/unprotected-chase-against-elephant-chasing-protected', ['26.9.1', '26.6', '24.11', '24.3'],
     '黑马往返长捉无根炮，红相往返捉有根子(弱子换强子为得子)：黑方长捉无根子属26.9.1所列，红方不属，黑方变着',
     'Kd0 Bc4 Cf6 Ce6 ke9 ad9 af9 ra9 rg9 na2 cg4 nc7', 'c7d5 c4e2 d5c7 e2c4', '捉 捉 捉 捉', 'black_must_change',
     '26.9.1 (凡单方…长捉无根子…均须变着): black\'s horse goes c7d5 (leg c6), attacking the red '
     'cannon on f6 (leg e5), and d5c7 (leg d6), attacking the red cannon on e6 (leg d7); nothing '
     'protects either: 长捉无根子, in 26.9.1\'s list. Red\'s elephant goes c4e2 (eye d3), '
     'attacking the black cannon on g4 (eye f3), which the rook on g9 protects, and e2c4, '
     'attacking the black horse on a2 (eye b3), which the rook on a9 protects: an elephant for '
     'a cannon or a horse is a gain (26.6: 一个或数个弱子换任一强子均为得子), so each is 捉 — '
     '长捉 of protected pieces, forbidden (24.13) but not among 26.9.1\'s (长捉车, 长捉无根子). '
     'Only black\'s cycle is one 26.9.1 names: black changes.',
     [X('c7d5 --capture d5f6', "chaser d5f6 C: d5f6 c4a2 a9a2 | chaser takes ['C', 'B'] loses ['n'] | points +2 | book: gain"),
      X('c7d5 c4e2 --opponent-first', "opponent e2g4 c: e2g4"),
      X('c7d5 c4e2 d5c7 --capture c7e6', "chaser c7e6 C: c7e6 e2g4 g9g4 | chaser takes ['C', 'B'] loses ['c'] | points +2 | book: gain"),
      X('c7d5 c4e2 d5c7 e2c4 --opponent-first', "opponent c4a2 n: c4a2")],
     turn='b')
case('26.9.1/rook-and-unprotected-against-elephant-chasing-protected', ['26.9.1', '26.6', '24.15', '24.13', '24.3'],
     '黑马一捉车一捉无根炮，红相往返捉有根子：黑方一捉车一捉无根子属26.9.1所列，红方不属，黑方变着',
     'Kd0 Bc4 Rf4 Ce6 ke9 ad9 af9 ra9 rg9 na2 cg4 nc7', 'c7d5 c4e2 d5c7 e2c4', '捉 捉 捉 捉', 'black_must_change',
     '26.9.1 (一捉车一捉无根子…均须变着): as 26.9.1/unprotected-chase-against-elephant-chasing-protected '
     'with a red rook on f4 in place of the cannon on f6: c7d5 attacks the rook (leg e5), d5c7 '
     'the unprotected cannon on e6 — 一捉车一捉无根子, in the list. Red\'s elephant attacks the '
     'protected cannon on g4 (c4e2; the rook on f4 attacks it too, so with the elephant on e2 '
     'it is a 少根子, 24.15, two attackers against one protector) and the protected horse on a2 '
     '(e2c4): chases of protected pieces, not in the list. Black changes.',
     [X('c7d5 --capture d5f4 --depth 0', "chaser d5f4 R: d5f4 | chaser takes ['R'] loses [] | points +9 | book: gain"),
      X('c7d5 c4e2 --opponent-first', "opponent e2g4 c: e2g4"),
      X('c7d5 c4e2 d5c7 --capture c7e6 --depth 0', "chaser c7e6 C: c7e6 | chaser takes ['C'] loses [] | points +4 | book: gain"),
      X('c7d5 c4e2 d5c7 e2c4 --opponent-first', "opponent c4a2 n: c4a2")],
     turn='b')

case('26.9.3/cannon-and-pawn-against-joint-chase', ['26.9.3', '26.9.1', '24.17', '24.3'],
     '黑马往返捉无根炮、无根兵，红炮借马作炮架联合捉马：单方长捉无根子，对方联合捉无根子，前者(黑方)变着',
     'Kd0 Cc1 Nc4 Nd4 Cf6 Pa6 ke9 ad9 af9 nc7', 'c7d5 c1d1 d5c7 d1c1', '捉 捉 捉 捉', 'black_must_change',
     '26.9.3 (凡单方长捉无根子，对方联合捉无根子，前者变着): black\'s horse flees the cannon and '
     'each time attacks an unprotected red piece: c7d5 (leg c6) the cannon on f6 (leg e5), '
     'd5c7 (leg d6) the crossed pawn on a6 (leg b7) — 长捉无根子, by the horse alone. The red '
     'cannon follows it, c1d1 and d1c1, each time over a red horse (d4, c4) as its screen: '
     '联合捉 (24.17) of the unprotected horse. Both forbidden; the single chase changes: black.',
     [X('c7d5 --capture d5f6', "chaser d5f6 C: d5f6 | chaser takes ['C'] loses [] | points +4 | book: gain"),
      X('c7d5 c1d1 --opponent-first', "opponent d1d5 n: d1d5 | chaser takes [] loses ['n'] | points -4 | book: loss"),
      X('c7d5 c1d1 d5c7 --capture c7a6', "chaser c7a6 P: c7a6 | chaser takes ['P'] loses [] | points +1 | book: gain"),
      X('c7d5 c1d1 d5c7 d1c1 --opponent-first', "opponent c1c7 n: c1c7 | chaser takes [] loses ['n'] | points -4 | book: loss")],
     turn='b')
case('26.9.3/red-single-chase-against-black-joint-chase', ['26.9.3', '26.9.1', '24.17', '24.3'],
     '红马往返长捉无根卒，黑炮借马作炮架联合捉马：单方长捉无根子，对方联合捉无根子，前者(红方)变着',
     'Ke0 Ad0 Af0 Ng2 kf9 cg8 ng5 nf5 pd3 pi3', 'g2f4 g8f8 f4g2 f8g8', '捉 捉 捉 捉', 'red_must_change',
     '26.9.3 with the colours the other way: red\'s horse goes g2f4 (leg g3), attacking the '
     'crossed black pawn on d3 (leg e4), and f4g2 (leg f3), attacking the crossed pawn on i3 '
     '(leg h2); nothing protects them: 长捉无根子 by one piece. Black\'s cannon follows the '
     'horse, g8f8 and f8g8, each time over a black horse (f5, g5) as its screen: 联合捉 (24.17) '
     'of the unprotected horse. Both forbidden; the single chase changes: red.',
     [X('g2f4 --capture f4d3', "chaser f4d3 p: f4d3 | chaser takes ['p'] loses [] | points +1 | book: gain"),
      X('g2f4 g8f8 --opponent-first', "opponent f8f4 N: f8f4 | chaser takes [] loses ['N'] | points -4 | book: loss"),
      X('g2f4 g8f8 f4g2 --capture g2i3', "chaser g2i3 p: g2i3 | chaser takes ['p'] loses [] | points +1 | book: gain"),
      X('g2f4 g8f8 f4g2 f8g8 --opponent-first', "opponent g8g2 N: g8g2 | chaser takes [] loses ['N'] | points -4 | book: loss")])

case('26.10/rook-offer-opens-the-rank', ['26.10', '24.4', '24.3'],
     '车邀兑，黑车兑车后让开横线，红车吃车：被邀兑方子力受损，按捉处理',
     'Kd0 Ae1 Ad2 Rb5 Rb1 Na2 Na3 Pa5 ke9 ad9 af9 ba7 rc5 re5 pi3', 'b1c1 i3h3 c1b1 h3i3', '捉 闲 闲 闲', 'draw',
     '26.10 (同兵种邀兑，被邀兑方兑子后立即…子力价值受损，邀兑方按"捉"处理): b1c1 brings the rook '
     'against the black rook on c5 (c2-c4 empty; the horse on a2 protects c1, leg b2; the '
     'elephant on a7 and the rook on e5 protect c5). If black accepts (c5xc1), its rook leaves '
     'rank 5 and the rook on b5 takes the rook on e5 (c5, d5 empty) for nothing: black loses '
     'material at once, so the offer counts as 捉. Red taking first wins nothing (c1xc5 e5xc5). '
     'The rooks on b5 and c5 face each other throughout, b5 protected by the pawn on a5 and the '
     'horse on a3: no gain either way. c1b1 attacks nothing (闲); the black pawn\'s moves are 闲. Draw.',
     [X('b1c1 c5c1 --capture b5e5 --depth 1', "chaser b5e5 r: b5e5 d9e8 | chaser takes ['r'] loses [] | points +9 | book: gain"),
      X('b1c1 --capture c1c5', "chaser c1c5 r: c1c5 e5c5 | chaser takes ['r'] loses ['R'] | points +0 | book: even"),
      X('b1c1 --opponent-first', "opponent c5c1 R: c5c1 b5e5"),
      X('', "chaser b5c5 r: b5c5 e5c5 | chaser takes ['r'] loses ['R'] | points +0 | book: even")])


def main():
    qigui = sys.argv[1] if len(sys.argv) > 1 else "target/release/qigui"
    base.write_cases(OUT, [
        "More composed boards for 26.3-26.11 (issue 24, item 3), each a position",
        "of its own with the book's reasoning in its note and verified by an",
        "independent search over Fairy-Stockfish's move generator",
        "(tools/difftest/exchange_check.py, tools/difftest/checks_win.py; the runs",
        "and what they print are in tools/authoring/composed_cases_c.py, which",
        "writes this file and refuses to when one disagrees). A case qigui does not",
        "reproduce is skipped with the exact divergence as its reason.",
    ], CASES, base.verify, base.verify_checks, qigui)


if __name__ == "__main__":
    main()
