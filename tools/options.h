/* options.h — command-line parsing shared by every subcommand: long options
 * (`--seed 5`, `--seed=5`), short ones (`-n 5`), positional arguments, and
 * the comma lists of `--variant` and `--players`. Pure: no engine calls, so
 * tests/unit/check_cli_options.c can include it directly. */
#ifndef TESSERA_TOOLS_OPTIONS_H
#define TESSERA_TOOLS_OPTIONS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* One option a subcommand accepts. */
typedef struct OptSpec {
  const char *name;       /* "--seed" */
  const char *short_name; /* "-n", or NULL */
  bool takes_value;
} OptSpec;

/* opt_next results besides a spec index. */
enum { OPT_END = -1, OPT_ARG = -2, OPT_BAD = -3 };

typedef struct OptParser {
  int argc;
  char **argv;
  int next;               /* argv index to look at next */
  const OptSpec *specs;
  int spec_count;
  const char *command;    /* for messages: "play" */
  bool only_args;         /* seen "--" */
  const char *value;      /* the option's value, or the positional argument */
  char error[512];        /* OPT_BAD: what is wrong and what would be valid */
} OptParser;

/* argv[0] is the subcommand's name; parsing starts at argv[1]. */
void opt_init(OptParser *p, int argc, char **argv, const OptSpec *specs, int spec_count);
/* The index of the spec found (value in p->value), OPT_ARG (argument in
 * p->value), OPT_END, or OPT_BAD (p->error says why). */
int opt_next(OptParser *p);

/* Decimal or 0x-hexadecimal, whole string, no sign. */
bool opt_parse_u64(const char *text, uint64_t *out);
/* Decimal within lo..hi. */
bool opt_parse_int(const char *text, long lo, long hi, long *out);

/* A comma-separated list: items trimmed of spaces, none empty. */
typedef struct StrList {
  char *storage;
  const char **items;
  int count;
} StrList;

bool strlist_split(const char *text, StrList *out, char *err, size_t errlen);
bool strlist_contains(const StrList *l, const char *item);
void strlist_free(StrList *l);

#endif
