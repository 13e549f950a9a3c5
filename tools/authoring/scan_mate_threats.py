#!/usr/bin/env python3
"""Proposes squares for 24.10 (长杀) boards: places a red mover and a black
mover on every pair of free points around a fixed base position and prints
the cycles (red A->B, black C->D, red B->A, black D->C, none a check or a
capture) in which each red move creates a mate by at most N checks that did
not stand before it (a null move after it, as 24.2 asks), each black move
parries it, and (GAINF=1, the default) no capture gains in any of the four
positions; NOCAP=1 (the default) also drops cycles with any capture at all.
Searches over pyffish only. It proposes squares; the labels and verdict of
a board written from it are the book's (tools/authoring/composed_cases_d.py).

    NOCAP=0 python3 tools/authoring/scan_mate_threats.py "Ke0 kd9 cd8 nb5" R c 2

(base pieces as `<letter><square>`, the red mover's letter, the black
mover's letter, N); the last found the rook board
24.10/rook-threatens-from-home-cannon-blocks-low. Slow: minutes.
"""
import sys, itertools
HERE=__import__('os').path.dirname(__import__('os').path.abspath(__file__))
sys.path.insert(0,HERE); sys.path.insert(0,__import__('os').path.join(HERE,'..','difftest'))
import clause_cases as cc
import pyffish as sf
from functools import lru_cache
V='xiangqi'
import os
NOCAP=os.environ.get('NOCAP','1')=='1'
def ff(m): return f"{m[0]}{int(m[1])+1}{m[2]}{int(m[3])+1}"
@lru_cache(maxsize=None)
def legal(f): return tuple(sf.legal_moves(V,f,[]))
@lru_cache(maxsize=None)
def mates(f,n):
    if n==0: return False
    for m in legal(f):
        if not sf.gives_check(V,f,[m]): continue
        f2=sf.get_fen(V,f,[m])
        if all(mates(sf.get_fen(V,f2,[r]),n-1) for r in legal(f2)): return True
    return False
def caps(f):
    fs=[f, f.replace(' w ',' X ').replace(' b ',' w ').replace(' X ',' b ')]
    for g in fs:
        for m in legal(g):
            import re
            mm=re.fullmatch(r'([a-i])(\d+)([a-i])(\d+)',m)
            if occ(g, mm[3]+str(int(mm[4])-1)): return True
    return False
import cycle_facts as cf
GAINF=os.environ.get('GAINF','1')=='1'
def gains(f):
    for g in (f, cf.flip(f)):
        if cf.in_check(g): continue
        side=g.split()[1]
        if any(r in ('gain','mates') for x,p,r in cf.captures(g, side, 4)): return True
    return False
def fen_of(d,turn): return cc.B(d,turn).fen()
def moves_from(f, s):
    out=[]
    for m in legal(f):
        import re
        mm=re.fullmatch(r'([a-i])(\d+)([a-i])(\d+)',m)
        a=mm[1]+str(int(mm[2])-1); b=mm[3]+str(int(mm[4])-1)
        if a==s: out.append((m,b))
    return out
def occ(f,sqr):
    b=cc.B.fromfen(f); return b.b.get(cc.sq(sqr))
def scan(base, rp, bp, n, rsq=None, csq=None):
    bd=cc.P(base); res=[]
    allsq=[cc.name(x,y) for x in range(9) for y in range(10)]
    for A in (rsq or allsq):
        if A in bd or not cc.valid(rp,*cc.sq(A)): continue
        for C in (csq or allsq):
            if C in bd or C==A or not cc.valid(bp,*cc.sq(C)): continue
            d=dict(bd); d[A]=rp; d[C]=bp
            b=cc.B(d,'w')
            if b.incheck(False) or b.incheck(True): continue
            f0=fen_of(d,'w')
            if not legal(f0) or mates(f0,n): continue
            for m,B in moves_from(f0,A):
                if occ(f0,B): continue
                if sf.gives_check(V,f0,[m]): continue
                f1=sf.get_fen(V,f0,[m])
                fn=f1.replace(' b ',' w ')
                if not mates(fn,n): continue
                for m2,D in moves_from(f1,C):
                    if occ(f1,D) or sf.gives_check(V,f1,[m2]): continue
                    f2=sf.get_fen(V,f1,[m2])
                    if mates(f2,n): continue
                    back=[x for x,y in moves_from(f2,B) if y==A]
                    if not back or sf.gives_check(V,f2,back): continue
                    f3=sf.get_fen(V,f2,back)
                    if not mates(f3.replace(' b ',' w '),n): continue
                    bk=[x for x,y in moves_from(f3,D) if y==C]
                    if not bk or sf.gives_check(V,f3,bk): continue
                    if NOCAP and any(caps(x) for x in (f0,f1,f2,f3)): continue
                    if GAINF and any(gains(x) for x in (f0,f1,f2,f3)): continue
                    res.append((f0,A,B,C,D)); print(base,rp+A,bp+C,A+B,C+D,f0,flush=True)
    return res
if __name__=='__main__':
    base=sys.argv[1]; rp=sys.argv[2]; bp=sys.argv[3]; n=int(sys.argv[4])
    scan(base,rp,bp,n)
