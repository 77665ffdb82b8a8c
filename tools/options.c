/* options.c — see options.h. */
#include "options.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void opt_init(OptParser *p, int argc, char **argv, const OptSpec *specs, int spec_count) {
  memset(p, 0, sizeof *p);
  p->argc = argc;
  p->argv = argv;
  p->next = 1;
  p->specs = specs;
  p->spec_count = spec_count;
  p->command = argc > 0 ? argv[0] : "tessera";
}

/* "--variant, --players, --seed, -n": what the command accepts. */
static void list_options(const OptParser *p, char *buf, size_t cap) {
  size_t used = 0;
  buf[0] = '\0';
  for (int i = 0; i < p->spec_count && used < cap; i++) {
    const OptSpec *s = &p->specs[i];
    int n = snprintf(buf + used, cap - used, "%s%s%s%s", i ? ", " : "",
                     s->short_name ? s->short_name : "", s->short_name ? "/" : "", s->name);
    if (n < 0) break;
    used += (size_t)n;
  }
}

static int bad(OptParser *p, const char *fmt, const char *arg) {
  char valid[256];
  char what[200];
  list_options(p, valid, sizeof valid);
  snprintf(what, sizeof what, fmt, arg);
  snprintf(p->error, sizeof p->error, "%s; %s options: %s", what, p->command, valid);
  return OPT_BAD;
}

/* Matches `arg` against a spec; `inline_value` gets the text after '='. */
static int find_spec(const OptParser *p, const char *arg, const char **inline_value) {
  *inline_value = NULL;
  const char *eq = strchr(arg, '=');
  size_t len = eq ? (size_t)(eq - arg) : strlen(arg);
  for (int i = 0; i < p->spec_count; i++) {
    const OptSpec *s = &p->specs[i];
    bool hit = (strlen(s->name) == len && strncmp(s->name, arg, len) == 0) ||
               (s->short_name && strlen(s->short_name) == len && strncmp(s->short_name, arg, len) == 0);
    if (hit) {
      if (eq) *inline_value = eq + 1;
      return i;
    }
  }
  return -1;
}

int opt_next(OptParser *p) {
  p->value = NULL;
  if (p->next >= p->argc) return OPT_END;
  const char *arg = p->argv[p->next++];
  if (p->only_args || arg[0] != '-' || arg[1] == '\0') {
    p->value = arg;
    return OPT_ARG;
  }
  if (strcmp(arg, "--") == 0) {
    p->only_args = true;
    return opt_next(p);
  }
  const char *inline_value;
  int i = find_spec(p, arg, &inline_value);
  if (i < 0) return bad(p, "unknown option '%s'", arg);
  const OptSpec *s = &p->specs[i];
  if (!s->takes_value) {
    if (inline_value) return bad(p, "option %s takes no value", s->name);
    return i;
  }
  if (inline_value) {
    p->value = inline_value;
  } else if (p->next < p->argc) {
    p->value = p->argv[p->next++];
  } else {
    return bad(p, "option %s wants a value", s->name);
  }
  return i;
}

bool opt_parse_u64(const char *text, uint64_t *out) {
  if (!text || !isdigit((unsigned char)text[0])) return false;
  errno = 0;
  char *end;
  /* Decimal, or hex after 0x: a leading 0 is no octal prefix (010 is ten). */
  bool hex = text[0] == '0' && (text[1] == 'x' || text[1] == 'X');
  if (hex && !isxdigit((unsigned char)text[2])) return false;
  unsigned long long v = strtoull(hex ? text + 2 : text, &end, hex ? 16 : 10);
  if (errno || *end != '\0') return false;
  *out = (uint64_t)v;
  return true;
}

bool opt_parse_int(const char *text, long lo, long hi, long *out) {
  if (!text || !(isdigit((unsigned char)text[0]) || (text[0] == '-' && isdigit((unsigned char)text[1]))))
    return false;
  errno = 0;
  char *end;
  long v = strtol(text, &end, 10);
  if (errno || *end != '\0' || v < lo || v > hi) return false;
  *out = v;
  return true;
}

static char *trim(char *s) {
  while (isspace((unsigned char)*s)) s++;
  char *end = s + strlen(s);
  while (end > s && isspace((unsigned char)end[-1])) *--end = '\0';
  return s;
}

bool strlist_split(const char *text, StrList *out, char *err, size_t errlen) {
  memset(out, 0, sizeof *out);
  if (strspn(text, " \t") == strlen(text)) {
    snprintf(err, errlen, "empty list; expected names separated by commas");
    return false;
  }
  size_t commas = 0;
  for (const char *c = text; *c; c++) commas += *c == ',';
  out->storage = strdup(text);
  out->items = calloc(commas + 1, sizeof *out->items);
  if (!out->storage || !out->items) {
    snprintf(err, errlen, "out of memory");
    strlist_free(out);
    return false;
  }
  char *rest = out->storage;
  for (;;) {
    char *comma = strchr(rest, ',');
    if (comma) *comma = '\0';
    char *item = trim(rest);
    if (*item == '\0') {
      snprintf(err, errlen, "empty item in list '%s'", text);
      strlist_free(out);
      return false;
    }
    out->items[out->count++] = item;
    if (!comma) return true;
    rest = comma + 1;
  }
}

bool strlist_contains(const StrList *l, const char *item) {
  for (int i = 0; i < l->count; i++)
    if (strcmp(l->items[i], item) == 0) return true;
  return false;
}

void strlist_free(StrList *l) {
  free(l->storage);
  free(l->items);
  memset(l, 0, sizeof *l);
}
