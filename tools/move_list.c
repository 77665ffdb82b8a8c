/* move_list.c — see move_list.h. */
#include "move_list.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "cli_alloc.h"

typedef struct Move {
  int option;
  char text[256];   /* the canonical text */
  char key[256];    /* lower case, single spaces: for prefixes */
  int word1, word2; /* lengths of the first word and of the first two */
} Move;

static void normalise(const char *in, char *out, size_t cap) {
  size_t n = 0;
  bool space = false;
  for (; *in && n + 1 < cap; in++) {
    if (isspace((unsigned char)*in)) {
      space = n > 0;
      continue;
    }
    if (space && n + 2 < cap) out[n++] = ' ';
    space = false;
    out[n++] = (char)tolower((unsigned char)*in);
  }
  out[n] = 0;
}

static int word_end(const char *text, int from) {
  const char *space = strchr(text + from, ' ');
  return space ? (int)(space - text) : (int)strlen(text);
}

/* The moves whose text starts with `prefix`, a whole word at a time or not. */
static Move *collect(const TsState *s, const char *prefix, int *count) {
  char want[256];
  normalise(prefix ? prefix : "", want, sizeof want);
  int n = ts_legal_count(s), kept = 0;
  Move *moves = calloc((size_t)(n ? n : 1), sizeof *moves);
  for (int i = 0; moves && i < n; i++) {
    Move *m = &moves[kept];
    ts_legal_text(s, i, m->text, sizeof m->text);
    normalise(m->text, m->key, sizeof m->key);
    if (strncmp(m->key, want, strlen(want)) != 0) continue;
    m->option = i;
    m->word1 = word_end(m->text, 0);
    m->word2 = m->text[m->word1] ? word_end(m->text, m->word1 + 1) : m->word1;
    kept++;
  }
  *count = kept;
  return moves;
}

int move_list_matching(const TsState *s, const char *prefix, int *only) {
  int count;
  Move *moves = collect(s, prefix, &count);
  *only = count == 1 ? moves[0].option : -1;
  free(moves);
  return count;
}

static bool same_prefix(const Move *a, const Move *b, int words) {
  int len = words == 1 ? a->word1 : a->word2;
  int other = words == 1 ? b->word1 : b->word2;
  return len == other && strncmp(a->text, b->text, (size_t)len) == 0;
}

static int distinct(const Move *moves, int count, int words) {
  int n = 0;
  for (int i = 0; i < count; i++) {
    bool seen = false;
    for (int k = 0; k < i && !seen; k++) seen = same_prefix(&moves[k], &moves[i], words);
    n += !seen;
  }
  return n;
}

/* Prints `items` in columns of equal width, down then across, within the
 * screen's width; returns the lines printed. */
static int print_in_columns(char **items, int count, int indent, FILE *out) {
  int width = 0;
  for (int i = 0; i < count; i++)
    if ((int)strlen(items[i]) > width) width = (int)strlen(items[i]);
  width += 3;
  int columns = (SCREEN_COLUMNS - indent) / width;
  if (columns < 1) columns = 1;
  int rows = (count + columns - 1) / columns;
  for (int r = 0; r < rows; r++) {
    fprintf(out, "%*s", indent, "");
    for (int c = 0; c < columns; c++) {
      int i = c * rows + r;
      if (i >= count) break;
      bool last = c == columns - 1 || i + rows >= count;
      fprintf(out, "%-*s", last ? 0 : width, items[i]);
    }
    fputc('\n', out);
  }
  return rows;
}

/* Appends to a growing string. */
static void append(char **text, size_t *len, const char *more) {
  size_t n = strlen(more);
  char *grown = realloc(*text, *len + n + 1);
  if (!grown) return;
  memcpy(grown + *len, more, n + 1);
  *text = grown;
  *len += n;
}

/* The groups of moves sharing their first `words` words, in option order of
 * their first member: "0,0: 1 E  2 SE" (numbered), or "5-5: 0,0 1,0 (12
 * moves)" (a summary listing each next word once). The first word is left
 * out of the groups and printed once above them when every move shares it. */
