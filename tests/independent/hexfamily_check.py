#!/usr/bin/env python3
"""hexfamily_check.py TRACE... -- re-checks traces of Hexdominup, Hexdominimum and
Hextra (docs/trace-format.md) without the engine: the rules written again here,
plainly, from ../shared/rules/hexdominoes.md.

At every decision: the legal moves, as a set of footprints (tile, cells with
their values, level), equal the ones worked out here from the observation
(Hexdominup: the climbs when any, else the expansions; Hexdominimum: the
placements of the held tile next to the table; Hextra: the placements making a
pair), no footprint is offered twice, the move made is the one indexed, and the
next seat to decide is the one the rules name (a climb or an earned extra turn
keeps the seat; otherwise the next seat that can move). Hexdominimum: the final
scores from the missions and the table after the last move, the ranking by
score, then by who placed her final tile first.
"""
import json, sys
D = {'E': (1, 0), 'SE': (0, 1), 'SW': (-1, 1), 'W': (-1, 0), 'NW': (0, -1), 'NE': (1, -1)}
NB = list(D.values())

def board(cells):
    top = {}  # cell -> (level, value, first entry of its placing)
    start = 0
    for i, c in enumerate(cells):
        if c['part'] == 0: start = i
        top[(c['x'], c['y'])] = (c['level'], c['value'], start)
    return top

def parse(m):
    parts = m.split()
    a, b = map(int, parts[0].split('-'))
    x, y = map(int, parts[1].split(','))
    dx, dy = D[parts[2]]
    lvl = int(parts[3][1:]) if len(parts) > 3 else 0
    return (parts[0], frozenset({((x, y), a), ((x + dx, y + dy), b)}), lvl)

def footprints(tile, top, mode):
    a, b = map(int, tile.split('-'))
    out = set()
    ring = set(top) | {(0, 0)}
    for _ in range(2):
        ring |= {(q + dq, r + dr) for (q, r) in ring for dq, dr in NB}
    for (x, y) in (ring if top else [(0, 0)]):
        for d, (dx, dy) in D.items():
            c0, c1 = (x, y), (x + dx, y + dy)
            fp = (tile, frozenset({(c0, a), (c1, b)}))
            if mode == 'climb':
                if c0 in top and c1 in top:
                    l0, v0, p0 = top[c0]; l1, v1, p1 = top[c1]
                    if l0 == l1 and p0 != p1 and v0 == a and v1 == b:
                        out.add(fp + (l0 + 1,))
            else:
                if c0 in top or c1 in top: continue
                near = [n for c in (c0, c1) for n in [(c[0] + dq, c[1] + dr) for dq, dr in NB] if n in top]
                if mode == 'expand':
                    if near or not top: out.add(fp + (0,))
                elif mode == 'pair':
                    m0 = [n for n in [(c0[0] + dq, c0[1] + dr) for dq, dr in NB] if n in top and top[n][1] == a]
                    m1 = [n for n in [(c1[0] + dq, c1[1] + dr) for dq, dr in NB] if n in top and top[n][1] == b]
                    if m0 or m1: out.add(fp + (0,))
    return out

def check(path):
    lines = [json.loads(l) for l in open(path)]
    head, steps, final = lines[0], lines[1:-1], lines[-1]
    game = head['game']
    n = 0
    for k, st in enumerate(steps):
        o = st['observation']; seat = st['seat']
        top = board(o['boards'][0]['cells'])
        hand = o['vars']['hand'][seat]
        legal = [parse(m) for m in st['legal']]
        got = set(legal)
        assert len(got) == len(legal), (path, k, 'duplicate footprints')
        if game == 'Hexdominup':
            want = set().union(*[footprints(t, top, 'climb') for t in hand])
            if not want:
                want = set().union(*[footprints(t, top, 'expand') for t in hand])
        elif game == 'Hexdominimum':
            want = footprints(hand[0], top, 'expand')
        elif game == 'Hextra':
            if len(top) == 0:
                want = set().union(*[footprints(t, top, 'expand') for t in hand])
            else:
                want = set().union(*[footprints(t, top, 'pair') for t in hand])
        assert got == want, (path, k, sorted(got - want)[:3], sorted(want - got)[:3])
        assert st['legal'][st['index']] == st['move']
        if k + 1 < len(steps):
            nxt = steps[k + 1]
            s2 = nxt['seat']
            hands2 = nxt['observation']['vars']['hand']
            top2 = board(nxt['observation']['boards'][0]['cells'])
            mv = parse(st['move'])
            players = len(hands2)
            def can_move(q):
                if game in ('Hexdominup', 'Hexdominimum'): return len(hands2[q]) > 0
                return any(footprints(t, top2, 'pair') for t in hands2[q])
            if game == 'Hexdominimum':
                again = False
            elif game == 'Hexdominup':
                again = mv[2] > 0 and len(hands2[seat]) > 0
            else:
                again = False
                if top:
                    (c0, v0), (c1, v1) = sorted(mv[1])
                    m0 = {(c0[0] + dq, c0[1] + dr) for dq, dr in NB if top.get((c0[0] + dq, c0[1] + dr), (0, -1))[1] == v0}
                    m1 = {(c1[0] + dq, c1[1] + dr) for dq, dr in NB if top.get((c1[0] + dq, c1[1] + dr), (0, -1))[1] == v1}
                    again = any(x != y for x in m0 for y in m1) and len(hands2[seat]) > 0 and can_move(seat)
            if again:
                assert s2 == seat, (path, k, 'extra turn / climb expected')
            else:
                q = (seat + 1) % players
                while not can_move(q): q = (q + 1) % players
                assert s2 == q, (path, k, 'next seat', s2, q)
        n += 1
    if game == 'Hexdominimum':
        last = steps[-1]
        cells = {c: v for c, v in parse(last['move'])[1]}
        for c in last['observation']['boards'][0]['cells']: cells[(c['x'], c['y'])] = c['value']
        def largest(v):
            seen, best = set(), 0
            for c0 in cells:
                if cells[c0] != v or c0 in seen: continue
                stack, size = [c0], 0
                seen.add(c0)
                while stack:
                    c = stack.pop(); size += 1
                    for dq, dr in NB:
                        nb = (c[0] + dq, c[1] + dr)
                        if cells.get(nb) == v and nb not in seen: seen.add(nb); stack.append(nb)
                best = max(best, size)
            return best
        missions = last['observation']['vars']['mission']
        scores = [largest(int(m.split('-')[0])) * largest(int(m.split('-')[1])) for m in missions]
        assert scores == final['scores'], (path, scores, final['scores'])
        lastturn = {}
        for i, st in enumerate(steps): lastturn[st['seat']] = i
        keys = [(scores[q], lastturn[q]) for q in range(len(scores))]
        ranking = [1 + sum(1 for o in keys if o < keys[q]) for q in range(len(keys))]
        assert ranking == final['ranking'], (path, ranking, final['ranking'])
        assert all(m.split('-')[0] != m.split('-')[1] for m in missions)
    print(path, 'ok', n, 'decisions', final['ranking'])

for p in sys.argv[1:]: check(p)
