#!/usr/bin/env python3
"""`tessera play` as a person uses it (docs/cli.md): every prompt command with
piped input, save and --resume, undo, Ctrl-C, and — in a pseudo-terminal —
colours and the hot-seat hand-over. Each check names what it expects.

usage: cli_play_test.py TESSERA"""
import os
import pty
import select
import signal
import subprocess
import sys
import tempfile
import time

TESSERA = sys.argv[1]
HEX2 = ["hexdominomega", "--variant", "two_player", "--seed", "3"]
failures = []


def check(condition, message):
    if not condition:
        failures.append(message)
        print("FAIL:", message)


def play(args, lines, env=None):
    run = subprocess.run([TESSERA, "play", *args], input="".join(l + "\n" for l in lines), text=True,
                         capture_output=True, env=env, timeout=60)
    return run.returncode, run.stdout, run.stderr


def replay_ok(path):
    run = subprocess.run([TESSERA, "replay", path], capture_output=True, text=True, timeout=60)
    return run.returncode == 0, run.stdout + run.stderr


def test_commands_piped():
    code, out, _ = play([*HEX2, "--players", "human,greedy"],
                        ["HELP", "Moves 1-5 0,0", "1-5", "SCORE", "Rules", "board", "nonsense", "99", "quit"])
    check(code == 0, "quit exits 0")
    for command in ["moves", "board", "score", "rules", "undo", "save FILE", "help", "quit"]:
        check(f"  {command}" in out, f"help lists {command}")
    check("Legal moves (6 starting with '1-5 0,0')" in out, "moves PREFIX filters")
    check("Legal moves (6 starting with '1-5')" in out, "typing a prefix lists the moves it starts")
    check("so far" in out and "rank" in out, "score shows the scores so far")
    check("# Hexdominomega" in out, "rules shows the game's page")
    check(out.count("hand:") == 2, "board shows the screen again")
    check("Not a legal move: 'nonsense'" in out, "a bad move is refused and the game goes on")
    check("There is no move 99; choose 1-6." in out, "a bad number is refused")
    check("\033[" not in out, "no colours when stdout is a pipe")
    check("Game abandoned after 0 moves." in out, "quit abandons")


def test_mcts_is_noted_in_hidden_information_games():
    _, out, _ = play(["hexdominomega", "--players", "mcts:10,ismcts:10,random", "--seed", "1"], [])
    check("Note: P1 (mcts) searches the whole state" in out, "play notes that mcts reads hidden information")
    check("Note: P2" not in out, "no note for ismcts")
    check("Winner" in out, "a whole game with search agents")


def test_score_lists_the_parts():
    game = os.path.join(os.path.dirname(os.path.abspath(__file__)), "unit/games/best_pick.tess")
    _, out, _ = play([game, "--players", "first,human", "--seed", "1"], ["score", "quit"])
    check("P1 parts: 3 0" in out and "P2 parts: 0 0" in out, "score lists the rules' score_parts")
    check("score so far:  P1 3  P2 0" in out, "the screen shows the running score")


def test_undo_goes_back_to_the_humans_decision():
    code, out, _ = play([*HEX2, "--players", "human,greedy"], ["1", "undo", "undo", "quit"])
    check("P2 plays" in out, "the agent replied")
    screens = out.split("Legal moves (")
    check(len(screens) >= 3 and screens[-1].startswith("6)"), "undo shows P1's first decision again (6 moves)")
    check("Nothing to undo." in out, "a second undo at the first decision has nothing to undo")
    check("Game abandoned after 0 moves." in out, "undo took both moves back")


def test_save_and_resume():
    with tempfile.TemporaryDirectory() as tmp:
        save = os.path.join(tmp, "game.jsonl")
        code, out, _ = play([*HEX2, "--players", "human,greedy"], ["2", f"SAVE {save}", "quit"])
        check(f"Saved to {save}" in out, "save reports the file")
        ok, why = replay_ok(save)
        check(ok, f"a save is a trace that replays: {why}")
        trace = os.path.join(tmp, "resumed.jsonl")
        code, out, err = play(["--resume", save, "--trace", trace], ["3", "quit"])
        check(code == 0 and "Resumed after 2 moves." in out, f"--resume plays the saved moves: {err}")
        check("Last move: P2 played" in out, "the resumed screen shows the last move")
        ok, why = replay_ok(trace)
        check(ok, f"the resumed match's trace holds the saved moves too: {why}")
        code, _, err = play(["--resume", os.path.join(tmp, "missing.jsonl")], [])
        check(code == 2 and "--resume: cannot read" in err, "resuming a missing file is a usage error")
        code, _, err = play(["hegemino", "--resume", save], [])
        check(code == 2 and "drop GAME" in err, "--resume with a GAME is refused")


