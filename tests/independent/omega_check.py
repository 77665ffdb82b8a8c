#!/usr/bin/env python3
"""omega_check.py TRACE... -- re-checks Omega traces (docs/trace-format.md,
docs/games/omega.md) without the engine: the rules written again here, plainly.

At every decision: the board is the previous one plus the move made; the legal
moves are exactly (a colour the mover has not put down this turn) x (an empty
cell of the hexagon the board's "hexagon" side gives), colour by colour, cells
in row order; the move made is the one indexed; the seat to move is the one
the turn order names (a seat puts one stone of each of the nplayers colours,
then the next seat moves). The game ends exactly when the next turn's stones
no longer fit (fewer empty cells than colours; with the `rounds` variant: at
the first seat's turn, fewer than nplayers^2). At the end: each colour's groups
(flood fill over the six hex neighbours), their product as the score, and the
ranking by score, then by the latest turn.
"""
import json, sys
from math import prod

COLOURS = ["white", "black", "red", "blue"]
NEIGHBOURS = [(1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1)]


def hexagon(side):
    return [(x, y) for y in range(2 * side - 1) for x in range(2 * side - 1)
            if side - 1 <= x + y <= 3 * side - 3]


def groups(stones, colour):
    cells = [c for c, v in stones.items() if v == colour]
    seen, sizes = set(), []
    for c in cells:  # in placement order: the order of first stones
        if c in seen:
            continue
        stack, size = [c], 0
        seen.add(c)
        while stack:
            x, y = stack.pop()
            size += 1
            for dx, dy in NEIGHBOURS:
                n = (x + dx, y + dy)
                if n not in seen and stones.get(n) == colour:
                    seen.add(n)
                    stack.append(n)
        sizes.append(size)
    return sizes


def check(path):
    lines = [json.loads(l) for l in open(path)]
    head, steps, final = lines[0], lines[1:-1], lines[-1]
    n = head["players"]
    rounds = "rounds" in head["variants"]
    board = steps[0]["observation"]["boards"][0]
    side = board["hexagon"]
    cells = hexagon(side)
    stones = {}  # cell -> colour value, in placement order
    seat, left, turn, last_turn = 0, list(range(n)), 1, [0] * n

    def fits(s):
        empty = len(cells) - len(stones)
        return empty >= n * n if rounds and s == 0 else empty >= n

    for i, step in enumerate(steps):
        obs = step["observation"]
        seen = {(c["x"], c["y"]): c["value"] for c in obs["boards"][0]["cells"]}
        assert seen == stones, f"{path}: step {i}: the board is not the moves so far"
        assert step["seat"] == seat, f"{path}: step {i}: seat {step['seat']} moves, expected {seat}"
        legal = [f"{COLOURS[k]} {x},{y}" for k in left for (x, y) in cells if (x, y) not in stones]
        assert step["legal"] == legal, f"{path}: step {i}: the legal moves differ"
        assert step["legal"][step["index"]] == step["move"], f"{path}: step {i}: move is not the indexed one"
        name, at = step["move"].split()
        colour = COLOURS.index(name)
        x, y = map(int, at.split(","))
        stones[(x, y)] = colour + 1
        left.remove(colour)
        if not left:
            last_turn[seat] = turn
            turn += 1
            seat, left = (seat + 1) % n, list(range(n))
            over = not fits(seat)
            assert over == (i + 1 == len(steps)), f"{path}: step {i}: the game {'should end' if over else 'ended early'}"
    assert final["over"] and left == list(range(n)), f"{path}: ended mid-turn"
    sizes = [groups(stones, k + 1) for k in range(n)]
    scores = [prod(s) for s in sizes]
    assert final["scores"] == scores, f"{path}: scores {final['scores']}, expected {scores}"
    keys = [(scores[k], last_turn[k]) for k in range(n)]
    ranking = [1 + sum(keys[j] > keys[k] for j in range(n)) for k in range(n)]
    assert final["ranking"] == ranking, f"{path}: ranking {final['ranking']}, expected {ranking}"
    obs = final["observation"]
    seen = {(c["x"], c["y"]): c["value"] for c in obs["boards"][0]["cells"]}
    assert seen == stones, f"{path}: the final board is not the last move's"
    assert obs["vars"]["groups"] == sizes, f"{path}: final groups {obs['vars']['groups']}, expected {sizes}"
    assert obs["vars"]["last_turn"] == last_turn, f"{path}: final last_turn"
    return len(steps), len(cells) - len(stones)


if __name__ == "__main__":
    for path in sys.argv[1:]:
        decisions, empty = check(path)
        print(f"{path}: ok ({decisions} decisions re-checked, {empty} cells left empty)")
