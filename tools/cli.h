/* cli.h — what the subcommands of `tessera` share: messages, finding games,
 * loading programs. Every usage problem is reported as ONE line
 * `tessera: what is wrong; what would be valid` with exit status 2; compile
 * and runtime errors exit 1. */
#ifndef TESSERA_TOOLS_CLI_H
#define TESSERA_TOOLS_CLI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "agents.h"
#include "options.h"
#include "tessera.h"

enum { EXIT_USAGE = 2 };

/* The environment variable `tessera test` sets in the processes it runs:
 * the mark printed before every line of a rule file's `print`. */
#define TEST_PRINT_MARK_ENV "TESSERA_PRINT_MARK"
/* ... and, with --coverage, the file the programs append their statement
 * coverage to (TsCompileOptions.coverage_file). */
#define TEST_COVERAGE_ENV "TESSERA_COVERAGE"

/* Prints `tessera: message` to stderr; returns `status`. */
int cli_fail(int status, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Standard handling of an OPT_BAD result. */
int cli_bad_option(const OptParser *p);

/* $TESSERA_GAMES, else the build's games/ directory. */
const char *cli_games_dir(void);
/* Names (file stems) of the games directory's .tess files, sorted; returns the count, -1 when
 * the directory cannot be read. Free with cli_free_names. */
int cli_game_names(char ***names);
void cli_free_names(char **names, int count);

/* games_dir/name.tess, malloc'ed (NULL when out of memory). */
char *cli_game_path(const char *name);
/* A GAME argument (a name in games/ or a path to a .tess file) to a path.
 * NULL after printing the one-line reason. Caller frees. */
char *cli_resolve_game(const char *game);
int cli_resolve_failure(void); /* the exit status for the last NULL of cli_resolve_game */

/* Compiles `path` with `variants` (may be NULL), after checking each name is
 * one the game declares; `plain` (CLI_NO_* bits) turns rewrites off for
 * reading the bytecode. Diagnostics go to stderr. Returns 0 with *out set,
 * 1 on compile errors, EXIT_USAGE on an unknown variant (message printed). */
enum { CLI_NO_INLINE = 1, CLI_NO_SUPERINSTRUCTIONS = 2 };
int cli_load_program(const char *path, const StrList *variants, unsigned plain, TsProgram **out);
/* The same with match options set (`settings`: NAME=NUMBER items, may be
 * NULL), each checked against the options the game declares. */
int cli_load_program_set(const char *path, const StrList *variants, const StrList *settings, unsigned plain,
                         TsProgram **out);
/* Appends a --set value to the comma list in buf (--set may be repeated). */
int cli_add_setting(char *buf, size_t cap, const char *value);
/* "chapters (default 1), limit (default 0)": the options of p. */
void cli_option_list(const TsProgram *p, char *buf, size_t cap);
TsCompileOptions cli_compile_options(const StrList *variants);

/* The GAME positional argument of `command`: stores it, or fails (one line,
 * EXIT_USAGE) when a second one is given. Returns 0 or the exit status. */
int cli_take_game(const char *command, const char **game, const char *value);
/* After parsing: fails when no GAME was given. */
int cli_need_game(const char *command, const char *game);
/* --seed VALUE: 0, or EXIT_USAGE after the one-line reason. */
int cli_parse_seed(const char *value, uint64_t *seed);

/* "3 players" / "2-4 players". */
void cli_player_counts(const TsProgram *p, char *buf, size_t cap);

/* What `play` and `run` set up before the first match: the rule file, the
 * variants, the compiled program and who sits at each seat. */
typedef struct Session {
  char *path;
  StrList variants;
  StrList settings;    /* --set NAME=NUMBER items */
  TsProgram *program;
  AgentKind kinds[AGENTS_MAX];
  AgentParams params[AGENTS_MAX]; /* the budgets of kinds[i] */
  int players;
} Session;

/* Resolves GAME, compiles it with `variant_text` (may be NULL) and seats the
 * agents of `players_text` (NULL: the minimum count, a human at seat 1 when
 * `human_default`). Returns 0, or the exit status after printing why. */
int session_open(Session *s, const char *game, const char *variant_text, const char *players_text,
                 bool human_default);
/* session_open with the match options of `settings_text` ("a=1,b=2", may be NULL). */
int session_open_set(Session *s, const char *game, const char *variant_text, const char *settings_text,
                     const char *players_text, bool human_default);
void session_close(Session *s);
/* The session's agents for a match with `seed`, budgets included. */
void session_agents(const Session *s, Agent *agents, uint64_t seed);

/* Command entry points; argv[0] is the command name. */
int cmd_list(int argc, char **argv);
int cmd_check(int argc, char **argv);
int cmd_disasm(int argc, char **argv);
int cmd_play(int argc, char **argv);
int cmd_run(int argc, char **argv);
int cmd_bench(int argc, char **argv);
int cmd_replay(int argc, char **argv);
int cmd_serve(int argc, char **argv);
int cmd_simcheck(int argc, char **argv);
int cmd_test(int argc, char **argv);
int cmd_perft(int argc, char **argv);
int cmd_stats(int argc, char **argv);

#endif
