/* main.c — `tessera COMMAND …`: hands the arguments to one subcommand. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

typedef struct Command {
  const char *name;
  int (*run)(int argc, char **argv);
  const char *summary;
} Command;

static const Command commands[] = {
    {"list", cmd_list, "list the games, their player counts and variants"},
    {"check", cmd_check, "compile rule files and report every diagnostic"},
    {"disasm", cmd_disasm, "print the bytecode of a game"},
    {"play", cmd_play, "play a match at the terminal (humans and machine agents)"},
    {"run", cmd_run, "play many seeded matches between machine agents"},
    {"replay", cmd_replay, "replay traces and report where the engine differs (golden tests)"},
    {"serve", cmd_serve, "answer JSON requests on stdin, one per line (docs/protocol.md)"},
    {"test", cmd_test, "run rule-file tests and golden playthroughs in files and folders"},
    {"perft", cmd_perft, "count the nodes of a game's decision tree from a seeded start"},
    {"stats", cmd_stats, "balance report over many seeded matches (wins, scores, lengths)"},
    {"bench", cmd_bench, "measure random playouts (against a C baseline when there is one)"},
    {"simcheck", cmd_simcheck, "random matches that check the engine's invariants at every step"},
};
enum { COMMAND_COUNT = sizeof commands / sizeof *commands };

static void print_usage(FILE *out) {
  fputs("usage: tessera COMMAND [ARGS...]\n"
        "\n"
        "tessera compiles tile-placement and domino game rules (.tess files) to\n"
        "bytecode and runs them. Commands:\n",
        out);
  for (int i = 0; i < COMMAND_COUNT; i++) fprintf(out, "  %-8s %s\n", commands[i].name, commands[i].summary);
  fputs("\n"
        "`tessera COMMAND --help` describes a command; docs/cli.md has the details.\n"
        "GAME is a name from `tessera list` or a path to a .tess file.\n",
        out);
}

static const Command *find_command(const char *name) {
  for (int i = 0; i < COMMAND_COUNT; i++)
    if (strcmp(commands[i].name, name) == 0) return &commands[i];
  return NULL;
}

static int unknown_command(const char *name) {
  fprintf(stderr, "tessera: unknown command '%s'; commands: ", name);
  for (int i = 0; i < COMMAND_COUNT; i++) fprintf(stderr, "%s, ", commands[i].name);
  fputs("help\n", stderr);
  return EXIT_USAGE;
}

/* `tessera help [COMMAND]`. */
static int help(int argc, char **argv) {
  if (argc < 2) {
    print_usage(stdout);
    return 0;
  }
  const Command *c = find_command(argv[1]);
  if (!c) return unknown_command(argv[1]);
  char *args[] = {(char *)c->name, "--help", NULL};
  return c->run(2, args);
}

int main(int argc, char **argv) {
  setvbuf(stdout, NULL, _IOLBF, 0); /* keep stdout and stderr in order when both are piped */
  ts_set_print_prefix(getenv(TEST_PRINT_MARK_ENV)); /* set by `tessera test` (cmd_test.c) */
  if (argc < 2) {
    print_usage(stderr);
    return EXIT_USAGE;
  }
  const char *name = argv[1];
  if (strcmp(name, "--help") == 0 || strcmp(name, "-h") == 0 || strcmp(name, "help") == 0)
    return help(argc - 1, argv + 1);
  const Command *c = find_command(name);
  if (!c) {
    if (name[0] == '-') return cli_fail(EXIT_USAGE, "unknown option '%s'; options: --help, or a command first", name);
    return unknown_command(name);
  }
  return c->run(argc - 1, argv + 1);
}