static int print_groups(const Move *moves, int count, int words, bool numbered, FILE *out, bool dry_run) {
  bool *done = cli_calloc((size_t)count, sizeof *done);
  char **items = cli_calloc((size_t)count, sizeof *items);
  bool shared = words == 2 && distinct(moves, count, 1) == 1;
  int groups = 0;
  for (int g = 0; g < count; g++) {
    if (done[g]) continue;
    const Move *head = &moves[g];
    int len = words == 1 ? head->word1 : head->word2, skip = shared ? head->word1 + 1 : 0, members = 0;
    size_t used = 0;
    char part[300];
    snprintf(part, sizeof part, "%.*s:", len - skip, head->text + skip);
    items[groups] = NULL;
    append(&items[groups], &used, part);
    for (int i = g; i < count; i++) {
      if (done[i] || !same_prefix(head, &moves[i], words)) continue;
      bool repeated = false;
      for (int k = g; k < i && !numbered && !repeated; k++)
        repeated = same_prefix(head, &moves[k], words) && same_prefix(&moves[k], &moves[i], 2);
      done[i] = true;
      members++;
      if (repeated) continue;
      const char *rest = moves[i].text + len + (moves[i].text[len] == ' ');
      if (numbered) snprintf(part, sizeof part, " %d.%s", moves[i].option + 1, *rest ? rest : "(this)");
      else snprintf(part, sizeof part, " %.*s", moves[i].word2 - len - 1, rest);
      append(&items[groups], &used, part);
    }
    if (!numbered) {
      snprintf(part, sizeof part, "  (%d move%s)", members, members == 1 ? "" : "s");
      append(&items[groups], &used, part);
    }
    groups++;
  }
  int lines = 0;
  if (dry_run) {
    FILE *sink = fopen("/dev/null", "w");
    lines = sink ? print_in_columns(items, groups, 2, sink) : groups;
    if (sink) fclose(sink);
  } else {
    if (shared) fprintf(out, "  %.*s\n", moves[0].word1, moves[0].text), lines++;
    lines += print_in_columns(items, groups, shared ? 4 : 2, out);
  }
  for (int i = 0; i < groups; i++) free(items[i]);
  free(items);
  free(done);
  return lines;
}

/* Numbered moves in columns, for texts of one word. */
static void print_columns(const Move *moves, int count, FILE *out) {
  int width = 0;
  for (int i = 0; i < count; i++)
    if ((int)strlen(moves[i].text) > width) width = (int)strlen(moves[i].text);
  int cell = 4 + 2 + width + 2, columns = count > 12 && cell * 2 <= SCREEN_COLUMNS ? SCREEN_COLUMNS / cell : 1;
  int rows = (count + columns - 1) / columns;
  for (int r = 0; r < rows; r++) {
    for (int c = 0; c < columns; c++) {
      int i = c * rows + r;
      if (i >= count) break;
      bool last = c == columns - 1 || i + rows >= count;
      fprintf(out, "  %4d. %-*s", moves[i].option + 1, last ? 0 : width + 2, moves[i].text);
    }
    fputc('\n', out);
  }
}

int move_list_print(const TsState *s, const char *prefix, FILE *out) {
  int count;
  Move *moves = collect(s, prefix, &count);
  bool filtered = prefix && *prefix;
  if (count == 0) {
    fprintf(out, "No legal move starts with '%s'.\n", prefix);
  } else {
    fprintf(out, "Legal moves (%d%s%s%s):\n", count, filtered ? " starting with '" : "", filtered ? prefix : "",
            filtered ? "'" : "");
    bool one_word = true, two_words = true;
    for (int i = 0; i < count; i++) {
      one_word &= moves[i].text[moves[i].word1] == 0;
      two_words &= moves[i].text[moves[i].word2] == 0;
    }
    int words = two_words ? 1 : 2; /* group on all but the last word */
    if (one_word) print_columns(moves, count, out);
    else if (print_groups(moves, count, words, true, out, true) <= MOVE_LIST_LINES || count <= MOVE_LIST_LINES)
      print_groups(moves, count, words, true, out, false);
    else {
      print_groups(moves, count, 1, false, out, false);
      fprintf(out, "Type the start of a move to see those moves numbered (e.g. '%.*s' or '%.*s').\n",
              moves[0].word1, moves[0].text, moves[0].word2, moves[0].text);
    }
  }
  free(moves);
  return count;
}
