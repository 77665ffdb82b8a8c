/* human.c — a person choosing moves at the terminal: the board, the numbered
 * legal moves, a prompt `P1> `; a number, a move text or a command. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "match.h"

enum { SCREEN_WIDTH = 80 };

static const char help_text[] =
    "Type the number of a move, or the move as listed (e.g. 3-5 0,1 E). Commands:\n"
    "  moves   list the legal moves again\n"
    "  board   show the board again\n"
    "  help    this text\n"
    "  quit    stop the game (so does end of input)\n";

/* Numbered moves, in columns when they are many and short. */
static void print_moves(const TsState *s, FILE *out) {
  char text[1024];
  int count = ts_legal_count(s);
  int width = 0;
  for (int i = 0; i < count; i++) {
    int w = (int)strlen(ts_legal_text(s, i, text, sizeof text));
    if (w > width) width = w;
  }
  int number_width = count >= 1000 ? 4 : count >= 100 ? 3 : count >= 10 ? 2 : 1;
  int cell = 2 + number_width + 2 + width + 2;
  int columns = count > 12 && cell * 2 <= SCREEN_WIDTH ? SCREEN_WIDTH / cell : 1;
  int rows = (count + columns - 1) / columns;
  fprintf(out, "Legal moves (%d):\n", count);
  for (int r = 0; r < rows; r++) {
    for (int c = 0; c < columns; c++) {
      int i = c * rows + r;
      if (i >= count) break;
      bool last = c == columns - 1 || i + rows >= count;
      fprintf(out, "  %*d. %-*s", number_width, i + 1, last ? 0 : width + 2,
              ts_legal_text(s, i, text, sizeof text));
    }
    fputc('\n', out);
  }
}

static char *trim(char *line) {
  while (isspace((unsigned char)*line)) line++;
  size_t n = strlen(line);
  while (n && isspace((unsigned char)line[n - 1])) line[--n] = '\0';
  return line;
}

static bool all_digits(const char *s) {
  if (!*s) return false;
  for (; *s; s++)
    if (!isdigit((unsigned char)*s)) return false;
  return true;
}

/* The option `input` names, or -1 after telling the player why not. */
static int parse_move(const TsState *s, const char *input, FILE *out) {
  int count = ts_legal_count(s);
  if (all_digits(input)) {
    long n = strlen(input) <= 9 ? strtol(input, NULL, 10) : 0;
    if (n >= 1 && n <= count) return (int)n - 1;
    int named = ts_find_move(s, input); /* an option whose text is a number */
    if (named >= 0) return named;
    fprintf(out, "There is no move %s; choose 1-%d.\n", input, count);
    return -1;
  }
  int index = ts_find_move(s, input);
  if (index < 0 || index >= count)
    fprintf(out, "Not a legal move: '%s'; type a number 1-%d, a move as listed, or help.\n", input, count);
  return index < count ? index : -1;
}

int human_pick(TsState *s, int seat, FILE *in, FILE *out) {
  char name[64];
  ts_seat_name(s, seat, name, sizeof name);
  fputc('\n', out);
  ts_render(s, seat, out);
  ts_render_options(s, out);
  print_moves(s, out);
  char *line = NULL;
  size_t cap = 0;
  int chosen = -1;
  for (;;) {
    fprintf(out, "%s> ", name);
    fflush(out);
    if (getline(&line, &cap, in) < 0) {
      fputc('\n', out);
      break;
    }
    char *input = trim(line);
    if (!isatty(fileno(in))) fprintf(out, "%s\n", input); /* a readable transcript when piped */
    if (!*input) continue;
    if (strcmp(input, "quit") == 0 || strcmp(input, "exit") == 0) break;
    if (strcmp(input, "help") == 0 || strcmp(input, "?") == 0) fputs(help_text, out);
    else if (strcmp(input, "moves") == 0) print_moves(s, out);
    else if (strcmp(input, "board") == 0) ts_render(s, seat, out);
    else if ((chosen = parse_move(s, input, out)) >= 0) break;
  }
  free(line);
  return chosen;
}
