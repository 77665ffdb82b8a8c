#!/usr/bin/env python3
"""`tessera serve` when memory runs out while it answers a request
(docs/architecture.md, "Running out of memory"): one session of requests is
replayed with each allocation after the game is loaded failing in turn
(tessera_fail_nth, tests/alloc/fail_nth.c). Every run must answer every
request exactly once with its id (unless the request itself could not be
read for want of memory), every failure must be the error
"out of memory" (or the request's own error), the server must go on to
answer the requests after it, and it must end with exit 0. The run with no
failure gives the answers the others are compared with.

usage: serve_alloc_test.py TESSERA_FAIL_NTH [STRIDE]
(STRIDE > 1: every STRIDE-th allocation only, for the slower sanitizer build)"""
import json
import os
import subprocess
import sys

LOAD = {"cmd": "load", "game": "block", "players": 2, "seed": 3}
REQUESTS = [
    {"cmd": "legal"},
    {"cmd": "apply", "index": 0},
    {"cmd": "observe", "seat": -1},
    {"cmd": "observe", "seat": 0},
    {"cmd": "render", "seat": 1},
    {"cmd": "scores"},
    {"cmd": "agent", "agent": "mcts:20", "apply": True},
    {"cmd": "agent", "agent": "greedy", "apply": True},
    {"cmd": "agent", "agent": "ismcts:10"},
    {"cmd": "undo", "count": 2},
    {"cmd": "apply", "move": "not a move"},
    {"cmd": "state"},
]


def session(requests):
    lines = [json.dumps(dict(r, id=i)) for i, r in enumerate(requests)]
    return "\n".join(lines + ['{"cmd":"quit"}']) + "\n"


def run(tessera, requests, fail_nth=0, count=False):
    env = dict(os.environ, TESSERA_FAIL_NTH=str(fail_nth))
    if count:
        env["TESSERA_COUNT_ALLOCATIONS"] = "1"
    done = subprocess.run([tessera, "serve"], input=session(requests), capture_output=True, text=True, env=env,
                          timeout=60)
    return done


def allocations(done):
    return int(done.stderr.strip().splitlines()[-1].split()[-1])


def main():
    tessera = sys.argv[1]
    stride = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    requests = [LOAD] + REQUESTS
    loaded = allocations(run(tessera, [LOAD], count=True))
    clean = run(tessera, requests, count=True)
    total = allocations(clean)
    expected = [json.loads(line) for line in clean.stdout.splitlines()]
    if clean.returncode != 0 or len(expected) != len(requests) + 1:
        sys.exit(f"the session without failures went wrong: exit {clean.returncode}\n{clean.stdout}{clean.stderr}")
    if total - loaded < 100:
        sys.exit(f"only {total - loaded} allocations after the load: the session tests little")
    refused = 0
    for n in range(loaded + 1, total + 1, stride):
        done = run(tessera, requests, fail_nth=n)
        where = f"allocation {n} failing"
        if done.returncode != 0:
            sys.exit(f"{where}: exit {done.returncode}\n{done.stderr[-2000:]}")
        try:
            answers = [json.loads(line) for line in done.stdout.splitlines()]
        except ValueError as e:
            sys.exit(f"{where}: an answer is not JSON ({e}):\n{done.stdout[-3000:]}")
        if len(answers) != len(expected):
            sys.exit(f"{where}: {len(answers)} answers to {len(expected)} requests\n{done.stdout[-2000:]}")
        for i, (answer, want) in enumerate(zip(answers, expected)):
            unread = answer.get("error") == "out of memory" and "id" not in answer  # the request could not be read
            if i < len(requests) and answer.get("id") != i and not unread:
                sys.exit(f"{where}: answer {i} has id {answer.get('id')}: {answer}")
            if not answer["ok"] and answer != want:
                if answer.get("error") != "out of memory":
                    sys.exit(f"{where}: request {requests[i]} -> {answer}")
                refused += 1
    if refused < 10 // stride:
        sys.exit(f"only {refused} requests refused for want of memory over {total - loaded} failures")
    print(f"serve: {total - loaded} allocations failed one at a time, {refused} requests answered 'out of memory'")


main()
