/* obs_diff.c — see obs_diff.h. */
#define _GNU_SOURCE /* asprintf, vasprintf, memmem */
#include "obs_diff.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { VALUE_TEXT = 80 }; /* longer values are cut in messages */

void diffs_add(Diffs *d, const char *fmt, ...) {
  if (d->count >= d->max) {
    d->more++;
    return;
  }
  char **grown = realloc(d->lines, ((size_t)d->count + 1) * sizeof *grown);
  if (!grown) return;
  d->lines = grown;
  va_list ap;
  va_start(ap, fmt);
  if (vasprintf(&d->lines[d->count], fmt, ap) >= 0) d->count++;
  va_end(ap);
}

void diffs_free(Diffs *d) {
  for (int i = 0; i < d->count; i++) free(d->lines[i]);
  free(d->lines);
  d->lines = NULL;
  d->count = d->more = 0;
}

/* A value as compact JSON, cut to VALUE_TEXT characters. */
static void value_text(const json_t *v, char *buf, size_t cap) {
  if (!v) {
    snprintf(buf, cap, "nothing");
    return;
  }
  char *text = json_dumps(v, JSON_COMPACT | JSON_ENCODE_ANY);
  size_t len = text ? strlen(text) : 0;
  if (len > VALUE_TEXT) snprintf(buf, cap, "%.*s…", VALUE_TEXT, text);
  else snprintf(buf, cap, "%s", text ? text : "?");
  free(text);
}

static void diff_value(const char *label, const json_t *want, const json_t *got, Diffs *d);

/* One member `label` of an object: missing, or its value compared. */
static void diff_object_key(const char *label, const json_t *w, const json_t *g, Diffs *d) {
  if (!g) {
    char text[VALUE_TEXT + 8];
    value_text(w, text, sizeof text);
    diffs_add(d, "%s missing: expected %s", label, text);
  } else {
    diff_value(label, w, g, d);
  }
}

static void diff_object(const char *label, const json_t *want, const json_t *got, Diffs *d) {
  const char *key;
  json_t *w;
  json_object_foreach((json_t *)want, key, w) {
    char sub[256];
    snprintf(sub, sizeof sub, "%s%s%s", label, *label ? "." : "", key);
    diff_object_key(sub, w, json_object_get(got, key), d);
  }
}

static void diff_array(const char *label, const json_t *want, const json_t *got, Diffs *d) {
  size_t n = json_array_size(want), m = json_array_size(got);
  if (n != m) {
    char a[VALUE_TEXT + 8], b[VALUE_TEXT + 8];
    value_text(want, a, sizeof a);
    value_text(got, b, sizeof b);
    diffs_add(d, "%s differs: expected %zu item%s %s, got %zu %s", label, n, n == 1 ? "" : "s", a, m, b);
    return;
  }
  for (size_t i = 0; i < n; i++) {
    char sub[256];
    snprintf(sub, sizeof sub, "%s[%zu]", label, i);
    diff_value(sub, json_array_get(want, i), json_array_get(got, i), d);
  }
}

static void diff_value(const char *label, const json_t *want, const json_t *got, Diffs *d) {
  if (json_equal((json_t *)want, (json_t *)got)) return;
  if (json_is_object(want) && json_is_object(got)) return diff_object(label, want, got, d);
  if (json_is_array(want) && json_is_array(got)) return diff_array(label, want, got, d);
  char a[VALUE_TEXT + 8], b[VALUE_TEXT + 8];
  value_text(want, a, sizeof a);
  value_text(got, b, sizeof b);
  diffs_add(d, "%s differs: expected %s, got %s", label, a, b);
}

/* ---- boards: cell by cell, by position ---- */

static json_int_t int_field(const json_t *o, const char *key, json_int_t absent) {
  const json_t *v = json_object_get(o, key);
  return json_is_integer(v) ? json_integer_value(v) : absent;
}

/* "tableau" or "tableau of P2" (a per player board carries its seat). */
static void board_label(const json_t *board, char *buf, size_t cap) {
  const char *name = json_string_value(json_object_get(board, "name"));
  json_int_t seat = int_field(board, "seat", -1);
  if (seat >= 0) snprintf(buf, cap, "%s of P%lld", name ? name : "board", (long long)seat + 1);
  else snprintf(buf, cap, "%s", name ? name : "board");
}

static const json_t *find_board(const json_t *boards, const json_t *like) {
  const char *name = json_string_value(json_object_get(like, "name"));
  json_int_t seat = int_field(like, "seat", -1);
  size_t i;
  json_t *b;
  json_array_foreach((json_t *)boards, i, b) {
    const char *n = json_string_value(json_object_get(b, "name"));
    if (n && name && strcmp(n, name) == 0 && int_field(b, "seat", -1) == seat) return b;
  }
  return NULL;
}

static const json_t *find_cell(const json_t *cells, json_int_t x, json_int_t y, json_int_t level) {
  size_t i;
  json_t *c;
  json_array_foreach((json_t *)cells, i, c) {
    if (int_field(c, "x", 0) == x && int_field(c, "y", 0) == y && int_field(c, "level", 0) == level) return c;
  }
  return NULL;
}

