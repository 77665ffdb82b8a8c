/* view_subset.c — comparing a seat's observation with the full one
 * (tessera simcheck). */
#include "view_subset.h"

#include <string.h>

/* Skips one JSON value starting at p (strings, arrays, objects, scalars). */
static const char *skip_value(const char *p) {
  int depth = 0;
  bool string = false;
  for (; *p; p++) {
    if (string) {
      if (*p == '\\' && p[1]) p++;
      else if (*p == '"') string = false;
      if (!string && depth == 0) return p + 1;
      continue;
    }
    if (*p == '"') string = true;
    else if (*p == '[' || *p == '{') depth++;
    else if (*p == ']' || *p == '}') {
      if (depth == 0) return p; /* the end of the enclosing value */
      if (--depth == 0) return p + 1;
    } else if (depth == 0 && *p == ',') return p;
  }
  return p;
}

bool view_only_hides(const char *seat_view, const char *full) {
  static const char hidden[] = "{\"hidden\":true", viewer[] = "\"viewer\":";
  const char *p = seat_view, *q = full;
  while (*p && *q) {
    if (strncmp(p, hidden, sizeof hidden - 1) == 0) {
      p = skip_value(p);
      q = skip_value(q);
      continue;
    }
    if (strncmp(p, viewer, sizeof viewer - 1) == 0 && strncmp(q, viewer, sizeof viewer - 1) == 0) {
      p = skip_value(p + sizeof viewer - 1);
      q = skip_value(q + sizeof viewer - 1);
      continue;
    }
    if (*p++ != *q++) return false;
  }
  return *p == *q;
}

