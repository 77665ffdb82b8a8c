/* program.c — freeing a compiled program, and writing its statement coverage. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>

#include "program.h"
#include "grow.h"

void program_free(Program *p) {
  if (!p) return;
  program_write_coverage(p);
  free(p->name);
  free(p->code);
  free(p->lines);
  free(p->line_files);
  free(p->constants);
  for (int i = 0; i < p->string_count; i++) free(p->strings[i]);
  free(p->strings);
  for (int i = 0; i < p->fn_count; i++) free(p->fns[i].name);
  free(p->fns);
  free(p->ref_maps);
  for (int i = 0; i < p->global_count; i++) {
    free(p->globals[i].name);
    free(p->globals[i].label);
  }
  free(p->globals);
  for (int i = 0; i < p->board_decl_count; i++) free(p->boards[i].name);
  free(p->boards);
  for (int i = 0; i < p->file_count; i++) free(p->files[i]);
  free(p->files);
  for (int i = 0; i < p->variant_count; i++) {
    free(p->variants[i].name);
    free(p->variants[i].doc);
    free(p->variants[i].requires);
    free(p->variants[i].includes);
    free(p->variants[i].excludes);
  }
  free(p->variants);
  for (int i = 0; i < p->option_count; i++) {
    free(p->options[i].name);
    free(p->options[i].doc);
  }
  free(p->options);
  free(p->extends);
  free(p->dead);
  free(p->dead_at);
  free(p->cover_lines);
  free(p->cover_files);
  free(p->covered);
  free(p->coverage_out);
  free(p->threaded);
  free(p);
}

static void dead_push(Program *p, int32_t word) {
  if (!grow_array(&p->dead, &p->dead_cap, p->dead_len + 1, 64, sizeof *p->dead)) {
    p->out_of_memory = true;
    return;
  }
  p->dead[p->dead_len++] = word;
}

int program_dead_begin(Program *p, int pc) {
  if (!grow_array(&p->dead_at, &p->dead_at_cap, p->dead_count + 1, 16, sizeof *p->dead_at)) p->out_of_memory = true;
  if (p->out_of_memory) return 0; /* records written from here on are dropped */
  int record = p->dead_len;
  p->dead_at[p->dead_count++] = record;
  dead_push(p, pc);
  dead_push(p, 0);
  return record;
}

void program_dead_run(Program *p, int record, int first, int count) {
  dead_push(p, first);
  dead_push(p, count);
  if (!p->out_of_memory) p->dead[record + 1]++;
}

const int32_t *program_dead_slots(const Program *p, int pc, int *runs) {
  int lo = 0, hi = p->dead_count; /* records are in pc order */
  while (lo < hi) {
    int mid = (lo + hi) / 2;
    if (p->dead[p->dead_at[mid]] < pc) lo = mid + 1;
    else hi = mid;
  }
  if (lo == p->dead_count || p->dead[p->dead_at[lo]] != pc) return NULL;
  const int32_t *record = &p->dead[p->dead_at[lo]];
  *runs = record[1];
  return record + 2;
}

void program_write_coverage(const Program *p) {
  if (!p->coverage_out) return;
  FILE *out = fopen(p->coverage_out, "a");
  if (!out) return;
  for (int i = 0; i < p->cover_count; i++) {
    int f = p->cover_files[i];
    const char *file = f >= 0 && f < p->file_count ? p->files[f] : "?";
    char full[PATH_MAX];
    fprintf(out, "%s\t%d\t%d\n", realpath(file, full) ? full : file, p->cover_lines[i], p->covered[i]);
  }
  fclose(out);
}
