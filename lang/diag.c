/* diag.c — collecting, sorting and printing diagnostics. */
#include "diag.h"
#include "ast.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "copy_text.h"

void diags_init(Diags *d) { memset(d, 0, sizeof *d); }

void diags_free(Diags *d) {
  for (int i = 0; i < d->count; i++) free(d->items[i].message);
  free(d->items);
  memset(d, 0, sizeof *d);
}

void diag_addv(Diags *d, DiagLevel level, int file, int line, int col,
               const char *fmt, va_list ap) {
  if (level == DIAG_ERROR) d->errors++;
  if (level == DIAG_WARNING) d->warnings++;
  if (d->errors > TS_MAX_ERRORS) { /* still an error: the file fails */
    d->dropped++;
    return;
  }
  char buf[1024];
  vsnprintf(buf, sizeof buf, fmt, ap);
  char *message = copy_text(buf);
  if (!message || !grow_array(&d->items, &d->cap, d->count + 1, 16, sizeof *d->items)) {
    free(message);
    d->lost++; /* printed as "out of memory" */
    d->out_of_memory = true;
    return;
  }
  d->items[d->count++] = (Diag){level, file, line, col, message};
}

void diag_out_of_memory(Diags *d) {
  if (d->out_of_memory) { /* said already (or a message was lost): an error all the same */
    d->errors++;
    return;
  }
  d->out_of_memory = true;
  diag_add(d, DIAG_ERROR, -1, 0, 0, "out of memory");
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

/* Where printing stands in a file: the start of line `line`. Diagnostics
 * are printed in position order, so each file is read once from its start
 * whatever the number of diagnostics. */
typedef struct Cursor {
  int file, line;
  const char *at;
} Cursor;

static const char *line_start(Cursor *c, const SourceFile *f, int file, int line) {
  const char *end = f->text + f->length;
  if (c->file != file || c->line > line) *c = (Cursor){file, 1, f->text};
  for (; c->line < line && c->at < end; c->at++)
    if (*c->at == '\n') c->line++;
  return c->at;
}

/* At most this much of a source line is shown, around the column. */
enum { SHOWN = 160 };

static bool continuation(char ch) { return ((unsigned char)ch & 0xc0) == 0x80; }

static void print_source_line(Cursor *c, const SourceFile *f, int file, int line, int col, FILE *out) {
  const char *p = line_start(c, f, file, line), *end = f->text + f->length;
  const char *eol = p;
  while (eol < end && *eol != '\n' && eol - p <= (col > SHOWN / 2 ? col : 0) + SHOWN) eol++;
  const char *from = col > SHOWN / 2 ? p + col - SHOWN / 2 : p; /* long lines: a window around the caret */
  if (from > eol) from = eol;
  while (from > p && from < eol && continuation(*from)) from--; /* whole UTF-8 characters */
  const char *to = eol - from > SHOWN ? from + SHOWN : eol;
  while (to > from && to < eol && continuation(*to)) to--;
  fprintf(out, "  %s%.*s%s\n  ", from > p ? "..." : "", (int)(to - from), from, to < eol ? "..." : "");
  if (from > p) fputs("   ", out);
  for (const char *q = from; q < p + col - 1 && q < to; q++) fputc(*q == '\t' ? '\t' : ' ', out);
  fputs("^\n", out);
}

void diags_print(const Diags *d, const Ast *ast, FILE *out) {
  static const char *names[] = {"error", "warning", "note"};
  if (d->count > 1) qsort(d->items, (size_t)d->count, sizeof *d->items, by_position);
  Cursor cursor = {-1, 0, NULL};
  for (int i = 0; i < d->count; i++) {
    const Diag *g = &d->items[i];
    const SourceFile *f = ast && g->file >= 0 && g->file < ast->file_count ? &ast->files[g->file] : NULL;
    if (f) fprintf(out, "%s:%d:%d: %s: %s\n", f->path, g->line, g->col, names[g->level], g->message);
    else fprintf(out, "%s: %s\n", names[g->level], g->message); /* no position: the message names the file */
    if (f && g->line > 0) print_source_line(&cursor, f, g->file, g->line, g->col, out);
  }
  if (d->dropped > 0)
    fprintf(out, "too many errors: %d more not shown (fix the first %d, then check again)\n", d->dropped,
            TS_MAX_ERRORS);
  if (d->lost > 0) fprintf(out, "out of memory: %d more message%s not shown\n", d->lost, d->lost == 1 ? "" : "s");
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
