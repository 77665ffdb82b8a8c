/* diag.c — collecting, sorting and printing diagnostics. */
#include "diag.h"
#include "ast.h"

#include <stdlib.h>
#include <string.h>

void diags_init(Diags *d) { memset(d, 0, sizeof *d); }

void diags_free(Diags *d) {
  for (int i = 0; i < d->count; i++) free(d->items[i].message);
  free(d->items);
  memset(d, 0, sizeof *d);
}

void diag_addv(Diags *d, DiagLevel level, int file, int line, int col,
               const char *fmt, va_list ap) {
  if (d->count == d->cap) {
    d->cap = d->cap ? d->cap * 2 : 16;
    d->items = realloc(d->items, sizeof *d->items * (size_t)d->cap);
  }
  char buf[1024];
  vsnprintf(buf, sizeof buf, fmt, ap);
  d->items[d->count++] = (Diag){level, file, line, col, strdup(buf)};
  if (level == DIAG_ERROR) d->errors++;
  if (level == DIAG_WARNING) d->warnings++;
}

void diag_add(Diags *d, DiagLevel level, int file, int line, int col,
              const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  diag_addv(d, level, file, line, col, fmt, ap);
  va_end(ap);
}

static int by_position(const void *x, const void *y) {
  const Diag *a = x, *b = y;
  if (a->file != b->file) return a->file - b->file;
  if (a->line != b->line) return a->line - b->line;
  return a->col - b->col;
}

static void print_source_line(const SourceFile *f, int line, int col, FILE *out) {
  const char *p = f->text, *end = f->text + f->length;
  for (int l = 1; l < line && p < end; p++)
    if (*p == '\n') l++;
  const char *eol = p;
  while (eol < end && *eol != '\n') eol++;
  fprintf(out, "  %.*s\n  ", (int)(eol - p), p);
  for (int i = 1; i < col && p + i - 1 < eol; i++) fputc(p[i - 1] == '\t' ? '\t' : ' ', out);
  fputs("^\n", out);
}

void diags_print(const Diags *d, const Ast *ast, FILE *out) {
  static const char *names[] = {"error", "warning", "note"};
  if (d->count > 1) qsort(d->items, (size_t)d->count, sizeof *d->items, by_position);
  for (int i = 0; i < d->count; i++) {
    const Diag *g = &d->items[i];
    const SourceFile *f = ast && g->file >= 0 && g->file < ast->file_count ? &ast->files[g->file] : NULL;
    fprintf(out, "%s:%d:%d: %s: %s\n", f ? f->path : "<input>", g->line, g->col,
            names[g->level], g->message);
    if (f && g->line > 0) print_source_line(f, g->line, g->col, out);
  }
}

static int edit_distance(const char *a, const char *b) {
  size_t n = strlen(a), m = strlen(b);
  if (n > 32 || m > 32) return 99;
  int row[33];
  for (size_t j = 0; j <= m; j++) row[j] = (int)j;
  for (size_t i = 1; i <= n; i++) {
    int diag = row[0];
    row[0] = (int)i;
    for (size_t j = 1; j <= m; j++) {
      int up = row[j];
      int cost = a[i - 1] == b[j - 1] ? 0 : 1;
      int best = diag + cost;
      if (row[j] + 1 < best) best = row[j] + 1;
      if (row[j - 1] + 1 < best) best = row[j - 1] + 1;
      row[j] = best;
      diag = up;
    }
  }
  return row[m];
}

const char *diag_suggest(const char *name, const char *const *candidates, int count) {
  const char *best = NULL;
  int best_distance = (int)strlen(name) / 3 + 1;
  if (best_distance > 3) best_distance = 3;
  for (int i = 0; i < count; i++) {
    int dist = edit_distance(name, candidates[i]);
    if (dist <= best_distance && (best == NULL || dist < best_distance)) {
      best = candidates[i];
      best_distance = dist;
    }
  }
  return best;
}
