#!/usr/bin/env python3
"""Composed unit cases for articles 24 and 26.1-26.11 of the 2020 Xiangqi rules.

Writes cases/xiangqi-2020/24-26-clauses.yaml. Each case below is a small position
(pieces as `<letter><square>`, red upper case, ICCS squares) with one period of a
repetition cycle, the labels and the verdict that the clause's text gives, and the
reasoning in the note. The expected values are written here by hand from the book;
qigui is run only to record where it diverges (the case is then skipped with the
divergence as its reason).

Checked before writing (a small independent move generator below): every piece on
a point it can reach (2.2), both kings present, the side not to move not in check,
every move legal, and the cycle returning to its start.

Usage: python3 tools/authoring/clause_cases.py [path to the qigui binary]
"""
import json
import subprocess
import sys

# tiny xiangqi helper for composing: board, fen, legal moves, attackers
F='abcdefghi'
def sq(s): return (F.index(s[0]), int(s[1]))
def name(f,r): return F[f]+str(r)
def red(p): return p.isupper()
class B:
    def __init__(s, pieces, turn='w'):
        s.b={}
        for k,v in pieces.items(): s.b[sq(k)]=v
        s.turn=turn
    @staticmethod
    def fromfen(fen):
        rows=fen.split()[0].split('/'); d={}
        for i,row in enumerate(rows):
            r=9-i; f=0
            for c in row:
                if c.isdigit(): f+=int(c)
                else: d[name(f,r)]=c; f+=1
        return B(d, fen.split()[1])
    def fen(s):
        rows=[]
        for r in range(9,-1,-1):
            row='';e=0
            for f in range(9):
                p=s.b.get((f,r))
                if p: 
                    if e: row+=str(e); e=0
                    row+=p
                else: e+=1
            if e: row+=str(e)
            rows.append(row)
        return '/'.join(rows)+' '+s.turn+' - - 0 1'
    def show(s):
        for r in range(9,-1,-1):
            print(r,' '.join(s.b.get((f,r),'.') for f in range(9)))
        print('  '+' '.join(F))
    def pseudo(s,f,r):
        p=s.b[(f,r)]; R=red(p); t=p.lower(); out=[]
        def ok(x,y): return 0<=x<9 and 0<=y<10
        def own(x,y): q=s.b.get((x,y)); return q is not None and red(q)==R
        if t=='r' or t=='c':
            for dx,dy in ((1,0),(-1,0),(0,1),(0,-1)):
                x,y=f+dx,r+dy; jumped=False
                while ok(x,y):
                    q=s.b.get((x,y))
                    if t=='r':
                        if q is None: out.append((x,y))
                        else:
                            if red(q)!=R: out.append((x,y))
                            break
                    else:
                        if not jumped:
                            if q is None: out.append((x,y))
                            else: jumped=True
                        elif q is not None:
                            if red(q)!=R: out.append((x,y))
                            break
                    x+=dx;y+=dy
        elif t=='n':
            for dx,dy,lx,ly in ((1,2,0,1),(-1,2,0,1),(1,-2,0,-1),(-1,-2,0,-1),(2,1,1,0),(2,-1,1,0),(-2,1,-1,0),(-2,-1,-1,0)):
                x,y=f+dx,r+dy
                if ok(x,y) and (f+lx,r+ly) not in s.b and not own(x,y): out.append((x,y))
        elif t=='b':
            for dx,dy in ((2,2),(2,-2),(-2,2),(-2,-2)):
                x,y=f+dx,r+dy
                if ok(x,y) and (f+dx//2,r+dy//2) not in s.b and not own(x,y) and ((y<=4) if R else (y>=5)): out.append((x,y))
        elif t=='a' or t=='k':
            ds=((1,1),(1,-1),(-1,1),(-1,-1)) if t=='a' else ((1,0),(-1,0),(0,1),(0,-1))
            for dx,dy in ds:
                x,y=f+dx,r+dy
                if 3<=x<=5 and ((0<=y<=2) if R else (7<=y<=9)) and not own(x,y) and (t=='k' or valid(p,x,y)): out.append((x,y))
        elif t=='p':
            fw=1 if R else -1; ds=[(0,fw)]
            if (r>=5) if R else (r<=4): ds+=[(1,0),(-1,0)]
            for dx,dy in ds:
                x,y=f+dx,r+dy
                if ok(x,y) and not own(x,y): out.append((x,y))
        return out
    def king(s,R):
        for k,v in s.b.items():
            if v==('K' if R else 'k'): return k
    def incheck(s,R):
        k=s.king(R)
        if k is None: return True
        ok_=s.king(not R)
        if ok_ and ok_[0]==k[0] and not any((k[0],y) in s.b for y in range(min(k[1],ok_[1])+1,max(k[1],ok_[1]))): return True
        for (f,r),p in list(s.b.items()):
            if red(p)!=R and k in s.pseudo(f,r): return True
        return False
    def move(s,m):
        a=sq(m[:2]); b=sq(m[2:]); n=B({}); n.b=dict(s.b); n.b[b]=n.b.pop(a); n.turn='b' if s.turn=='w' else 'w'; return n
    def legal(s):
        R=s.turn=='w'; out=[]
        for (f,r),p in list(s.b.items()):
            if red(p)==R:
                for t in s.pseudo(f,r):
                    m=name(f,r)+name(*t)
                    if not s.move(m).incheck(R): out.append(m)
        return out
    def attackers(s,target,R):
        # pieces of side R that can legally capture on target (target occupied by other side)
        res=[]
        for (f,r),p in list(s.b.items()):
            if red(p)==R and sq(target) in s.pseudo(f,r):
                m=name(f,r)+target
                if not s.move(m).incheck(R): res.append(p+name(f,r))
        return res
    def report(s):
        s.show(); print(s.fen())
        R=s.turn=='w'
        assert s.king(True) and s.king(False), 'king missing'
        if s.incheck(not R): print('!!! ILLEGAL: side not to move in check')
        if s.incheck(R): print('side to move IN CHECK')
        for (f,r),p in sorted(s.b.items()):
            a=s.attackers(name(f,r), not red(p)); n=B({}); n.b=dict(s.b); n.b[(f,r)]=('r' if red(p) else 'R'); d=n.attackers(name(f,r), red(p))
            if a or p.lower()!='k': print(' ',p+name(f,r),'attacked by',a,'protected by',d)
def play(fen,moves):
    b=B.fromfen(fen)
    b.report()
    for m in moves.split():
        L=b.legal()
        assert m in L, (m,'illegal',L)
        b=b.move(m); print('after',m, 'check' if b.incheck(b.turn=='w') else '')
        b.report()
    return b

def valid(p,f,r):
    t=p.lower(); R=red(p); rr=r if R else 9-r
    if t=='k': return 3<=f<=5 and rr<=2
    if t=='a': return (f,rr) in ((3,0),(5,0),(4,1),(3,2),(5,2))
    if t=='b': return (f,rr) in ((2,0),(6,0),(0,2),(4,2),(8,2),(2,4),(6,4))
    if t=='p': return rr>=5 or (rr in (3,4) and f%2==0)
    return True

CASES=[]
def case(cid, clauses, desc, pieces, moves, labels, verdict, note, turn='w', optional=False, key_points=()):
    CASES.append(dict(cid=cid, clauses=clauses, desc=desc, pieces=pieces, moves=moves.split(), labels=labels.split(), verdict=verdict, note=note, turn=turn, optional=optional, key_points=list(key_points)))
def P(s):
    d={}
    for tok in s.split():
        d[tok[1:]]=tok[0]
    return d

# ---------- 24.1 将
case('24.1/rook-check-then-retreat', ['24.1','24.14'],
 '车沿底线将军，退回为闲：一将一闲对两闲，作和',
 P('Kf0 Ra7 ke9'), 'a7a9 e9e8 a9a7 e8e9', '将 闲 闲 闲', 'draw',
 '24.1: a7a9 attacks the king on e9 along the back rank: 将. The king steps to e8 (闲, it attacks nothing); the rook goes back to a7, where it attacks nothing (闲); the king returns (闲). 一将一闲 is not among the forbidden cycles of 24.13, so both sides play allowed moves (24.14) and 25.2 gives a draw.')
case('24.1/horse-check', ['24.1'],
 '马卧槽将军，退回为闲',
 P('Kf0 Nb6 ke9'), 'b6c8 e9e8 c8b6 e8e9', '将 闲 闲 闲', 'draw',
 '24.1: the horse jumps b6–c8 (leg b7 empty) and attacks the king on e9 through the empty leg d8: 将. The king steps to e8, which the horse on c8 does not reach (闲); the horse returns to b6, attacking nothing (闲). 一将一闲 against 两闲: both allowed (24.14), draw (25.2).')
case('24.1/cannon-check', ['24.1'],
 '炮借士为炮架将军，退回为闲',
 P('Kf0 Cc2 ke9 ae8'), 'c2e2 e9d9 e2c2 d9e9', '将 闲 闲 闲', 'draw',
 '24.1: the cannon moves c2e2; between it and the king on e9 stands exactly one piece, the advisor on e8, so the cannon attacks the king: 将. The king sidesteps to d9 (闲); the cannon goes back to c2 (闲; the d-file has no screen); the king returns (闲). 一将一闲 against 两闲: draw (24.14, 25.2).')
# ---------- 24.9 长将
case('24.9/rook-perpetual-check', ['24.9','24.1','25.1'],
 '车在两条横线上轮流将军：长将判负',
 P('Kf0 Ra8 ke9'), 'a8a9 e9e8 a9a8 e8e9', '将 闲 将 闲', 'red_loses',
 '24.9: every red move attacks the king (a9 along rank 9 with the king on e9; a8 along rank 8 with the king on e8): a cycle of uninterrupted checks, 长将. The king moves are 闲. 25.1: 长将 is never allowed; a one-sided 长将 loses at once (23.5.1).')
# ---------- 24.2 杀 / 24.10 长杀 / 24.6 拦
case('24.2/mate-threat-back-rank', ['24.2','24.14'],
 '车离开被己兵挡住的线，伏下一着底线将死：杀',
 P('Ke0 Rb4 Pb6 kd9 cd8'), 'b4a4 d8e8 a4b4 e8d8', '杀 闲 闲 闲', 'draw',
 '24.2: with the rook on a4 the a-file is open, and a4a9 would be mate: the king on d9 cannot go to d8 (its own cannon), nor to e9 (it would face the red king on the open e-file), nothing black can block b9/c9 or take a9 (the cannon on d8 moves only along rank 8 and the d-file). So b4a4 threatens mate next move: 杀. From b4 the rook is stopped by its own pawn on b6 and reaches the d-file only below the cannon on d8, so b4 threatens nothing (闲). Black\'s cannon move d8e8 frees d8 for the king and attacks nothing (on e8 it has no screen towards the red king) (闲); e8d8 likewise. 一杀一闲 is not forbidden (24.13), 两闲 neither: draw (24.14, 25.2).')
case('24.10/perpetual-mate-threat-blocked', ['24.10','24.2','24.6','25.3'],
 '车在两条直线上轮流伏杀，黑炮轮流拦阻：长杀对长拦，长杀方变着',
 P('Ke0 Ra4 kd9 cd8 ca7 nb5'), 'a4c4 a7c7 c4a4 c7a7', '杀 拦 杀 拦', 'red_must_change',
 '24.2/24.10: the black king on d9 is boxed in (d8 its own cannon, e9 facing the red king on the open e-file). a4c4: next c4c9 is a check nobody can answer (c9 is outside the palace, next to the king): 杀. The cannon move a7c7 stands in the rook\'s way on c7, protected by the horse on b5 (leg b6), and attacks nothing: 拦 (24.6). c4a4: next a4a9 checks; only c7c9 can block (the cannon on d8 reaches neither b9 nor c9), and a9xc9 is mate (c9 is next to the king, outside the palace, and nothing can take it): a mate by continuous checks, 杀. c7a7 blocks the a-file, protected by the horse: 拦. Red: 长杀 (24.10, forbidden by 24.13); black: 长拦 (allowed, 24.14). 25.3: red must change.')
# ---------- 24.3 捉 (direct), 24.11 长捉
case('24.3/direct-rook-chases-cannon', ['24.3','24.11','24.15','25.3'],
 '车追无根炮：长捉，黑两闲，红方变着',
 P('Kf0 Rb2 ke9 ca7'), 'b2a2 a7b7 a2b2 b7a7', '捉 闲 捉 闲', 'red_must_change',
 '24.3: b2a2 leaves the rook able to take the cannon on a7 (a3–a6 empty), which nothing protects (无根子, 24.15): 捉. The cannon flees to b7 (from there it has no screen against anything: 闲); a2b2 attacks it again: 捉; it returns to a7 (闲). Each red move creates a capture that did not exist before it. Red: 长捉 (24.11, forbidden); black: 两闲. 25.3: red must change.')
case('24.3/discovered-chase', ['24.3'],
 '马让开车路，车可吃无根马：捉（造成其他子能吃子）',
 P('Kf0 Rc1 Nc4 ke9 nc8'), 'c4a5 e9e8 a5c4 e8e9', '捉 闲 闲 闲', 'draw',
 '24.3 (造成其他子能吃子): the horse jumps c4a5 (leg b4) off the c-file, and the rook on c1 can now take the horse on c8 (c2–c7 empty), which nothing protects: 捉. The horse itself attacks nothing on a5. The king moves are 闲; the horse\'s return to c4 blocks the rook again and attacks nothing (闲). 一捉一闲 against 两闲: both allowed, draw (24.13, 24.14, 25.2).')
case('24.17/horse-screens-cannon', ['24.17','24.3'],
 '马进到炮前做炮架，炮马联合捉无根马',
 P('Kf0 Ca0 Nb1 ke9 na7'), 'b1a3 e9e8 a3b1 e8e9', '捉 闲 闲 闲', 'draw',
 '24.17: after b1a3 (leg b2) the cannon on a0 can take the unprotected horse on a7 over the horse on a3; the horse alone cannot take it, and the cannon alone has no screen: a combined chase (联合捉子), which is 捉 (24.3 与其他子联合吃子). The horse\'s return to b1 removes the screen (闲); the king moves are 闲. 一捉一闲 against 两闲: draw (25.2).')
case('24.3/chase-by-check-fork', ['24.3'],
 '马跳到下一步可卧槽将军抽车的位置：捉（从下一着开始运用将军得子）',
 P('Kf0 Nd5 ke9 ra9 pg3'), 'd5b6 g3h3 b6d5 h3g3', '捉 闲 闲 闲', 'draw',
 '24.3 (从下一着开始运用将军得子): after d5b6 the horse attacks nothing, but next b6c8 checks the king on e9 (leg d8) and attacks the rook on a9 (leg b8); nothing black can take c8 or block d8, so the king must move and the rook is lost: 捉. From d5 no check is available next move (the horse reaches neither c8, d7, f7 nor g8), so b6d5 is 闲. The pawn moves g3h3/h3g3 on rank 3 attack nothing (闲). 一捉一闲 against 两闲: draw.')
case('24.3/checks-win-a-rook', ['24.3','24.6'],
 '炮退回让开马位，伏马连续将军得车：捉（连续将军得子）',
 P('Kf0 Cd2 Ne3 Ng5 kd9 ra5'), 'd2d5 d9d8 d5d2 d8d9', '拦 闲 捉 闲', 'draw',
 '24.3 (从下一着开始运用将军或连续"将军"得子). d2d5 puts the cannon, protected by the horse on e3 (leg e4), between the black rook on a5 and the unprotected horse on g5, and attacks nothing: 拦 (24.6). After d9d8, d5d2 clears d5: red, to move again, checks with 马三进五 (g5e6, leg f5); 将4进1 is met by 马五进六 mate (e3d5), and the other answers lose the rook to more checks, e.g. 将4平5 马五进七 将5进1 马五进六 车1平4 马七退六 (e6c7, e8e7, e3d5, a5xd5, c7xd5): a rook for a horse, 连续将军得子 — 捉. With the cannon on d5 that square is shut and there is no such win. Checked apart from qigui over Fairy-Stockfish\'s move generator: `python3 tools/difftest/checks_win.py "3k5/9/9/9/r5N2/9/4N4/3C5/9/5K3 w - - 0 1" d2d5 d9d8 d5d2 --checks 3` prints 5.0 (rook for horse); with the moves d2d5 d9d8 it prints none. The king moves are 闲. 一拦一捉 against 两闲: allowed (a single 捉 is no 长捉), draw. (This was the position of 24.6/cannon-blocks-rook until stop 21; that case now has the horse on c3.)')
case('24.4/rook-offers-exchange', ['24.4','26.10'],
 '有根车邀兑有根车：兑',
 P('Ke0 Ad0 Af0 Be2 Rb4 Nb2 ke9 ad9 af9 be7 rc7 na8'), 'b4c4 e7g9 c4b4 g9e7', '兑 闲 闲 闲', 'draw',
 '24.4: b4c4 puts the rook face to face with the black rook on c7 (c5, c6 empty). If black takes (c7xc4) the horse on b2 retakes (leg b3): rook for rook, no mate, no loss of material for black, so the offer is 兑 (26.10: 反之，则按兑处理). It is no 捉: c4xc7 is answered by the horse on a8 (leg b8), rook for rook, no gain. c4b4 attacks nothing (闲); the elephant moves (eye f8) are 闲. (An earlier version had the black king step to e8 and back: that opens rank 8, and c4b4 then threatens b8+ winning the horse on a8 or the rook that blocks on c8 — a real 捉 by 24.3, 从下一着开始运用将军得子 — so the idle moves are now the elephant\'s.) Both kings sit behind advisors and elephants, so no move threatens mate. 一兑一闲 and 两闲: both allowed (24.14), draw.')
case('24.4/protecting-turns-a-contact-into-an-offer', ['24.4','26.10'],
 '马与马接触，加保后对方吃马不再得子：兑',
 P('Ke0 Ad0 Af0 Re2 Ne6 Nh3 ke9 ad9 af9 be7 ra7 nc7 rf6'), 'h3g5 d9e8 g5h3 e8d9', '兑 闲 闲 闲', 'draw',
 '24.4, as the book reads it in 图30 (炮八进四 兑): the red horse on e6 and the black horse on c7 attack each other (legs d6, d7 empty), and the black rook on f6 attacks the horse too, which only the rook on e2 protects (e3-e5 empty): black wins it (c7xe6, e2xe6, f6xe6 — a horse and a rook for a horse). h3g5 (leg h4) protects e6 a second time (leg f5): now c7xe6 is answered and black wins nothing, so red offers the horses\' exchange — 同兵种邀兑, and the black horse taking loses nothing (26.10: 兑). The black horse is protected by the rook on a7 (b7 empty), and the elephant on e7 keeps the e-file shut (e6xc7 uncovers no check), so e6xc7 wins nothing for red either. g5h3 gives the second protector up and attacks nothing (闲); the advisor moves d9e8, e8d9 attack nothing (闲). 一兑一闲 against 两闲: draw.')
case('24.12/rook-keeps-offering', ['24.12','24.4','24.14','25.2'],
 '车跟着对方车连续邀兑：长兑，允许着法，作和',
 P('Ke0 Ad0 Af0 Be2 Rb4 Rg4 ke9 ad9 af9 rc7 rh7'), 'b4c4 c7b7 c4b4 b7c7', '兑 闲 兑 闲', 'draw',
 '24.12: each red move puts the b4/c4 rook opposite the black rook (c4 against c7, b4 against b7), the red rook protected along rank 4 by the rook on g4, the black one along rank 7 by the rook on h7: taking is rook for rook with a recapture, no gain either way, so each red move is 兑 and the cycle is 长兑. The black rook steps aside each time and attacks nothing (闲). 长兑 is not a forbidden move (24.13 lists 长将, 长杀, 长捉 and their mixtures), so both sides are allowed (24.14): draw (25.2). The red king behind its advisors and the e2 elephant cannot be checked by the black rooks, and the black king behind its advisors cannot be mated by checks alone.')
case('24.5/horse-offered', ['24.5'],
 '马送到车口，吃掉无损：献',
 P('Kf0 Nc4 kd9 ra7'), 'c4a5 d9d8 a5c4 d8d9', '献 闲 闲 闲', 'draw',
 '24.5: c4a5 (leg b4) puts the horse where the rook on a7 can take it (a6 empty); nothing red protects a5, and taking it exposes black to no mate and no loss: 献. On a5 the horse attacks nothing (b7, c6, c4, b3 are empty). a5c4 moves it out of reach and attacks nothing (闲); the king moves are 闲. 一献一闲 and 两闲: allowed, draw.')
case('24.6/cannon-blocks-rook', ['24.6','26.3'],
 '有根炮挡住车对无根马的攻击：拦',
 P('Kf0 Cd2 Nc3 Ng5 kd9 ra5'), 'd2d5 d9d8 d5d2 d8d9', '拦 闲 闲 闲', 'draw',
 '24.6: the black rook on a5 attacks the unprotected horse on g5 along rank 5. d2d5 puts the cannon in between; the cannon is protected by the horse on c3 (leg c4), so the rook cannot take it without losing the exchange, and on d5 it attacks nothing (towards a5 it has no screen; towards g5 the first piece is its own; up the d-file the king on d9 is the first piece): 拦. d5d2 unblocks again and attacks nothing: 闲. The black king moves are 闲: the rook\'s capture of the g5 horse is restored by red\'s own move, not created by black\'s (26.3, second paragraph: 己方走子造成被捉的状态，不予考虑). 一拦一闲 and 两闲: allowed, draw. (Until stop 21 the protecting horse stood on e3; from there, after d5d2, red could win the rook by checks — g5e6, e6c7, e3d5, then the horse on c7 takes the rook that took on d5 — 连续将军得子, 24.3, which makes d5d2 a chase: found by qigui once a defence met by mate stopped counting as an escape, and confirmed by an independent search over pyffish. The position was changed, not the expectation.)')
case('24.7/rook-follows-protected-horse', ['24.7','24.15'],
 '车盯住有根马：跟',
 P('Kf0 Ra2 ke9 nc5 be7'), 'a2c2 e9d9 c2a2 d9e9', '跟 闲 闲 闲', 'draw',
 '24.7: a2c2 puts the rook on the horse\'s file (c3, c4 empty). The horse on c5 is protected by the elephant on e7 (eye d6): c2xc5 e7xc5 loses the rook for a horse, so there is no 捉 (24.15 有根子). The rook attacks nothing else and the horse cannot reach c2: the move only watches a protected piece, 跟. c2a2 is 闲; the king moves are 闲. Allowed on both sides: draw.')
case('24.8/capture-unchanged-by-move', ['24.8','26.3'],
 '车早已可吃无根马，走士不改变吃子结果：闲',
 P('Ke0 Ad0 Af0 Be2 Ra2 ke9 ad9 af9 be7 na6'), 'f0e1 e9e8 e1f0 e8e9', '闲 闲 闲 闲', 'draw',
 '24.8 with 26.3 (second paragraph: 若走子前不存在得子，走子后形成净吃子，判捉) and 图5: the rook on a2 can take the unprotected horse on a6 before and after every move of the cycle; the advisor moves f0e1 and e1f0 neither create nor change that capture and attack nothing, so they are 闲. The king moves are 闲 (the horse does not move). 两闲 against 两闲: draw (25.2).')
case('24.8/idle-moves', ['24.8','25.2'],
 '双方走子均不属将杀捉：两闲对两闲，作和',
 P('Ke0 Bg0 Bc0 kf9 bg9'), 'c0e2 f9f8 e2c0 f8f9', '闲 闲 闲 闲', 'draw',
 '24.8: the elephant and king moves attack nothing, offer nothing and block nothing: 闲. 两闲 against 两闲: draw (25.2).')
case('24.13/check-then-chase', ['24.13','24.1','24.3','25.3'],
 '一将一捉：禁止着法，红方变着',
 P('Kd0 Rb2 ke9 nh2'), 'b2b9 e9e8 b9b2 e8e9', '将 闲 捉 闲', 'red_must_change',
 '24.13: b2b9 checks the king on e9 along rank 9 (c9, d9 empty): 将. The king steps to e8 (闲). b9b2 attacks the horse on h2 along rank 2 (c2–g2 empty), which nothing protects and which the rook on b9 did not attack: 捉 (24.3). The king returns (闲). Red: 一将一捉, a forbidden move (24.13); black: 两闲. 25.3: red must change.')
case('24.15/short-protected-horse', ['24.15','24.3','24.17'],
 '马、车同捉只有一个根的马：少根子，捉',
 P('Kf0 Ra2 Na4 ke9 nc5 be7 cb5'), 'a2c2 e9d9 c2a2 d9e9', '捉 闲 闲 闲', 'draw',
 '24.15 (作为根的棋子少于对方捉的棋子，称为少根子): the black horse on c5 has one protector, the elephant on e7 (eye d6). The red horse on a4 attacks it (leg b4) but alone gains nothing (a4xc5 e7xc5: horse for horse). a2c2 adds the rook on the c-file: a4xc5 e7xc5 c2xc5 wins the elephant, so the move creates a gain: 捉. (The black horse cannot take the a4 horse: its leg b5 is blocked by its own cannon, which attacks nothing.) c2a2 is 闲; the king moves are 闲. 一捉一闲 and 两闲: allowed, draw.')
case('24.15/protected-cannon-real-root', ['24.15','24.7'],
 '马是炮的真根：车盯有根炮为跟',
 P('Ke0 Ra2 kd9 ne5 cc4 ph3'), 'a2c2 h3i3 c2a2 i3h3', '跟 闲 闲 闲', 'draw',
 '24.15: the cannon on c4 is protected by the horse on e5 (leg d5), and the horse is free to recapture (the black king is on d9, so leaving the e-file exposes nothing). a2c2 attacks the cannon (c3 empty), but c2xc4 e5xc4 loses the rook for a cannon: no 捉; the move watches a protected piece: 跟 (24.7). c2a2 and the pawn moves on rank 3 are 闲. Compare 24.16/pinned-horse-false-root.')
case('24.16/pinned-horse-false-root', ['24.16','24.15','24.3'],
 '马离线即成将帅对面：假根，车捉炮',
 P('Ke0 Ra2 ke9 ne5 cc4 ph3'), 'a2c2 h3i3 c2a2 i3h3', '捉 闲 闲 闲', 'draw',
 '24.16: as in 24.15/protected-cannon-real-root, but the black king stands on e9: the horse on e5 is the only piece between the two kings, and e5xc4 would leave them facing — a recapture that is 自杀, so the horse is a false root (假根) and the cannon counts as unprotected. a2c2 then attacks a cannon it can take for nothing: 捉 (24.3). c2a2 and the pawn moves are 闲. 一捉一闲 and 两闲: allowed, draw.')
# 26.1
case('26.1/pawn-chases-unprotected-pieces', ['26.1','24.3'],
 '过河兵左右平移轮流捉无根子：兵本身允许长捉，判闲',
 P('Kd0 Ae1 Pc6 ke9 af9 cc7 nd7'), 'c6d6 e9e8 d6c6 e8e9', '闲 闲 闲 闲', 'draw',
 '26.1: c6d6 makes the pawn attack the unprotected horse on d7, d6c6 the unprotected cannon on c7, each a capture the move creates; by 24.3 alone red would be chasing, but a pawn itself is allowed to chase (兵本身允许长捉), so both moves are 闲 (as 图14). No other red piece takes part. The king moves are 闲. Draw.')
case('26.1/king-chases-horse', ['26.1'],
 '帅走动后可吃无根马：帅本身允许捉，判闲',
 P('Ke1 kd9 nf2'), 'e1f1 d9d8 f1e1 d8d9', '闲 闲 闲 闲', 'draw',
 '26.1: e1f1 puts the king next to the unprotected horse on f2, which it could take; the king itself is allowed to chase, so the move is 闲. f1e1 is 闲. The black king moves are 闲 (the horse on f2 attacks neither e1 nor f1). Draw.')
case('26.1.1/pawn-uncovers-rook', ['26.1.1','24.3'],
 '兵让开车路，车可吃无根象：走动兵后其他子产生新的捉，判捉',
 P('Kd0 Ae1 Rc2 Pc6 ke9 af9 bc9'), 'c6d6 e9e8 d6c6 e8e9', '捉 闲 闲 闲', 'draw',
 '26.1.1 (走动后其他子产生新的捉，按捉处理): c6d6 takes the pawn off the c-file and the rook on c2 can now take the elephant on c9 (c3–c8 empty), which nothing protects (the black advisors and king cannot reach c9): 捉, although the pawn moved. d6c6 closes the file again (闲). The king moves are 闲. 一捉一闲 and 两闲: allowed, draw.')
case('26.1.2/king-evasion-uncovers-rook', ['26.1.2','24.1'],
 '将应将后车可吃无根马：走动将应将产生的捉，按闲处理',
 P('Kf0 Nd2 Nc5 kd8 rd9'), 'c5b7 d8e8 b7c5 e8d8', '将 闲 闲 闲', 'draw',
 '26.1.2: c5b7 (leg c6) checks the king on d8 (leg c7): 将. The king steps to e8 and uncovers the rook on d9, which can now take the unprotected horse on d2 (d3–d8 empty); that capture is produced by the king answering a check, so the move is 闲 (走动帅(将)应将而产生的捉、杀，按闲处理). b7c5 attacks nothing (闲); e8d8 closes the file (闲). 一将一闲 and 两闲: draw.')
case('26.1.2/block-creates-chase', ['26.1.2','24.1','24.3'],
 '马垫将让开车路，车可吃无根马：走动其他子应将后产生新的捉，按捉处理',
 P('Ke0 Ad0 Af0 Be2 Rc4 Ni8 ke9 nb8 ra8'), 'c4c9 b8d9 c9c4 d9b8', '将 捉 闲 闲', 'draw',
 '26.1.2 (走动其他子应将后产生新的捉，按捉处理): c4c9 checks the king on e9 along rank 9 (d9 empty): 将. The horse answers by blocking on d9 (leg c8) and thereby opens rank 8 for the rook on a8, which can now take the unprotected horse on i8 (b8-h8 empty): a new capture produced by a piece other than the king answering a check, so 捉. (The horse on d9 is pinned against its king and takes nothing itself; the opened rank 8 gives black no check, the red king sitting behind its advisors and the e2 elephant.) c9c4 attacks nothing (闲); d9b8 closes rank 8 again (闲). Red 一将一闲, black 一捉一闲: both allowed, draw.')
case('26.1.2/block-restores-a-chase-that-stood', ['26.1.2','24.1','24.8'],
 '士垫将后车可吃马，将军前已可吃：应将后并未产生新的捉，判闲',
 P('Kd0 Ad2 Rh2 Na3 ke9 af9 ra7'), 'h2e2 f9e8 e2h2 e8f9', '将 闲 闲 闲', 'draw',
 '26.1.2 (走动其他子应将后产生新的捉…按捉处理) speaks of a NEW chase; in check nothing can be taken, so new is measured against the board before the check (参考图28: 士5进6 应将 — 闲). The black rook on a7 attacks the unprotected horse on a3 (a4-a6 empty) throughout. h2e2 checks the king on e9 along the file (e3-e8 empty): 将. The advisor blocks on e8; the rook may now take the horse again, but it could before the check, and wins no more: 闲. e2h2 attacks nothing (闲); e8f9 leaves the horse as it was (闲). (The advisor on d2 keeps the rook on a7 from checking along the d-file.) Draw. Compare 26.1.2/block-creates-chase, where the block opens a capture that did not stand before the check: 捉.')
case('26.1.2/king-steps-out-of-a-threat-elsewhere', ['26.1.2','24.3','24.8'],
 '帅避开对方抽将，相吃卒在走子前已可行：帅走动避抽，不产生新的捉，判闲',
 P('Ke0 Ad0 Af2 Ba2 Ni4 kd9 re8 ne6 pc4'), 'e0f0 d9d8 f0e0 d8d9', '闲 闲 闲 闲', 'draw',
 '26.1.2 (走动帅(将)应将而产生的捉…按闲处理) as the book applies it to a king that steps out of a threat rather than a check (参考图30: 将6平5 steps out of 伏平兵将军抽吃马, and the elephant\'s capture of the pawn on 七, there all along, is 闲). With the red king on e0, the elephant on a2 could take the unprotected crossed pawn on c4 (eye b3), but black would answer e6g5, uncovering the rook on e8 against the king (e7-e1 empty), and after the advisor blocks on e1 the horse takes the horse on i4: the capture stood, answered by a gain elsewhere. e0f0 steps off the file, and the capture is now free; but the step only parried black\'s threat on another piece — it neither attacks the pawn nor takes away its protection — so it is 闲. f0e0 returns (闲); the black king\'s steps attack nothing (闲). Both sides idle: draw. Compare 26.1.2/king-steps-out-of-a-threat-on-the-capturer.')
case('26.1.2/king-steps-out-of-a-threat-on-the-capturer', ['26.1.2','26.1.1','24.3'],
 '帅避开对方抽将，车可吃卒：避抽前吃卒则车被抽吃，帅走动后其他子产生新的捉，判捉',
 P('Ke0 Ad0 Af2 Ra1 kd9 ad7 re8 ne6 pa4'), 'e0f0 d9d8 f0e0 d8d9', '捉 闲 闲 闲', 'draw',
 '26.1.1 (走动帅(将)后其他子产生新的捉，按捉处理), against 26.1.2/king-steps-out-of-a-threat-elsewhere: as in 图16 (黑方将6退1避抽后，车可以吃兵，判捉), the threat the king steps out of would win the capturing piece itself. With the red king on e0, a1a4 takes the unprotected crossed pawn, but black answers e6c5 (leg d6), uncovering the rook on e8 against the king, and after the advisor blocks on e1 the horse takes the rook on a4: the capture lost the rook. After e0f0 the rook takes the pawn for nothing: a chase the king\'s move makes for another piece, 捉. (The advisor on d7 keeps the rook from checking along the d-file.) f0e0 returns (闲); the black king\'s steps attack nothing (闲). Red 一捉一闲 is allowed: draw.')
# 26.3
case('26.3/protector-leaves-to-check', ['26.3','24.1'],
 '车离线将军使马失根，黑方垫士后可吃马：己方造成的被捉状态，判闲',
 P('Kd0 Ae1 Rc5 Nc2 ke9 ad9 af9 ri2'), 'c5e5 f9e8 e5c5 e8f9', '将 闲 闲 闲', 'draw',
 '26.3, second paragraph (做为根的子，自己离线断根将军，造成被保护的子失根被捉，责任自负): the rook on c5 protects the horse on c2, which the black rook on i2 attacks along rank 2. c5e5 checks the king on e9 (将) and leaves the horse unprotected. The advisor blocks on e8 (闲: a block of a check, as 参考图10); after it the black rook can take the horse for nothing, but red brought that about itself, so it is not black\'s 捉. e5c5 protects the horse again and attacks nothing (闲); e8f9 is 闲. 一将一闲 and 两闲: draw.')
# 26.4
case('26.4/exchange-offer-and-chase', ['26.4','24.4','24.3'],
 '马邀兑有根马同时捉无根炮：兑兼捉，按捉处理',
 P('Kd0 Ae1 Ra4 Ne2 ke9 ad9 af9 nc6 ri6 cf5'), 'e2d4 e9e8 d4e2 e8e9', '捉 闲 闲 闲', 'draw',
 '26.4: e2d4 (leg e3) brings the horse into contact with the black horse on c6 (each can take the other: legs d5 and c5 empty), the red horse protected by the rook on a4 and the black one by the rook on i6: an offer to exchange, 兑. From d4 the horse also attacks the cannon on f5 (leg e4), which nothing protects: 捉. 兑兼捉 is 捉 (26.4). d4e2 attacks nothing (闲); the king moves are 闲. 一捉一闲 and 两闲: draw.')
case('26.4/offer-and-chase', ['26.4','24.5','24.3'],
 '炮送到马口同时打无根马：献兼捉，按捉处理',
 P('Kd0 Ae1 Cc2 ke9 ad9 af9 nb7 pe5 ng5'), 'c2c5 e9e8 c5c2 e8e9', '捉 闲 闲 闲', 'draw',
 '26.4: c2c5 puts the unprotected cannon where the horse on b7 can take it (leg b6) at no cost: 献 (24.5). On c5 the cannon also attacks the horse on g5 over the pawn on e5 (d5, f5 empty), which nothing protects: 捉. 献兼捉 is 捉 (26.4). c5c2 attacks nothing (闲); the king moves are 闲. Draw.')
case('26.4/check-and-chase', ['26.4','24.1','24.3'],
 '车将军同时可吃无根马：将兼捉，按将处理',
 P('Kd0 Ae1 Rb2 ke9 na9'), 'b2b9 e9e8 b9b2 e8e9', '将 闲 闲 闲', 'draw',
 '26.4 (凡走子兼具多种作用时，应从重裁处): b2b9 checks the king on e9 along rank 9 and, on the same rank, attacks the unprotected horse on a9. 将 is the heaviest label (a one-sided 长将 is never allowed, 25.1), and the book labels a check that also wins material 将 (图16: 红方一将一抽车), so the move is 将. b9b2 is 闲; the king moves are 闲. 一将一闲 and 两闲: draw.')
# 26.5
case('26.5/pinned-cannon-loses', ['26.5','24.3'],
 '被牵的炮打马，吃马要丢车：得不偿失，判闲',
 P('Kd0 Ae1 Ra0 Nd5 ke9 af9 ca4 ra8 nb5'), 'd0d1 a4a5 d1d0 a5a4', '闲 闲 闲 闲', 'draw',
 '26.5 (被牵子捉子 ... 得不偿失者，按闲处理): the cannon on a4 stands between the red rook on a0 and the unprotected black rook on a8. a4a5 keeps it on the file and makes it attack the unprotected red horse on d5 over the black horse on b5; but taking the horse takes the cannon off the a-file and the red rook takes the rook on a8: a horse won, a rook lost, so the move is 闲. a5a4 attacks nothing (闲). The red king moves are 闲. Draw.')
case('26.5/pinned-cannon-equal', ['26.5','24.3'],
 '被牵的炮打车，吃车后丢车：价值相当，判捉',
 P('Kd0 Ae1 Ra0 Rd5 Pc5 ke9 af9 ca4 ra8'), 'd0d1 a4a5 d1d0 a5a4', '闲 捉 闲 闲', 'draw',
 '26.5 (完整互吃后价值相当或得子者，按捉处理): as in 26.5/pinned-cannon-loses, but a4a5 makes the pinned cannon attack the unprotected red rook on d5 over the pawn on c5 (b5 empty). Taking it loses the rook on a8 to the rook on a0: rook for rook, equal value, so the move is 捉. a5a4 attacks nothing (闲); the red king moves are 闲. Red 两闲, black 一捉一闲: draw.')
case('26.5/protector-chases-equal', ['26.5','24.3'],
 '做根的车捉炮，吃炮后丢马：价值相当，判捉',
 P('Kd0 Ae1 Rc2 Nc5 ke9 ad9 af9 rh5 cg3'), 'c2c3 e9e8 c3c2 e8e9', '捉 闲 闲 闲', 'draw',
 '26.5 (做根子捉子 ... 价值相当 ... 按捉处理): the rook on c2 protects the horse on c5 against the black rook on h5. c2c3 keeps protecting it and attacks the unprotected cannon on g3 (d3–f3 empty). If the rook takes the cannon it leaves the c-file and the black rook takes the horse: cannon for horse, equal value: 捉. c3c2 attacks nothing (闲). Draw.')
case('26.5/protector-chases-loss', ['26.5','26.6','24.3'],
 '做根的车捉象，吃象后丢马：得不偿失，判闲',
 P('Kd0 Ae1 Rc8 Nc4 kf9 ad9 af7 be7 rh4 ph2'), 'c8c7 h2i2 c7c8 i2h2', '闲 闲 闲 闲', 'draw',
 '26.5 (得不偿失者，按闲处理): the rook on c8 protects the horse on c4 against the black rook on h4 (c5–c7 and d4–g4 empty). c8c7 keeps protecting it and attacks the unprotected elephant on e7 (d7 empty; no elephant or advisor of black\'s can reach e7; the king on f9 is off the e-file, so the capture gives no check). If the rook takes the elephant it leaves the c-file and the black rook takes the horse; the rook may then also take the advisor on f7: an elephant (and an advisor) for a horse, weak pieces for a strong one, a loss (26.6). So c8c7 is 闲, and c7c8 attacks nothing (闲). The black pawn\'s moves on rank 2 attack nothing (闲). Draw. (This case first used a crossed pawn as the target; 26.7 counts a pawn for another piece as no gain either way — 参考图33: 浮动价值的兵换士、炮为等值交换 — so that exchange is even, not a loss, and the pawn was replaced by an elephant.)')
# 26.6
case('26.6/horse-chases-protected-rook', ['26.6','24.3'],
 '马捉有根车：弱子换强子为得子，判捉',
 P('Kd0 Ae1 Nf2 ke9 ad9 af9 be7 rc5'), 'f2e4 e9e8 e4f2 e8e9', '捉 闲 闲 闲', 'draw',
 '26.6 (一个或数个弱子换任一强子均为得子): f2e4 (leg f3) makes the horse attack the rook on c5 (leg d4). The rook is protected by the elephant on e7 (eye d6), but horse for rook is a gain: 捉 (24.3, 通过完整互吃交换后 ... 得子). The rook cannot reach e4. e4f2 attacks nothing (闲). Draw.')
# 26.7
case('26.7/uncrossed-pawn-not-a-gain', ['26.7'],
 '车捉未过河的卒：不算得子，判闲',
 P('Kd0 Ae1 Ra2 ke9 ad9 af9 pc6'), 'a2c2 e9e8 c2a2 e8e9', '闲 闲 闲 闲', 'draw',
 '26.7 (捉吃未过河的兵(卒) ... 不算得子): a2c2 makes the rook attack the unprotected pawn on c6, which has not crossed the river; taking it is no gain, so the move is 闲. Draw.')
case('26.7/crossed-pawn-is-a-gain', ['26.7','24.3'],
 '车捉无根过河卒：得子，判捉',
 P('Kd0 Ae1 Ra2 ke9 ad9 af9 pc3'), 'a2a3 e9e8 a3a2 e8e9', '捉 闲 闲 闲', 'draw',
 '26.7 / 24.3: a2a3 makes the rook attack the pawn on c3 (b3 empty), which has crossed the river and which nothing protects. A crossed pawn has a value (floating, below a rook: 26.7), and winning one outright is a gain, as in 图4 (伏以炮换马多得一卒，判捉): 捉. a3a2 is 闲. Draw.')
# 26.8
case('26.8/pawn-capture-with-a-pin-is-idle', ['26.8','26.1','24.17','24.7'],
 '炮牵住仕，卒吃仕：兵(卒)借其他子吃子，按闲处理',
 P('Ke0 Ae1 Af2 Be2 Pa6 ke9 cd4 pf3'), 'a6b6 d4e4 b6a6 e4d4', '闲 跟 闲 闲', 'draw',
 '26.8 (兵(卒)借其他子…吃对方的子，按"闲"处理), as the book rules 参考图11\'s 炮6平5 (卒吃仕，判闲): the crossed pawn on f3 attacks the advisor on f2, which the advisor on e1 protects — a pawn for an advisor, no gain. d4e4 puts the cannon behind the elephant on e2 (e3 empty): now the advisor on e1 cannot leave the e-file (the king on e0 would be in check), so the pawn wins the advisor with the cannon\'s help. The cannon does not attack f2 itself, so this is no 共同擒捉; the pawn\'s capture is 借其他子, 闲. The cannon\'s own attack on the advisor on e1 (over e2), which the king protects, is 跟 (24.7); e4d4 gives it up (闲). The red pawn\'s moves a6b6, b6a6 attack nothing (闲). Draw.')
case('26.8/pawn-capture-with-discovered-check', ['26.8','26.1'],
 '车到兵后：兵吃马时产生车将军，按捉处理',
 P('Kd0 Ae1 Ra3 Pe6 ke9 ad9 af9 nf6 ph2'), 'a3e3 h2i2 e3a3 i2h2', '捉 闲 闲 闲', 'draw',
 '26.8 (兵(卒)吃子时产生其他子“将军”，按“捉”处理): the pawn on e6 can take the unprotected horse on f6 throughout; by itself that is a pawn\'s own chase (26.1). a3e3 puts the rook behind the pawn on the e-file: now e6xf6 also uncovers a check from the rook on the king on e9, so the move is 捉. e3a3 is 闲. The black pawn moves on rank 2 attack nothing (闲). Draw.')
# 26.11
case('26.11.1/rook-and-horse-on-unprotected-horse', ['26.11.1','26.11'],
 '车马同时与无根马接触：车方按捉处理',
 P('Kd0 Ae1 Rc2 Nc3 Pa3 ke9 ad9 af9 nc5'), 'c3a4 e9e8 a4c3 e8e9', '捉 闲 闲 闲', 'draw',
 '26.11.1: c3a4 (leg b3) puts the horse in contact with the black horse on c5 (each can take the other) and uncovers the rook on c2 against it (c3, c4 empty). The black horse has no protector: 被接触的马“无根”，车方按“捉”处理. a4c3 closes the file again and attacks nothing (闲). Draw.')
case('26.11.2/rook-and-horse-on-protected-horse', ['26.11.2','26.11','24.4'],
 '车马同时与有根马接触，接受邀兑后根无损失：按兑处理',
 P('Kd0 Ae1 Rc2 Nc3 Pa3 ke9 ad9 af9 nc5 be7'), 'c3a4 e9e8 a4c3 e8e9', '兑 闲 闲 闲', 'draw',
 '26.11.2: as in 26.11.1/rook-and-horse-on-unprotected-horse, but the black horse on c5 is protected by the elephant on e7 (eye d6). If black accepts the offer (c5xa4), the pawn on a3 retakes and the elephant loses nothing: 被接触的马有根，且主动接受邀兑后其“根”无损失，按“兑”处理 — although rook and horse against one protector would otherwise be a chase of a 少根子 (24.15). a4c3 is 闲. Draw.')
case('26.11.2/rook-joins-an-existing-horse-contact', ['26.11.2','26.11','24.4'],
 '车加入已有的马对马接触，对方马有根，接受邀兑后根无损失：按兑处理',
 P('Kd0 Ae1 Rh2 Nc4 Pc3 ke9 ad9 af9 nb6 nd7'), 'h2b2 e9e8 b2h2 e8e9', '兑 闲 闲 闲', 'draw',
 '26.11.2: the horses on c4 and b6 already face each other (legs c5 and b5 empty). h2b2 brings the rook against the black horse too (b3-b5 empty): 车马同时与马产生接触 is made by the rook\'s move. The black horse is protected by the horse on d7 (leg c7); if black accepts (b6xc4) the pawn on c3 retakes and black\'s protector loses nothing: 被接触的马有根，且主动接受邀兑后其“根”无损失，按“兑”处理 — although c4xb6 d7xb6 b2xb6 would win a horse (24.3). b2h2 takes the rook away and attacks nothing (闲); the king moves are 闲. Draw. Compare 图21 (车四退二, 兑) and 图30 (车6退4, 兑).')
case('24.18/check-exposes-own-king', ['24.18','26.3','24.1','24.3','24.13'],
 '车离开中线将军，使黑方有平车杀着：红方自毙，黑方垫士判闲',
 P('Kf0 Re6 Ce5 kd9 ae8 ce7 re4 bg9'), 'e6d6 e8d7 d6e6 d7e8', '将 闲 捉 闲', 'red_must_change',
 '24.18: e6d6 checks the king on d9 (d7, d8 empty): 将. It also removes one of the two pieces between the black cannon on e7 and the red king\'s square e0, so that black now threatens e4f4+: the red king could neither stay on the f-file nor step to e0 (the cannon on e7 would take there over the red cannon on e5), nothing red can block f1-f3 or take f4, and it is mate. Red\'s check has put red itself in a mated-next state: 自毙. Black answers with a piece other than the king (the advisor blocks on d7, a block being 闲 as in 参考图10) and that answer is not 将, 杀 or 捉: the mate threat and the free red cannon on e5 (no longer protected by the rook) are red\'s own doing (26.3: 应由己方负责，不得视为另一方造成). d6e6 closes the e-file again and prepares e5d5+: the cannon would check the king on d9 over the advisor on d7 and uncover the rook against the black rook on e4, which nothing protects (the cannon on e7 loses its screen when the rook leaves e6); whatever answers the check, the rook is lost: 捉 (24.3, 从下一着开始运用将军得子). d7e8 is 闲. Red 一将一捉 is forbidden (24.13), black 两闲 allowed: red must change (25.3).')
case('26.2/rook-on-key-file-mirrored-图18', ['26.2','24.1','24.2'],
 '图18左右镜像：守和方单车占据中路要点，附带捉象判闲',
 {'d9': 'a', 'f9': 'k', 'e8': 'a', 'e7': 'b', 'i7': 'b', 'e4': 'R', 'e3': 'n', 'e2': 'r', 'f2': 'A', 'e1': 'A', 'f1': 'K'}, 'e4f4 f9e9 f4e4 e9f9', '将 闲 闲 杀', 'draw',
 '图18 mirrored left to right (every piece moved to the mirrored file; the moves mirrored). The book (图18): 红方一将一闲，占据守和要点，附带产生的捉象判“闲”。红方一将一闲，黑方一杀一闲，双方不变作和。Red, the side holding the draw, has one attacking piece, the rook; f4e4 returns it to the central file, the defensive key point, and the chase of the elephant it brings with it is 闲 (26.2). Mirroring changes no relation between the pieces, so the book\'s labels and verdict stand. Whether e4 is a defensive key point is the referee\'s call, which the book makes for 图18; it is given in input.key_points.', key_points=['e4'])

case('26.2/two-attacking-pieces', ['26.2','24.3','24.13','25.3'],
 '守和方有两个进攻子：车回中路要点附带捉象，不适用26.2，判捉',
 {'d9': 'a', 'f9': 'k', 'e8': 'a', 'e7': 'b', 'i7': 'b', 'e4': 'R', 'e3': 'n', 'e2': 'r', 'f2': 'A', 'e1': 'A', 'f1': 'K', 'a0': 'N'}, 'e4f4 f9e9 f4e4 e9f9', '将 闲 捉 杀', 'red_must_change',
 'The position of 26.2/rook-on-key-file-mirrored-图18 with a red horse added in the corner a0, where it attacks nothing (b2, c1 empty) and nothing attacks it. e4 is named a defensive key point as before, but 26.2 speaks of a side holding the draw that has only one attacking piece (守和方只有一个进攻子时); red now has two, rook and horse, so the chase of the unprotected elephant on e7 that f4e4 brings is an ordinary 捉 (24.3). e4f4 is 将 and the black king moves are as in 图18 (f9e9 answers the check and threatens mate: 闲 under 26.1.2; e9f9 杀). Red 一将一捉 is forbidden (24.13), black 一闲一杀 is not: red must change (25.3).', key_points=['e4'])

case('26.1.1/king-uncovers-rook', ['26.1.1','26.1','24.3'],
 '帅离开横线，车可吃无根马：走动帅后其他子产生新的捉，判捉',
 P('Ke1 Ra1 ke9 ad9 af9 be7 nh1'), 'e1e0 e9e8 e0e1 e8e9', '捉 闲 闲 闲', 'draw',
 '26.1.1 (走动帅（将）、兵（卒）后 ... 其他子产生新的捉，按捉处理): the king on e1 stands between the rook on a1 and the unprotected horse on h1. e1e0 steps off rank 1 and the rook can now take the horse (b1-g1 empty): a new chase by another piece, so 捉 although the king moved. e0e1 closes the rank again (闲). The black king moves are 闲; behind its advisors and the e7 elephant the black king cannot be mated by the rook. 一捉一闲 and 两闲: draw.')

case('26.10/exchange-costs-a-rook', ['26.10','24.4','24.3'],
 '马邀兑被牵的马，对方兑马后立即丢车：邀兑方按捉处理',
 P('Ke0 Ad0 Af0 Be2 Ra0 Ne3 ke9 ad9 af9 be7 ra9 na5 nc6'), 'e3c4 e9e8 c4e3 e8e9', '捉 闲 闲 闲', 'draw',
 '26.10 (同兵种邀兑，被邀兑方兑子后立即 ... 子力价值受损，邀兑方按“捉”处理): e3c4 (leg d3) offers the horse to the black horse on a5 (each can take the other: legs b4 and b5 empty). If black accepts (a5xc4), the a-file opens and the rook on a0 takes the unprotected rook on a9: black has won a horse and lost a rook at once, so the offer counts as 捉. Taking first is no gain for red: c4xa5 is met by c6xa5 or a9xa5 (two protectors against the horse and the rook), after which red can only lose more, so without 26.10 the move would be a plain 兑. c4e3 attacks nothing (闲); the king moves are 闲. Draw.')

case('24.11/rook-chases-two-pieces', ['24.11','24.3','25.3'],
 '车轮流捉两个无根子：长捉（一子或数子），红方变着',
 P('Kd0 Ae1 Rb2 ke9 ad9 af9 na7 cb8'), 'b2a2 e9e8 a2b2 e8e9', '捉 闲 捉 闲', 'red_must_change',
 '24.11 (凡走子连续追捉一子或数子而形成循环达三次者，称为长捉): b2a2 makes the rook attack the horse on a7 (a3-a6 empty) and gives up the cannon on b8; a2b2 attacks the cannon again (b3-b7 empty) and gives up the horse. Neither black piece is protected, and each red move creates a capture that was not there before it: 捉, 捉. The king moves are 闲. Red: 长捉 of two pieces, forbidden (24.13); black: 两闲. 25.3: red must change.')


OUT = "cases/xiangqi-2020/24-26-clauses.yaml"
DERIVED = {"26.2/rook-on-key-file-mirrored-图18"}


def q(s):
    return '"' + str(s).replace("\\", "\\\\").replace('"', '\\"') + '"'


def check(c):
    b = B(c["pieces"], c["turn"])
    errs = []
    for (f, r), p in b.b.items():
        if not valid(p, f, r):
            errs.append("bad point %s%s%d" % (p, F[f], r))
    R = b.turn == "w"
    if not b.king(True) or not b.king(False):
        errs.append("king missing")
    elif b.incheck(not R):
        errs.append("side not to move in check")
    cur = b
    for m in c["moves"]:
        if m not in cur.legal():
            errs.append("illegal " + m)
            break
        cur = cur.move(m)
    if not errs and cur.fen() != b.fen():
        errs.append("does not return to its start")
    if len(c["labels"]) != len(c["moves"]):
        errs.append("one label per move")
    return b.fen(), errs


def divergence(qigui, fen, c):
    args = [qigui, "judge", "--fen", fen, "--moves", " ".join(c["moves"]), "--format", "json"]
    if c["key_points"]:
        args += ["--key-points", ",".join(c["key_points"])]
    r = subprocess.run(args, capture_output=True, text=True)
    if r.returncode != 0:
        return "qigui could not judge this cycle"
    j = json.loads(r.stdout)
    parts = []
    for m, want in zip(j["moves"], c["labels"]):
        if m["label"] != want:
            parts.append(f"ply {m['ply']} {m['notation']}: qigui {m['label']}, expected {want} (qigui: {m['reason']})")
    if c["verdict"] and j["verdict"] != c["verdict"]:
        parts.append(f"verdict: qigui {j['verdict']}, expected {c['verdict']}")
    return "; ".join(parts)


def main():
    qigui = sys.argv[1] if len(sys.argv) > 1 else "target/debug/qigui"
    bad = False
    L = ["format: 1", "edition: xiangqi-2020", "description: >-",
         "  Composed unit cases for every clause of article 24 (术语解释) and 26.1-26.11",
         "  (棋例通则), apart from the chapter-8 figures: small positions where the",
         "  clause's text alone decides each move's label, with a short repetition cycle",
         "  and the verdict of articles 25-26. Expected labels and verdicts follow the",
         "  book's definitions, the reasoning in each note (moves in ICCS). Generated by",
         "  tools/authoring/clause_cases.py, which checks every position and cycle for",
         "  legality. A case qigui does not yet reproduce is skipped with the exact",
         "  divergence as its reason.",
         "cases:"]
    for c in CASES:
        fen, errs = check(c)
        if errs:
            bad = True
            print("ERROR", c["cid"], errs, fen, file=sys.stderr)
            continue
        cid = "xiangqi-2020/" + c["cid"]
        L.append("  - id: " + cid)
        L.append("    kind: move-labels")
        L.append("    clauses: [" + ", ".join(q(x) for x in c["clauses"]) + "]")
        L.append("    description: " + q(c["desc"]))
        L.append("    provenance: " + ("derived" if c["cid"] in DERIVED else "composed"))
        if c["optional"]:
            L.append("    optional: true")
        L.append("    note: " + q(c["note"]))
        div = divergence(qigui, fen, c)
        if div:
            L.append("    skip: " + q("Known divergence (棋例 II/III in progress): " + div))
        L.append("    input:")
        L.append("      fen: " + q(fen))
        L.append("      moves: [" + ", ".join(c["moves"]) + "]")
        if c["key_points"]:
            L.append("      key_points: [" + ", ".join(c["key_points"]) + "]")
        exp = "{labels: [" + ", ".join(c["labels"]) + "]"
        if c["verdict"]:
            exp += ", verdict: " + c["verdict"]
        L.append("    expected: " + exp + "}")
    if bad:
        sys.exit(1)
    with open(OUT, "w", encoding="utf-8") as f:
        f.write("\n".join(L) + "\n")
    print(f"{OUT}: {len(CASES)} cases", file=sys.stderr)


if __name__ == "__main__":
    main()
