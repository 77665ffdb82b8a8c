/* program.h — a compiled rule file: bytecode, line table, functions,
 * globals and boards. Built by lang/compile.c, run by runtime/vm.c,
 * immutable once built. */
#ifndef TESSERA_PROGRAM_H
#define TESSERA_PROGRAM_H

#include <stdbool.h>
#include <stdint.h>

#include <stdio.h>

#include "board.h"

#define TS_MAX_SEATS 16
#define TS_SEAT_WIDTH 8 /* the least slots of a per-seat global (lang/check.c) */
#define TS_MAX_RANK_KEYS 4
#define TS_MAX_BOARD_ARRAY 8 /* boards in an array `board b[n]` (P12) */
/* The most options one decision may offer: every option has a text in
 * traces and observations, so a decision stays readable and bounded. */
#define TS_MAX_OPTIONS 100000

typedef struct FnInfo {
  char *name;
  int32_t entry;       /* first code word */
  int16_t params, locals; /* locals includes params */
  int32_t ref_map;     /* index into Program.ref_maps: one byte per local, 1 = list */
  bool returns_value;
  bool lists_of_lists; /* some local past the params is a list of lists (ref map 2) */
  int file;            /* source file of the function (for runtime errors) */
  bool decides;        /* it can stop at a decision: its calls are resume points */
  int32_t max_stack;   /* deepest operand stack above the locals (lang/frame_layout.c) */
  int32_t frame_words; /* locals + max_stack: the room the VM checks at each call */
} FnInfo;

enum { GLOBAL_PARAM, GLOBAL_TILES, GLOBAL_VAR };
/* Same numbering as the parser's VIS_PUBLIC / VIS_HIDDEN / VIS_OWNER. */
enum { VISIBLE_PUBLIC, VISIBLE_HIDDEN, VISIBLE_OWNER, VISIBLE_SECRET };

typedef struct GlobalInfo {
  char *name;
  char type[16];       /* type code, as in natives.def */
  int32_t slot;        /* first slot; per-seat globals use seat_width slots */
  uint8_t per_seat, visibility, is_ref, kind;
  uint8_t display;     /* DISPLAY_*: how the screen shows it (`display NAME as ...`) */
  char *label;         /* its name on screen, or NULL */
} GlobalInfo;

enum { DISPLAY_PLAIN, DISPLAY_SEATS, DISPLAY_COUNT, DISPLAY_NONE };

typedef struct BoardInfo {
  char *name;
  BoardSpec spec;      /* capacity 0: computed from the tiles (unbounded) */
  bool per_seat;
  int32_t first;       /* board number of seat 0 (or the board) */
  int32_t count_slot;  /* an array (P12): the global slot of the param giving how many; else -1 */
} BoardInfo;

typedef struct RankKey {
  int32_t slot;        /* per-seat int global */
  bool highest;
} RankKey;

typedef struct VariantInfo {
  char *name, *doc;
  char *requires; /* comma-separated names of the variants it requires */
  char *includes; /* ... that it includes (selects itself, applied first) */
  char *excludes; /* ... that it cannot be combined with */
} VariantInfo;

/* A match option (`option chapters = 1 "…"`): set with --set name=value. */
typedef struct OptionInfo {
  char *name, *doc;
  int64_t default_value, value; /* value: as compiled (the default unless set) */
} OptionInfo;

typedef struct Program {
  char *name;
  int min_players, max_players, ghosts;
  bool module;             /* a library, not a game: nothing to play */
  bool out_of_memory;      /* compiling ran out: the program is discarded */
  int32_t *code, *lines;   /* lines[i]: source line of code word i */
  int16_t *line_files;     /* line_files[i]: its source file (inlined code keeps its own) */
  int code_len, code_cap;
  int64_t *constants;      /* ints that do not fit an operand word */
  int constant_count, constant_cap;
  char **strings;          /* string literals and type codes */
  int string_count, string_cap;
  FnInfo *fns;
  int fn_count, main_fn;
  uint8_t *ref_maps;
  int ref_map_len;
  GlobalInfo *globals;
  int global_count, global_slots;
  BoardInfo *boards;
  int board_decl_count, board_numbers; /* numbers: per-seat boards take seat_width */
  int seat_width;          /* slots of a per-seat global: the most seats (players + ghosts) a match can have */
  RankKey keys[TS_MAX_RANK_KEYS];
  int key_count;
  char **files;            /* source paths, for runtime errors */
  int file_count;
  VariantInfo *variants;   /* every variant declared (selected or not) */
  int variant_count;
  OptionInfo *options;     /* the match options, in declaration order */
  int option_count;
  char *extends;           /* the game the rule file itself `extends`, or NULL */
  /* The dead slots of a frame stopped at a resume point (just after a
   * CHOOSE, a CALL of a deciding function, SET_UP), which the packer
   * zeroes: records in pc order, dead[dead_at[i]] = {pc, runs, then
   * (first slot, count) per run}. See lang/compile.c, note_dead_slots. */
  int32_t *dead, *dead_at;
  int dead_len, dead_cap, dead_count, dead_at_cap;
  /* Statement coverage (TsCompileOptions.coverage_file): COVER A marks
   * covered[A]; statement A is at cover_lines[A] of files[cover_files[A]].
   * The records are appended to coverage_out when the program is freed. */
  int32_t *cover_lines;
  int16_t *cover_files;
  uint8_t *covered;
  int cover_count, cover_cap;
  char *coverage_out;
  /* The code direct-threaded for vm_run (vm.c, thread_code): built by the
   * program's first run, then shared read-only by every VM of the program. */
  intptr_t *threaded;
  int threaded_len;
} Program;

void program_free(Program *p);
/* Appends `FILE<TAB>LINE<TAB>0|1` for every statement to coverage_out (when
 * set): what `tessera test --coverage` adds up. */
void program_write_coverage(const Program *p);
/* Building the dead-slot records (in pc order): a record for resume
 * point pc (returns it), then its runs. */
int program_dead_begin(Program *p, int pc);
void program_dead_run(Program *p, int record, int first, int count);
/* The runs of resume point pc ((first, count) pairs; *runs of them), or
 * NULL when it has none. */
const int32_t *program_dead_slots(const Program *p, int pc, int *runs);
/* Disassembly: every function, instruction with operands and source line. */
void program_disassemble(const Program *p, FILE *out);

#endif
