/* test_coverage.c — see test_coverage.h. */
#define _GNU_SOURCE /* getline, strdup, getcwd */
#include "test_coverage.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli_alloc.h"

typedef struct Point {
  char *file;
  int line;
  int ran;
} Point;

static int by_file_line(const void *a, const void *b) {
  const Point *x = a, *y = b;
  int c = strcmp(x->file, y->file);
  return c ? c : x->line - y->line;
}

/* The path relative to the current folder when it lies below it. */
static const char *shown(const char *file, const char *cwd) {
  size_t n = strlen(cwd);
  return strncmp(file, cwd, n) == 0 && file[n] == '/' ? file + n + 1 : file;
}

static void print_file(FILE *out, const Point *p, int n, const char *cwd) {
  int lines = 0, ran = 0;
  for (int i = 0; i < n; i++) lines++, ran += p[i].ran;
  fprintf(out, "%s: %d of %d statement lines run (%.0f%%)", shown(p[0].file, cwd), ran, lines,
          lines ? 100.0 * ran / lines : 100.0);
  const char *sep = "; not run: ";
  for (int i = 0; i < n; i++) {
    if (p[i].ran) continue;
    int j = i;
    while (j + 1 < n && !p[j + 1].ran) j++;
    if (j > i) fprintf(out, "%s%d-%d", sep, p[i].line, p[j].line);
    else fprintf(out, "%s%d", sep, p[i].line);
    sep = ", ";
    i = j;
  }
  fputc('\n', out);
}

int coverage_report(const char *records, FILE *out) {
  FILE *in = fopen(records, "r");
  if (!in) return 1;
  Point *points = NULL;
  int count = 0, cap = 0;
  char *line = NULL;
  size_t len = 0;
  while (getline(&line, &len, in) >= 0) {
    char *tab = strchr(line, '\t'), *tab2 = tab ? strchr(tab + 1, '\t') : NULL;
    if (!tab2) continue;
    *tab = '\0';
    if (count == cap) {
      cap = cap ? cap * 2 : 1024;
      Point *grown = realloc(points, (size_t)cap * sizeof *grown);
      if (!grown) break;
      points = grown;
    }
    points[count++] = (Point){cli_strdup(line), atoi(tab + 1), atoi(tab2 + 1)};
  }
  free(line);
  fclose(in);
  qsort(points, (size_t)count, sizeof *points, by_file_line);
  /* One point per line: run when any statement on it ran. */
  int unique = 0;
  for (int i = 0; i < count; i++) {
    if (unique && points[unique - 1].line == points[i].line && strcmp(points[unique - 1].file, points[i].file) == 0) {
      points[unique - 1].ran |= points[i].ran;
      free(points[i].file);
    } else {
      points[unique++] = points[i];
    }
  }
  char cwd[PATH_MAX];
  if (!getcwd(cwd, sizeof cwd)) cwd[0] = '\0';
  fprintf(out, "\ncoverage (statement lines the tests ran, per rule file):\n");
  for (int i = 0, j; i < unique; i = j) {
    for (j = i; j < unique && strcmp(points[j].file, points[i].file) == 0;) j++;
    print_file(out, points + i, j - i, cwd);
  }
  for (int i = 0; i < unique; i++) free(points[i].file);
  free(points);
  return 0;
}
