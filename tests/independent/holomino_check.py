#!/usr/bin/env python3
"""tests/independent/holomino_check.py TRACE... — re-checks Holomino traces from
their observations alone, knowing only the rules digest
(../shared/rules/holomino.md) and pixel geometry, nothing of tessera's:

  every decision offers exactly the legal placements of the mover's pool
  (in canonical order: pool tile, cell by row then column, turn), or, with
  none, the pool's tiles to return; the mover drew first (unless the sack
  was empty); every move scored what its holes are worth (multiplied, or
  summed x counted under `sane`); the game ended exactly when a player ran
  out of tiles or both passed in succession; the final scores agree, and
  the final observation (the state after the last move) is what the last
  move made of the one before.

Geometry: hex cell (q, r) is centred at (2q + r, 3r); its corners N, NE,
SE, S, SW, NW lie at the offsets below. A corner's value is what the
observation's `shows` says the tile there shows."""
import json
import sys

OFFSETS = [(0, -2), (1, -1), (1, 1), (0, 2), (-1, 1), (-1, -1)]
STEPS = [(1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1)]


def corner(cell, j):
    q, r = cell
    return (2 * q + r + OFFSETS[j][0], 3 * r + OFFSETS[j][1])


class Board:
    def __init__(self, cells, tiles):
        self.shows = {}
        for c in cells:
            tile = tiles[c["tile"]]
            want = [tile["corners"][(j - c["turn"]) % 6] for j in range(6)]
            if c["shows"] != want:
                raise AssertionError(f"cell {c['x']},{c['y']}: shows {c['shows']}, its tile turned {c['turn']} shows {want}")
            self.shows[(c["x"], c["y"])] = c["shows"]

    def at_point(self, p):
        return [v[j] for cell, v in self.shows.items() for j in range(6) if corner(cell, j) == p]

    def cells_at(self, p):
        return [(cell[0] + dq, cell[1] + dr) for cell in [(round((p[0] - p[1] / 3) / 2), round(p[1] / 3))]
                for dq in range(-2, 3) for dr in range(-2, 3)
                if any(corner((cell[0] + dq, cell[1] + dr), j) == p for j in range(6))]

    def sites(self):
        if not self.shows:
            return [(0, 0)]
        near = {(q + dq, r + dr) for (q, r) in self.shows for dq, dr in STEPS}
        return sorted((c for c in near if c not in self.shows), key=lambda c: (c[1], c[0]))

    def fits(self, values, turn, cell):
        for j in range(6):
            mine = values[(j - turn) % 6]
            if any(v != mine for v in self.at_point(corner(cell, j))):
                return False
        return True

    def holes(self, cell):
        """The holes closed around cell: three bites meeting where every cell
        is filled; each as the numbers one edge away."""
        found = []
        for j in range(6):
            p = corner(cell, j)
            around_cells = self.cells_at(p)
            if len(around_cells) != 3 or any(c not in self.shows for c in around_cells):
                continue
            if any(v >= 0 for v in self.at_point(p)):
                continue
            ends = set()
            for c in around_cells:
                k = next(k for k in range(6) if corner(c, k) == p)
                ends |= {corner(c, (k + 1) % 6), corner(c, (k - 1) % 6)}
            found.append(sorted(self.at_point(e)[0] for e in ends))
        return found


def legal_moves(board, pool, tiles_by_name):
    moves = []
    for name in pool:
        tile = tiles_by_name[name]
        values, step = tile["corners"], tile["turn_step"]
        for cell in board.sites():
            seen = []
            for turn in range(0, 6, step):
                shown = [values[(j - turn) % 6] for j in range(6)]
                if shown in seen:
                    continue
                seen.append(shown)
                if board.fits(values, turn, cell):
                    moves.append(f"{name} {cell[0]},{cell[1]} +{turn * 60}")
    return moves


def move_score(holes, sane):
    scores = [sum(h) for h in holes]
    if not scores:
        return 0
    if sane:
        return sum(scores) * len(scores)
    product = 1
    for s in scores:
        product *= s
    return product


def check(path):
    lines = [json.loads(l) for l in open(path)]
    header, steps, final = lines[0], lines[1:-1], lines[-1]
    sane = "sane" in header["variants"]
    passes, scored = 0, 0
    for i, step in enumerate(steps):
        obs = step["observation"]
        seat, v = step["seat"], obs["vars"]
        tiles = obs["tiles"]
        by_name = {t["name"]: t for t in tiles}
        board = Board(obs["boards"][0]["cells"], tiles)
        pool = v["pool"][seat]
        if i > 0:  # the pools and sack as the last move left them, then a draw
            pools_after, sack_after = expected
            for other in range(len(pools_after)):
                if other != seat:
                    assert v["pool"][other] == pools_after[other], f"{path}: step {i}: pool of seat {other}"
            drew = 1 if sack_after > 0 else 0
            assert pool[:len(pool) - drew] == pools_after[seat] and len(pool) == len(pools_after[seat]) + drew, \
                f"{path}: step {i}: pool {pool} is not {pools_after[seat]} and a draw"
            assert v["sack"]["count"] == sack_after - drew, f"{path}: step {i}: sack count"
        legal = legal_moves(board, pool, by_name)
        if not legal:
            assert step["legal"] == pool, f"{path}: step {i}: no placement, so return a pool tile: {step['legal']} vs {pool}"
            passes += 1
            gained = 0
        else:
            assert step["legal"] == legal, f"{path}: step {i}: legal moves differ:\n{step['legal']}\n{legal}"
            passes = 0
            name, at, turn = step["move"].split()
            q, r = map(int, at.split(","))
            values = by_name[name]["corners"]
            board.shows[(q, r)] = [values[(j - int(turn) // 60) % 6] for j in range(6)]
            gained = move_score(board.holes((q, r)), sane)
            pool = [t for t in pool if t != name]
        after = steps[i + 1]["observation"]["vars"]["score"] if i + 1 < len(steps) else final["scores"]
        assert after[seat] - v["score"][seat] == gained, f"{path}: step {i}: {step['move']} scored {after[seat] - v['score'][seat]}, holes give {gained}"
        scored += gained > 0
        if not legal:
            pool = list(pool)
            pool.remove(step["move"])
        pools = [list(x) for x in v["pool"]]
        pools[seat] = pool
        expected = (pools, v["sack"]["count"] + (0 if legal else 1))
        over = passes == 2 or (not pool and expected[1] == 0)
        assert over == (i + 1 == len(steps)), f"{path}: step {i}: the game {'should end' if over else 'ended early'}"
    assert final["over"], f"{path}: not over"
    if "observation" in final:  # the state after the last move, as the checker made it
        obs = final["observation"]
        after = Board(obs["boards"][0]["cells"], obs["tiles"])
        assert after.shows == board.shows, f"{path}: the final board is not the last move's"
        pools, sack = expected
        assert obs["vars"]["pool"] == pools, f"{path}: final pools {obs['vars']['pool']}, expected {pools}"
        assert obs["vars"]["sack"]["count"] == sack, f"{path}: final sack size"
        assert obs["vars"]["score"] == final["scores"], f"{path}: final scores"
        assert obs["vars"]["passes"] == passes, f"{path}: final passes {obs['vars']['passes']}, expected {passes}"
    return len(steps), scored


if __name__ == "__main__":
    for path in sys.argv[1:]:
        n, scored = check(path)
        print(f"{path}: ok ({n} decisions re-checked, {scored} scoring moves)")
