/* tessera.h — the one public interface of the engine, used by the CLI, the
 * tests and future bindings. Modelled on OpenSpiel's State API.
 *
 *   TsProgram  a rule file compiled with a chosen set of variants and
 *              options (immutable once built; its code is threaded for the
 *              VM on the first run and then only read)
 *   TsMatch    a program + player count: the tile table and layout and the
 *              position right after the set-up, shared read-only by every
 *              state of that match; the program keeps one per player count,
 *              so every game after the first starts from a copy of that
 *              position plus its seed (see ts_new_game)
 *   TsState    one position: a flat, pointer-free block (clone = one copy)
 *
 * Moves: at each decision one seat chooses among legal options, each with a
 * canonical move text. Functions that can fail return NULL or a negative
 * number and write a one-line reason into the caller's buffer; the two
 * without a buffer, ts_clone and ts_copy, fail only when memory runs out.
 * docs/architecture.md, "Running out of memory", says what each does then. */
#ifndef TESSERA_H
#define TESSERA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

typedef struct TsProgram TsProgram;
typedef struct TsMatch TsMatch;
typedef struct TsState TsState;

/* ---- compiling ---- */
typedef struct TsCompileOptions {
  const char *const *variants; /* names of selected variants */
  int variant_count;
  const char *stdlib_dir;      /* NULL: $TESSERA_STDLIB, then the built-in default */
  const char *games_dir;       /* for `extends`; NULL: $TESSERA_GAMES, then default */
  bool warnings;               /* report warnings (unused declarations) */
  bool no_inline;              /* compile every call as a call (for reading bytecode) */
  bool no_superinstructions;   /* one instruction per operation (for reading bytecode) */
  const char *const *settings; /* match options set: "name=value" each (an int) */
  int setting_count;
  const char *coverage_file;   /* non-NULL: count which statements run (one COVER instruction
                                  each) and append them to this file when the program is freed */
} TsCompileOptions;

/* Compiles `path`. Every diagnostic is printed to `diagnostics` (may be NULL).
 * Returns NULL when there was any error. */
TsProgram *ts_compile_file(const char *path, const TsCompileOptions *options, FILE *diagnostics);
void ts_program_free(TsProgram *p);
const char *ts_program_name(const TsProgram *p);    /* `game "..."` */
int ts_program_min_players(const TsProgram *p);
int ts_program_max_players(const TsProgram *p);
int ts_program_variant_count(const TsProgram *p);   /* all declared, selected or not */
const char *ts_program_variant_name(const TsProgram *p, int i);
const char *ts_program_variant_doc(const TsProgram *p, int i);
/* Comma-separated names of the variants variant i requires ("" if none). */
const char *ts_program_variant_requires(const TsProgram *p, int i);
/* The same for the variants it includes (`includes`: selected with it) and
 * the ones it excludes. */
const char *ts_program_variant_includes(const TsProgram *p, int i);
const char *ts_program_variant_excludes(const TsProgram *p, int i);
int ts_program_ghosts(const TsProgram *p);
/* The game the rule file itself `extends` (the name as written), or NULL. */
const char *ts_program_extends(const TsProgram *p);
/* Match options (`option name = default "doc"`), in declaration order;
 * value is what this program was compiled with (the default unless set). */
int ts_program_option_count(const TsProgram *p);
const char *ts_program_option_name(const TsProgram *p, int i);
const char *ts_program_option_doc(const TsProgram *p, int i); /* "" when none */
int64_t ts_program_option_default(const TsProgram *p, int i);
int64_t ts_program_option_value(const TsProgram *p, int i);
/* Whether the game declares `var name: per player ...` (for messages that
 * name a seat's value as `hand of P2`). */
bool ts_program_var_per_player(const TsProgram *p, const char *name);
bool ts_program_is_module(const TsProgram *p); /* no game, players or play: a library */
void ts_program_disassemble(const TsProgram *p, FILE *out);