def test_trace_after_undo_replays():
    with tempfile.TemporaryDirectory() as tmp:
        trace = os.path.join(tmp, "t.jsonl")
        play([*HEX2, "--players", "human,greedy", "--trace", trace], ["1", "undo", "2", "quit"])
        ok, why = replay_ok(trace)
        check(ok, f"undo cuts the trace back: it still replays: {why}")
        with open(trace) as f:
            moves = [l for l in f if l.startswith('{"step"')]
        check(len(moves) == 2 and '"index":1' in moves[0], "the trace holds the moves kept, not the undone")


def secret_answers(full, public):
    """(seat, move) of each secret decision: the public trace hides its move."""
    with open(full) as f, open(public) as g:
        pairs = list(zip(f, g))
    found = []
    for whole, seen in pairs:
        if '"move":{"hidden":true}' in seen:
            seat = int(whole.split('"seat":', 1)[1].split(",", 1)[0])
            found.append((seat, whole.split('"move":"', 1)[1].split('"', 1)[0]))
    return found


def test_secret_moves_stay_secret_on_screen():
    for players, other in [("random,human", "P1"), ("human,random", "P2")]:
        with tempfile.TemporaryDirectory() as tmp:
            full, public = os.path.join(tmp, "f.jsonl"), os.path.join(tmp, "p.jsonl")
            _, out, _ = play(["hexominoes", "--players", players, "--seed", "1", "--trace", full,
                              "--public-trace", public], ["1"] * 12 + ["quit"])
            hidden = [move for seat, move in secret_answers(full, public) if f"P{seat + 1}" == other]
            check(len(hidden) == 3, f"{players}: {other} hexed 3 shapes, found {hidden}")
            told = [line for line in out.splitlines() if line.startswith(("Last move: " + other, other + " "))]
            leaks = [line for line in told for move in hidden if line.split()[-1] == move]
            check(not leaks, f"{players}: the screen shows {other}'s secret answers: {leaks}")
            check(f"Last move: {other} chose in secret" in out or players == "human,random",
                  f"{players}: the last move of {other}, secret, is said so")


def test_undo_cuts_the_public_trace_too():
    with tempfile.TemporaryDirectory() as tmp:
        full, public = os.path.join(tmp, "f.jsonl"), os.path.join(tmp, "p.jsonl")
        play(["hexominoes", "--players", "human,random", "--seed", "1", "--trace", full, "--public-trace", public],
             ["1", "undo", "2", "quit"])
        with open(full) as f, open(public) as g:
            steps = [[l.split(',"seat"', 1)[0] for l in lines if l.startswith('{"step"')] for lines in (f, g)]
        check(len(steps[0]) == 1 and steps[0] == steps[1], f"after undo both traces hold the same steps: {steps}")


class Terminal:
    """tessera play in a pseudo-terminal: the screen read as it comes."""

    def __init__(self, args, env=None):
        self.master, slave = pty.openpty()
        self.proc = subprocess.Popen([TESSERA, "play", *args], stdin=slave, stdout=slave, stderr=slave,
                                     env=env, close_fds=True, start_new_session=True)
        os.close(slave)
        self.screen = ""

    def read_until(self, text, timeout=20, times=1):
        end = time.time() + timeout
        while self.screen.count(text) < times and time.time() < end:
            ready, _, _ = select.select([self.master], [], [], 0.2)
            if ready:
                try:
                    self.screen += os.read(self.master, 65536).decode(errors="replace")
                except OSError:
                    break
        return self.screen.count(text) >= times

    def type(self, line):
        os.write(self.master, (line + "\n").encode())

    def finish(self):
        try:
            self.proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.proc.kill()
        self.read_until("\0", timeout=0.5)
        os.close(self.master)
        return self.proc.returncode


