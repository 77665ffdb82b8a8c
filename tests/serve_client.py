#!/usr/bin/env python3
"""A real client of `tessera serve` (docs/protocol.md): plays a whole seeded
game of every game `tessera list` shows, for every player count and every
variant, through the protocol only, and checks each answer: move texts round
trip through apply, undo restores the position, observations and renders
answer for the seat to move, agents move when asked, malformed requests get
an error and change nothing, and every game ends with scores and ranks.

usage: serve_client.py TESSERA"""
import math
import json
import os
import random
import re
import subprocess
import sys


class Engine:
    def __init__(self, tessera):
        self.proc = subprocess.Popen([tessera, "serve"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     text=True, bufsize=1)
        self.sent = 0

    def raw(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()
        answer = self.proc.stdout.readline()
        if not answer:
            sys.exit(f"serve ended after request {line!r}")
        return json.loads(answer)

    def ask(self, cmd, expect_ok=True, **fields):
        self.sent += 1
        request = dict(cmd=cmd, id=self.sent, **fields)
        answer = self.raw(json.dumps(request))
        check(answer.get("id") == self.sent, f"answer to {request} lacks its id: {answer}")
        check(answer["ok"] == expect_ok, f"{request} -> {answer}")
        return answer

    def close(self):
        self.ask("quit")
        self.proc.stdin.close()
        check(self.proc.wait(timeout=10) == 0, "serve did not exit cleanly")


def check(condition, message):
    if not condition:
        sys.exit("FAIL: " + message)


def listed_games(tessera):
    out = subprocess.run([tessera, "list"], capture_output=True, text=True, check=True).stdout
    return [line.split()[0] for line in out.splitlines() if line and not line[0].isspace()]


def malformed_requests_change_nothing(engine):
    before = engine.ask("state")["hash"]
    for line in ['{"cmd":"legal","pad":"' + "x" * (2 << 20) + '"}', "not json", "[1,2]", '{"id":7}', '{"cmd":"fly"}', '{"cmd":"apply","move":"no such move"}',
                 '{"cmd":"apply","index":-1}', '{"cmd":"observe","seat":99}', '{"cmd":"agent","agent":"robot"}',
                 '{"cmd":"apply"}', '{"cmd":"undo","count":0}', '{"cmd":"load","game":"no_such_game"}']:
        answer = engine.raw(line)
        check(answer["ok"] is False and answer["error"], f"{line!r} should fail: {answer}")
    check(engine.ask("state")["hash"] == before, "a failed request changed the position")


def play_whole_game(engine, game, variants, players, seed):
    loaded = engine.ask("load", game=game, variants=variants, players=players, seed=seed)
    check(loaded["players"] == players and loaded["seats"] >= players, f"load {game}: {loaded}")
    rng = random.Random(seed)
    moves = 0
    position = engine.ask("state")
    while not position["over"]:
        seat = position["to_move"]
        legal = engine.ask("legal")["moves"]
        check(legal and len(set(legal)) == len(legal), f"{game}: legal moves must be unique texts: {legal[:5]}")
        observation = engine.ask("observe", seat=seat)["observation"]
        check(observation["viewer"] == seat and observation["to_move"] == seat, f"{game}: observation {seat}")
        if moves % 5 == 0:
            check(engine.ask("render", seat=seat)["text"], f"{game}: empty render")
            engine.ask("scores")
        if moves % 9 == 4:  # undo returns to the very same position
            before = engine.ask("state")["hash"]
            engine.ask("apply", index=rng.randrange(len(legal)))
            engine.ask("undo")
            check(engine.ask("state")["hash"] == before, f"{game}: undo did not restore the position")
        if moves % 11 == 7:
            agent = "greedy" if moves % 2 else "mcts:30"
            position = engine.ask("agent", agent=agent, apply=True)
            check(position["played"] in legal, f"{game}: {agent} played {position['played']}")
        else:
            text = rng.choice(legal)
            position = engine.ask("apply", move=text.upper())  # texts match case-insensitively
            check(position["played"] == text, f"{game}: applied {text}, got {position['played']}")
        moves += 1
        check(position["moves_played"] == moves, f"{game}: moves_played {position}")
    check("runtime_error" not in position, f"{game}: {position.get('runtime_error')}")
    scores = engine.ask("scores")
    if scores["parts"] is not None and scores["running"] is not None:  # the parts add up (or multiply) to the score so far
        check([sum(p) for p in scores["parts"]] == scores["running"] or
              [math.prod(p) for p in scores["parts"]] == scores["running"], f"{game}: parts {scores['parts']}")
    check(1 in scores["ranks"] and len(scores["scores"]) == loaded["seats"], f"{game}: scores {scores}")
    engine.ask("apply", expect_ok=False, index=0)
    engine.ask("agent", expect_ok=False)
    return moves


def secret_answers_stay_hidden(engine, seed):
    """Hexominoes over the protocol: each seat's observation and rendering,
    and a spectator's (-2), never show the other seat's hexed shapes while
    the game runs; `secret` marks the hexing decisions."""
    engine.ask("load", game="hexominoes", players=2, seed=seed)
    rng = random.Random(seed)
    hexed = [[], []]
    position = engine.ask("state")
    while not position["over"]:
        seat = position["to_move"]
        for viewer in (0, 1, -2):
            observation = engine.ask("observe", seat=viewer)["observation"]
            for k in (0, 1):
                shown = observation["vars"]["hexed"][k]
                if k == viewer:
                    check(shown == hexed[k], f"seed {seed}: seat {k} sees its hexes {hexed[k]}: {shown}")
                else:
                    check(isinstance(shown, dict) and shown.get("hidden"), f"seed {seed}: {viewer} sees {k}'s hexes")
            text = engine.ask("render", seat=viewer)["text"]
            line = next(l for l in text.splitlines() if l.startswith("hexed:"))
            leaked = [h for k in (0, 1) if k != viewer for h in hexed[k] if h in re.findall(r"\w+", line)]
            check(not leaked, f"seed {seed}: seat {viewer}'s screen shows {leaked}: {line}")
        legal = engine.ask("legal")["moves"]
        secret = position["secret"]
        position = engine.ask("apply", move=rng.choice(legal))
        if secret:
            hexed[seat].append(position["played"])
    check([len(h) for h in hexed] == [3, 3], f"seed {seed}: secret decisions {hexed}")
    final = engine.ask("observe", seat=-2)["observation"]["vars"]["hexed"]
    check(final == hexed, f"seed {seed}: the end reveals the hexes: {final}")


def variant_sets(game_info):
    yield []
    for v in game_info.get("variants", []):
        yield [r for r in v["requires"].split(",") if r] + [v["name"]]


def main():
    tessera = sys.argv[1]
    engine = Engine(tessera)
    check(engine.ask("help")["commands"], "help lists the commands")
    engine.ask("legal", expect_ok=False)  # nothing loaded yet
    games = engine.ask("games")["games"]
    check([g["game"] for g in games] == listed_games(tessera), "games differs from tessera list")
    played = 0
    for info in games:
        check("error" not in info, f"{info['game']} does not compile")
        for variants in variant_sets(info):
            first = engine.ask("load", game=info["game"], variants=variants)
            for players in range(first["min_players"], first["max_players"] + 1):
                moves = play_whole_game(engine, info["game"], variants, players, seed=players)
                print(f"{info['game']} {','.join(variants) or '-'} {players}p: {moves} moves")
                played += 1
        malformed_requests_change_nothing(engine)
    check(played >= len(games), "every game played")
    for seed in (1, 2, 3):
        secret_answers_stay_hidden(engine, seed)
    # What the rules print goes to stderr: stdout holds the answers alone.
    printing = os.path.join(os.path.dirname(os.path.abspath(__file__)), "scripts/lang/choose_duplicate_text.tess")
    engine.ask("load", game=printing, players=1)
    check(engine.ask("apply", index=1)["over"], "a printing game's answers stay readable")
    engine.close()
    print(f"ok: {played} whole games over tessera serve")


if __name__ == "__main__":
    main()