/* "4", or "4 (tile 3-5)" when the tile matters to the message. */
static void cell_text(const json_t *cell, const json_t *tiles, bool with_tile, char *buf, size_t cap) {
  if (!cell) {
    snprintf(buf, cap, "empty");
    return;
  }
  char value[VALUE_TEXT + 8];
  value_text(json_object_get(cell, "value"), value, sizeof value);
  json_int_t tile = int_field(cell, "tile", -1);
  const char *name = json_string_value(json_object_get(json_array_get(tiles, (size_t)(tile < 0 ? 0 : tile)), "name"));
  if (with_tile && tile >= 0)
    snprintf(buf, cap, "%s (tile %s, part %lld)", value, name ? name : "?", (long long)int_field(cell, "part", 0));
  else snprintf(buf, cap, "%s", value);
}

static bool same_tile(const json_t *a, const json_t *a_tiles, const json_t *b, const json_t *b_tiles) {
  const json_t *ta = json_array_get(a_tiles, (size_t)int_field(a, "tile", 0));
  const json_t *tb = json_array_get(b_tiles, (size_t)int_field(b, "tile", 0));
  return int_field(a, "part", 0) == int_field(b, "part", 0) &&
         json_equal(json_object_get(ta, "name"), json_object_get(tb, "name"));
}

static void cell_diff(const char *label, const json_t *w, const json_t *g, const json_t *want_tiles,
                      const json_t *got_tiles, Diffs *d) {
  if (w && g && json_equal(json_object_get(w, "value"), json_object_get(g, "value")) &&
      same_tile(w, want_tiles, g, got_tiles))
    return;
  const json_t *at = w ? w : g;
  bool by_tile = w && g && json_equal(json_object_get(w, "value"), json_object_get(g, "value"));
  char where[96], a[200], b[200];
  json_int_t level = int_field(at, "level", 0);
  snprintf(where, sizeof where, "%lld,%lld", (long long)int_field(at, "x", 0), (long long)int_field(at, "y", 0));
  if (level) snprintf(where + strlen(where), sizeof where - strlen(where), " level %lld", (long long)level);
  cell_text(w, want_tiles, by_tile || !g, a, sizeof a);
  cell_text(g, got_tiles, by_tile || !w, b, sizeof b);
  diffs_add(d, "%s differs at %s: expected %s, got %s", label, where, a, b);
}

static void diff_board(const json_t *want, const json_t *got, const json_t *want_tiles, const json_t *got_tiles,
                       Diffs *d) {
  char label[160];
  board_label(want, label, sizeof label);
  if (!got) {
    diffs_add(d, "board %s missing", label);
    return;
  }
  if (!json_equal(json_object_get(want, "grid"), json_object_get(got, "grid")))
    diff_value(label, json_object_get(want, "grid"), json_object_get(got, "grid"), d);
  const json_t *wc = json_object_get(want, "cells"), *gc = json_object_get(got, "cells");
  size_t i;
  json_t *c;
  json_array_foreach((json_t *)wc, i, c) {
    cell_diff(label, c, find_cell(gc, int_field(c, "x", 0), int_field(c, "y", 0), int_field(c, "level", 0)),
              want_tiles, got_tiles, d);
  }
  json_array_foreach((json_t *)gc, i, c) {
    if (!find_cell(wc, int_field(c, "x", 0), int_field(c, "y", 0), int_field(c, "level", 0)))
      cell_diff(label, NULL, c, want_tiles, got_tiles, d);
  }
}

static void diff_boards(const json_t *want, const json_t *got, Diffs *d) {
  const json_t *wb = json_object_get(want, "boards"), *gb = json_object_get(got, "boards");
  const json_t *wt = json_object_get(want, "tiles"), *gt = json_object_get(got, "tiles");
  size_t i;
  json_t *b;
  json_array_foreach((json_t *)wb, i, b) diff_board(b, find_board(gb, b), wt, gt, d);
  json_array_foreach((json_t *)gb, i, b) {
    if (!find_board(wb, b)) {
      char label[160];
      board_label(b, label, sizeof label);
      diffs_add(d, "board %s not expected", label);
    }
  }
}

/* `vars`: by name; a per-player var's entries by seat (`hand of P2`, `score
 * of G1` for a ghost), as the observation's `players` count tells. */
static void diff_vars(const json_t *want, const json_t *got, int players, Diffs *d) {
  const char *key;
  json_t *w;
  json_object_foreach((json_t *)want, key, w) {
    json_t *g = json_object_get(got, key);
    bool by_seat = d->per_player && d->per_player(d->ctx, key) && json_is_array(w) && json_is_array(g) &&
                   json_array_size(w) == json_array_size(g);
    if (!by_seat) {
      diff_object_key(key, w, g, d);
      continue;
    }
    for (size_t i = 0; i < json_array_size(w); i++) {
      char label[160];
      snprintf(label, sizeof label, "%s of %c%zu", key, (int)i < players ? 'P' : 'G',
               (int)i < players ? i + 1 : i + 1 - (size_t)players);
      diff_value(label, json_array_get(w, i), json_array_get(g, i), d);
    }
  }
}

void obs_diff(const json_t *want, const json_t *got, Diffs *d) {
  if (json_equal((json_t *)want, (json_t *)got)) return;
  if (!json_is_object(want) || !json_is_object(got)) return diff_value("observation", want, got, d);
  const char *key;
  json_t *w;
  json_object_foreach((json_t *)want, key, w) {
    json_t *g = json_object_get(got, key);
    if (strcmp(key, "boards") == 0) diff_boards(want, got, d);
    else if (strcmp(key, "vars") == 0 && json_is_object(w) && json_is_object(g))
      diff_vars(w, g, (int)json_integer_value(json_object_get(want, "players")), d);
    else if (!g) diffs_add(d, "%s missing", key);
    else diff_value(key, w, g, d);
  }
}