/* ---- matches and states ---- */
/* players 0 = the program's minimum count. A runtime error while the match
 * is set up does not return NULL: the state is over and ts_error says why.
 * `print` in a rule file writes to stdout.
 * The first game of a program with a player count runs the set-up (params,
 * tiles, boards, vars); when that drew nothing from the generator and
 * printed nothing, its position is kept, and every later game with that
 * count (ts_new_game or ts_reset) is a copy of it with the new seed, then
 * the `play` block: the same game, byte for byte, as a fresh program's.
 * Otherwise each game runs the set-up again. States may be freed after
 * their program, but not used. */
TsState *ts_new_game(const TsProgram *p, int players, uint64_t seed, char *err, size_t errlen);
/* Starts a new game of the same match (same program and player count) with
 * another seed, reusing the state's memory: what playout loops use. */
void ts_reset(TsState *s, uint64_t seed);
/* An independent copy of s (same match). NULL when memory ran out; s is
 * unchanged either way. */
TsState *ts_clone(const TsState *s);
/* Makes dst a copy of src, reusing dst's memory: no allocation once dst's
 * block is as large as src's (and src has no error text to copy). dst then
 * belongs to src's match, whichever it had. Returns 0, or -1 when memory ran
 * out: dst is then unchanged. */
int ts_copy(TsState *dst, const TsState *src);
void ts_free(TsState *s);
uint64_t ts_hash(const TsState *s);              /* XXH3 of the block: stable */
size_t ts_state_bytes(const TsState *s);

int ts_players(const TsState *s);                /* seats that decide */
int ts_seats(const TsState *s);                  /* players + ghosts */
bool ts_is_over(const TsState *s);
/* A runtime error stops the game: is_over is true and this says why
 * ("file:line: runtime error: ..."); NULL when none. Running out of memory
 * is such an error ("out of memory"), also when the message itself could not
 * be copied. */
const char *ts_error(const TsState *s);

/* The current decision. */
int ts_current_seat(const TsState *s);           /* -1 when over */
int ts_legal_count(const TsState *s);
/* Canonical text of option i, unique within this decision. */
const char *ts_legal_text(const TsState *s, int i, char *buf, size_t cap);
/* Index of the option whose text matches (case and extra spaces ignored), or
 * -1. */
int ts_find_move(const TsState *s, const char *text);
/* A key for option i that is the same in another state exactly when it is
 * the same move there (scalar options: the value; others: their text's
 * hash), for searches that add up statistics over sampled states. */
uint64_t ts_legal_key(const TsState *s, int i);
/* Whether the current decision is a `choose secret`: its options and the
 * answer are for the deciding seat only (not for other seats, spectators or
 * public traces). */
bool ts_decision_secret(const TsState *s);
/* Applies option i. Returns 0, or -1 (bad index: state unchanged). A runtime
 * error in the rules also returns -1 with the message; the state then is
 * over with ts_error set. */
int ts_apply(TsState *s, int option, char *err, size_t errlen);
/* Applies the move whose text matches (as ts_find_move; the " #2" suffix of
 * duplicate options is part of the text). */
int ts_apply_text(TsState *s, const char *text, char *err, size_t errlen);

/* ---- results ---- */
int64_t ts_score(const TsState *s, int seat);    /* the first rank key */
/* rank[seat]: 1 = first; tied seats share a rank. */
void ts_ranking(const TsState *s, int *rank);
const char *ts_seat_name(const TsState *s, int seat, char *buf, size_t cap); /* "P1", "G1" */

/* ---- observation ---- */
/* The viewer of an observation who is no seat: a spectator, who sees only
 * what is public (and `secret` variables once the game is over). */
