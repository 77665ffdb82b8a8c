/* program.c — freeing a compiled program. */
#include <stdlib.h>

#include "program.h"

void program_free(Program *p) {
  if (!p) return;
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
  for (int i = 0; i < p->global_count; i++) free(p->globals[i].name);
  free(p->globals);
  for (int i = 0; i < p->board_decl_count; i++) free(p->boards[i].name);
  free(p->boards);
  for (int i = 0; i < p->file_count; i++) free(p->files[i]);
  free(p->files);
  for (int i = 0; i < p->variant_count; i++) {
    free(p->variants[i].name);
    free(p->variants[i].doc);
    free(p->variants[i].requires);
  }
  free(p->variants);
  free(p);
}
