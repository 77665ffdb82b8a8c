/* disasm.c — prints a program's bytecode, function by function, with the
 * source line each instruction came from. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "opcodes.h"
#include "program.h"
#include "vm.h"

static const char *const opcode_names[] = {
#define TS_OP_NAME(name, ops, effect, meaning) #name,
  TS_OPCODES(TS_OP_NAME)
#undef TS_OP_NAME
};

/* Returns line `line` of the file (without its newline), or NULL. */
static char *source_line(const char *path, int line) {
  FILE *f = fopen(path, "r");
  if (!f) return NULL;
  char buf[1024];
  char *found = NULL;
  for (int n = 1; fgets(buf, sizeof buf, f); n++) {
    if (n != line) continue;
    buf[strcspn(buf, "\n")] = 0;
    found = strdup(buf);
    break;
  }
  fclose(f);
  return found;
}

static const char *global_name(const Program *p, int slot) {
  for (int g = 0; g < p->global_count; g++) {
    int width = p->globals[g].per_seat ? p->seat_width : 1;
    if (slot >= p->globals[g].slot && slot < p->globals[g].slot + width) return p->globals[g].name;
  }
  return "?";
}

/* What an operand stands for, after the numbers: names and strings. */
static void annotate(const Program *p, int op, const int32_t *operand, FILE *out) {
  switch (op) {
  case BC_CHOOSE: case BC_CHOOSE_SECRET: case BC_FAIL: fprintf(out, "  \"%s\"", p->strings[operand[0]]); break;
  case BC_NATIVE: fprintf(out, "  ; %s", ts_natives[operand[0]].id); break;
  case BC_LOAD_LOCAL_NATIVE: fprintf(out, "  ; %s", ts_natives[operand[1]].id); break;
  case BC_CALL: fprintf(out, "  ; %s", p->fns[operand[0]].name); break;
  case BC_LOAD_GLOBAL: case BC_STORE_GLOBAL: case BC_LOAD_SEAT_GLOBAL: case BC_STORE_SEAT_GLOBAL:
    fprintf(out, "  ; %s", global_name(p, operand[0]));
    break;
  default: break;
  }
}

/* After an instruction the VM can stop at: the slots dead there, which a
 * packed position holds as zero ("; dead 4 7-9"). */
static void dead_slots(const Program *p, int resume, FILE *out) {
  int runs;
  const int32_t *run = program_dead_slots(p, resume, &runs);
  if (!run || runs == 0) return;
  fputs("  ; dead", out);
  for (int r = 0; r < runs; r++) {
    int first = run[2 * r], last = first + run[2 * r + 1] - 1;
    if (first == last) fprintf(out, " %d", first);
    else fprintf(out, " %d-%d", first, last);
  }
}

static int function_end(const Program *p, int fn) {
  int end = p->code_len;
  for (int i = 0; i < p->fn_count; i++)
    if (p->fns[i].entry > p->fns[fn].entry && p->fns[i].entry < end) end = p->fns[i].entry;
  return end;
}

void program_disassemble(const Program *p, FILE *out) {
  fprintf(out, "; %s: %d functions, %d code words, %d global slots, %d strings\n", p->name,
          p->fn_count, p->code_len, p->global_slots, p->string_count);
  for (int fn = 0; fn < p->fn_count; fn++) {
    const FnInfo *f = &p->fns[fn];
    const char *path = f->file < p->file_count ? p->files[f->file] : "?";
    fprintf(out, "\nfn %d %s  (params %d, locals %d, operand stack %d)  %s\n", fn, f->name, f->params, f->locals,
            f->max_stack, path);
    int last_line = -1, last_file = f->file;
    for (int pc = f->entry, end = function_end(p, fn); pc < end;) {
      int op = p->code[pc];
      if (p->lines[pc] != last_line || p->line_files[pc] != last_file) {
        bool other_file = p->line_files[pc] != f->file; /* inlined from another file */
        last_line = p->lines[pc];
        last_file = p->line_files[pc];
        const char *from = last_file < p->file_count ? p->files[last_file] : "?";
        char *text = source_line(from, last_line);
        if (other_file) fprintf(out, "      ; %s:%d: %s\n", from, last_line, text ? text : "");
        else fprintf(out, "      ; %d: %s\n", last_line, text ? text : "");
        free(text);
      }
      fprintf(out, "%6d  %-18s", pc, op >= 0 && op < BC__COUNT ? opcode_names[op] : "???");
      int n = opcode_operands(op);
      for (int k = 1; k <= n; k++) fprintf(out, " %d", p->code[pc + k]);
      annotate(p, op, &p->code[pc + 1], out);
      dead_slots(p, pc + 1 + n, out);
      fputc('\n', out);
      pc += 1 + n;
    }
  }
}
