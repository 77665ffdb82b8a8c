/* opcode_stats.c — a developer's count of what the interpreter runs: how
 * often each instruction executes and how often each pair runs one straight
 * after the other (the second falling through from the first, which is what
 * a superinstruction could replace). Only in a build configured with
 * -DTESSERA_OPCODE_STATS=ON, where every dispatch calls opcode_stats_step;
 * the normal build compiles none of it. The counts are written at exit to
 * the file named by the environment variable TESSERA_OPCODE_STATS (nothing
 * when it is unset): "op NAME COUNT" and "pair FIRST SECOND COUNT" lines,
 * for tools/opcode_profile.sh to add up over the catalogue. */
#ifdef TESSERA_OPCODE_STATS
#include <stdio.h>
#include <stdlib.h>

#include "opcodes.h"
#include "vm_internal.h"

static const char *const op_names[BC__COUNT] = {
#define TS_OP_NAME(name, ops, effect, meaning) #name,
    TS_OPCODES(TS_OP_NAME)
#undef TS_OP_NAME
};

static unsigned long long op_counts[BC__COUNT], pair_counts[BC__COUNT][BC__COUNT];
static int last_op = -1, last_end = -1;
static bool registered;

static void write_stats(void) {
  const char *path = getenv("TESSERA_OPCODE_STATS");
  FILE *out = path ? fopen(path, "w") : NULL;
  if (!out) return;
  for (int a = 0; a < BC__COUNT; a++)
    if (op_counts[a]) fprintf(out, "op %s %llu\n", op_names[a], op_counts[a]);
  for (int a = 0; a < BC__COUNT; a++)
    for (int b = 0; b < BC__COUNT; b++)
      if (pair_counts[a][b]) fprintf(out, "pair %s %s %llu\n", op_names[a], op_names[b], pair_counts[a][b]);
  fclose(out);
}

void opcode_stats_enter(void) { last_op = -1; }

void opcode_stats_step(const Program *p, int pc) {
  if (!registered) registered = true, atexit(write_stats);
  if (pc < 0 || pc >= p->code_len) return;
  int op = p->code[pc];
  if (op < 0 || op >= BC__COUNT) return;
  op_counts[op]++;
  if (last_op >= 0 && last_end == pc) pair_counts[last_op][op]++;
  last_op = op;
  last_end = pc + 1 + opcode_operands(op);
}
#endif
