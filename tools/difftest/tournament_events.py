import json, random, sys
def gen(n, played, seed, pen=False, fouls=False, rnd_ids=False):
    R=random.Random(seed)
    score=[0]*n; byes=[0]*n; met=[set() for _ in range(n)]; bal=[0]*n
    rounds=[]
    for r in range(1,played+1):
        order=sorted(range(n), key=lambda i:(-score[i], i))
        bye=None
        if n%2:
            k=max(k for k in range(n) if byes[order[k]]==0) if any(byes[o]==0 for o in order) else n-1
            bye=order.pop(k)
        paired=set(); games=[]; left=[]
        for i,a in enumerate(order):
            if a in paired: continue
            cand=[b for b in order[i+1:i+60] if b not in paired and b not in met[a]]
            if cand:
                b=cand[0]; paired|={a,b}; f,s=(a,b) if bal[a]<=bal[b] else (b,a)
                bal[f]+=1; bal[s]-=1; met[a].add(b); met[b].add(a)
                res=R.choice(['1-0','0-1','1/2-1/2','1-0','0-1','+-'][:5+(r==2)])
                g={'red':f+1,'black':s+1,'result':res}
                if fouls and R.random()<0.1: g['fouls']=[R.randint(0,2),R.randint(0,1)]
                games.append(g)
                if res in('1-0','+-'): score[f]+=2
                elif res=='0-1': score[s]+=2
                else: score[f]+=1; score[s]+=1
            else: left.append(a)
        for j in range(0,len(left)-1,2):
            games.append({'red':left[j]+1,'black':left[j+1]+1,'result':'1/2-1/2'}); score[left[j]]+=1; score[left[j+1]]+=1
        rd={'round':r,'games':games}
        if bye is not None: rd['byes']=[bye+1]; byes[bye]+=1; score[bye]+=2
        rounds.append(rd)
    t={'format':1,'game':'xiangqi','event':'individual','system':'swiss','rounds_planned':9,'players':[{'id':i+1} for i in range(n)],'rounds':rounds}
    if pen: t['penalties']=[{'id':R.randint(1,n),'round':R.randint(1,played),'kind':R.choice(['warning','disqualification'])} for _ in range(max(3,n//50))]
    return t
for (n,p,s,pen,fo) in [(1001,7,1,False,True),(999,9,2,True,True),(5000,5,3,False,False),(301,8,4,True,True),(2000,6,5,True,False),(64,9,6,True,True)]:
    json.dump(gen(n,p,s,pen,fo),open(f'extra-{n}-{p}.json','w'))