enum { TS_VIEW_ALL = -1, TS_VIEW_PUBLIC = -2 };
/* JSON object describing the state as `seat` sees it (hidden information of
 * others removed); seat -1 (TS_VIEW_ALL) = all but `hidden` values, TS_VIEW_PUBLIC = a
 * spectator. See docs/trace-format.md. Returns the
 * length written (truncated to cap-1 and NUL-terminated; call again with a
 * larger buffer when the result >= cap). */
size_t ts_observation_json(const TsState *s, int seat, char *buf, size_t cap);
/* Human-readable board(s) and visible zones for `seat`, for the terminal. */
void ts_render(const TsState *s, int seat, FILE *out);
/* The same, styled: ANSI colours (seats' colours from the rules' `legend`,
 * the last move in reverse video) and the cells that differ from `before`
 * (the position before the last move, same match; NULL: none) marked. */
typedef struct TsRenderStyle {
  bool color;
  const TsState *before;
} TsRenderStyle;
void ts_render_styled(const TsState *s, int seat, const TsRenderStyle *style, FILE *out);

/* ---- what agents and screens may ask the rules ----
 * A rule file may declare functions under agreed names, each taking a
 * player and returning an int (docs/language.md, "Functions the player
 * uses"): `running_score` (the score so far, shown on screen and used by
 * the greedy agent) and `evaluation` (how good the position is for a seat,
 * preferred by the agents), `legend` (the board value a seat owns) and
 * `score_parts` (the running score's parts, returning [int]). */
bool ts_program_declares(const TsProgram *p, const char *function);
/* Calls the declared function `name` for every seat (values[seat]) on a
 * scratch copy of s (s itself is unchanged). Returns 0; 1 when the program
 * declares no such function; -1 on a runtime error inside it or when the
 * scratch copy could not be made ("out of memory"), the reason in err. */
int ts_seat_values(const TsState *s, const char *name, int64_t *values, char *err, size_t errlen);
/* The same for a declared function returning a list of ints, for one seat
 * (`score_parts`): returns the list's length (values beyond `cap` are not
 * written), -2 when the program declares no such function, -1 on a runtime
 * error (out of memory included). */
int ts_seat_list(const TsState *s, const char *name, int seat, int64_t *values, int cap, char *err, size_t errlen);

/* ---- hidden information ----
 * What a seat cannot see is declared in the rule file (`hidden` and `owner`
 * variables). Replaces it with a sample consistent with what `seat` sees:
 * the elements of every list variable hidden from `seat` are pooled by
 * type, put in a canonical order, shuffled with `seed` and dealt back into
 * the same lists with the same lengths; the game's generator is reseeded
 * from `seed` (future chance is hidden too). The result depends only on
 * what the seat sees and on `seed`. Hidden scalars are kept. Returns the
 * number of elements resampled, or -1 when memory ran out (s unchanged). */
int ts_determinize(TsState *s, int seat, uint64_t seed);
/* Whether anything (a list element or the generator) is hidden from seat. */
bool ts_hides_from(const TsState *s, int seat);
/* When the current options are tiles of three or more cells, draws them as
 * numbered pictures (a catalogue to choose from) and returns true; else
 * writes nothing and returns false. */
bool ts_render_options(const TsState *s, FILE *out);

/* Runtime limits, per decision: steps (backward jumps and calls) and heap
 * bytes. They belong to the match, so every state of the match (clones
 * included, and later games of the program with that player count) shares
 * them. */
typedef struct TsLimits {
  int64_t steps;
  size_t heap_bytes;
} TsLimits;
void ts_set_limits(TsState *s, TsLimits limits);

/* Text written before every line a rule file's `print` writes (NULL: none;
 * the default). `tessera test` marks printed lines so, to tell them from the
 * CLI's own output. Process-wide; `prefix` must outlive its use. */
void ts_set_print_prefix(const char *prefix);
/* Drops every line a rule file's `print` writes (true) or writes them
 * (false, the default): for commands whose stdout is their own report
 * (`tessera perft`, `tessera stats`). Process-wide. */
void ts_set_print_quiet(bool quiet);

#endif