def test_terminal_colours_and_hot_seat():
    env = dict(os.environ, TERM="xterm")
    env.pop("NO_COLOR", None)
    t = Terminal([*HEX2, "--players", "human,human"], env)
    check(t.read_until("P1, take the device"), "hot seat: P1 is asked to take the device")
    check("\033[H\033[2J" in t.screen, "hot seat: the screen is cleared first")
    check("[1-5]" not in t.screen, "hot seat: P1's tile is not shown before P1 takes the device")
    t.type("")
    check(t.read_until("P1> "), "P1's prompt")
    check("\033[" in t.screen.split("take the device")[1], "colours on a terminal")
    t.type("1")
    check(t.read_until("P2, take the device"), "hot seat: the device goes to P2")
    before = t.screen.split("P2, take the device")[0]
    check(before.rstrip().endswith("\033[H\033[2J\033[3J") or "\033[2J" in before[-40:],
          "hot seat: cleared before P2 is asked")
    t.type("")
    t.read_until("P2> ")
    t.type("quit")
    check(t.finish() == 0, "quit in a terminal exits 0")

    env["NO_COLOR"] = "1"
    t = Terminal([*HEX2, "--players", "human,greedy"], env)
    t.read_until("P1> ")
    check("\033[3" not in t.screen and "\033[7" not in t.screen, "NO_COLOR: no colours on a terminal")
    t.type("quit")
    t.finish()


def test_ctrl_c_leaves_a_valid_trace():
    with tempfile.TemporaryDirectory() as tmp:
        trace = os.path.join(tmp, "t.jsonl")
        t = Terminal([*HEX2, "--players", "human,greedy", "--trace", trace], dict(os.environ, NO_COLOR="1"))
        t.read_until("P1> ")
        t.type("1")
        t.read_until("P2 plays")
        check(t.read_until("P1> ", times=2), "P1's second prompt")
        os.killpg(t.proc.pid, signal.SIGINT)
        code = t.finish()
        check(code == 0 and "Game abandoned after 2 moves." in t.screen, f"Ctrl-C abandons the game ({code})")
        ok, why = replay_ok(trace)
        check(ok, f"the interrupted trace replays: {why}")


def test_ctrl_c_while_an_agent_thinks():
    with tempfile.TemporaryDirectory() as tmp:
        trace = os.path.join(tmp, "t.jsonl")
        t = Terminal([*HEX2, "--players", "human,mcts:60s", "--trace", trace], dict(os.environ, NO_COLOR="1"))
        t.read_until("P1> ")
        t.type("1")
        time.sleep(0.2)
        os.killpg(t.proc.pid, signal.SIGINT)
        code = t.finish()
        check(code == 0 and "Game abandoned after" in t.screen, f"Ctrl-C during a search abandons the game ({code})")
        ok, why = replay_ok(trace)
        check(ok, f"the trace interrupted during a search replays: {why}")


def test_screens_fit_100_columns():
    listed = subprocess.run([TESSERA, "list"], capture_output=True, text=True).stdout.splitlines()
    games = [line.split()[0] for line in listed if line and not line[0].isspace()]
    for game in games:
        for players in ["random,random", "random,random,random", "random,random,random,random"]:
            for seed in ["1", "2"]:
                code, out, _ = play([game, "--players", players, "--seed", seed], [])
                if code == 2:  # not a player count of this game
                    continue
                wide = [line for line in out.splitlines() if len(line) > 100 and " plays " not in line]
                check(not wide, f"{game} {players} seed {seed}: {len(wide)} lines over 100 columns: {wide[:1]}")


for test in [test_commands_piped, test_mcts_is_noted_in_hidden_information_games, test_score_lists_the_parts,
             test_undo_goes_back_to_the_humans_decision, test_save_and_resume,
             test_trace_after_undo_replays, test_secret_moves_stay_secret_on_screen,
             test_undo_cuts_the_public_trace_too, test_terminal_colours_and_hot_seat, test_ctrl_c_leaves_a_valid_trace,
             test_ctrl_c_while_an_agent_thinks, test_screens_fit_100_columns]:
    test()
if failures:
    sys.exit(f"{len(failures)} check(s) failed")
print("ok")
