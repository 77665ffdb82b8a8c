/* human.c — a person choosing moves at the terminal: the board, the legal
 * moves (move_list.h), a prompt `P1> `; a number, a move text, the start of
 * a move (to list those), or a command. Commands are case-insensitive. With
 * two or more people at the same terminal (hot seat), the screen is cleared
 * and the next one asked to take it before anything they alone may see is
 * shown. */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "match.h"
#include "move_list.h"

static const char help_text[] =
    "Type the number of a move, the move as listed (e.g. 3-5 0,1 E), or the start of\n"
    "one (e.g. 3-5, or 3-5 0,1) to list those moves. Commands (any case):\n"
    "  moves [START]  list the legal moves again (those starting with START)\n"
    "  board          show the board again\n"
    "  score          the scores so far, per seat\n"
    "  rules          the game's rules page (or the rule file's opening comment)\n"
    "  undo           take back moves to your previous decision\n"
    "  save FILE      save the game as a trace; go on with tessera play --resume FILE\n"
    "  help           this text\n"
    "  quit           stop the game (so does end of input or Ctrl-C)\n";

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

/* The command word of `input` (case ignored) and what follows it. */
static bool is_command(const char *input, const char *name, const char **rest) {
  size_t n = strlen(name);
  if (strncasecmp(input, name, n) != 0 || (input[n] && !isspace((unsigned char)input[n]))) return false;
  if (rest) {
    *rest = input + n;
    while (isspace((unsigned char)**rest)) (*rest)++;
  }
  return true;
}

/* Reads a line into *line; false at end of input or on Ctrl-C. */
static bool read_line(Match *m, char **line, size_t *cap) {
  fflush(m->out);
  errno = 0;
  if (getline(line, cap, m->in) < 0 || match_interrupted) {
    fputc('\n', m->out);
    return false;
  }
  return true;
}

static void show_screen(Match *m, int seat) {
  char name[16];
  TsRenderStyle style = {.color = m->color, .before = match_before_last(m)};
  fputc('\n', m->out);
  ts_render_styled(m->state, seat, &style, m->out);
  ts_render_options(m->state, m->out);
  const TsState *before = match_before_last(m);
  if (before) {
    char text[256];
    int option = m->history.option[m->history.count - 1], chooser = ts_current_seat(before);
    ts_seat_name(before, chooser, name, sizeof name);
    if (ts_decision_secret(before) && chooser != seat) fprintf(m->out, "Last move: %s chose in secret\n", name);
    else fprintf(m->out, "Last move: %s played %s\n", name, ts_legal_text(before, option, text, sizeof text));
  }
  move_list_print(m->state, NULL, m->out);
}

/* Hot seat: a fresh screen and the device handed over before `seat` sees
 * anything. False when the person does not come (end of input). */
static bool hand_over(Match *m, int seat) {
  if (match_humans(m) < 2 || m->viewer == seat) return true;
  char name[16], *line = NULL;
  size_t cap = 0;
  if (m->terminal) fputs("\033[H\033[2J\033[3J", m->out); /* home, clear, and the scrollback */
  else fputs("\n----------------------------------------------------------------\n", m->out);
  fprintf(m->out, "%s, take the device and press Enter.", ts_seat_name(m->state, seat, name, sizeof name));
  bool came = read_line(m, &line, &cap);
  free(line);
  if (came) m->viewer = seat;
  return came;
}

/* The rules' `score_parts`, when declared: what the score so far is made of. */
static void print_score_parts(const Match *m) {
  int64_t parts[64];
  for (int k = 0; k < ts_seats(m->state); k++) {
    int n = ts_seat_list(m->state, "score_parts", k, parts, 64, NULL, 0);
    if (n < 0) return;
    char name[16];
    fprintf(m->out, "%s parts:", ts_seat_name(m->state, k, name, sizeof name));
    for (int i = 0; i < n && i < 64; i++) fprintf(m->out, " %lld", (long long)parts[i]);
    fputc('\n', m->out);
  }
}

static void print_scores(const Match *m) {
  const TsState *s = m->state;
  int seats = ts_seats(s), rank[64];
  int64_t running[64];
  bool has_running = ts_seat_values(s, "running_score", running, NULL, 0) == 0;
  ts_ranking(s, rank);
  fprintf(m->out, "%-6s %12s %12s %6s\n", "seat", has_running ? "so far" : "", "rank key", "rank");
  for (int k = 0; k < seats && k < 64; k++) {
    char name[16], so_far[32] = "";
    if (has_running) snprintf(so_far, sizeof so_far, "%lld", (long long)running[k]);
    fprintf(m->out, "%-6s %12s %12lld %6d\n", ts_seat_name(s, k, name, sizeof name), so_far,
            (long long)ts_score(s, k), rank[k]);
  }
  if (!has_running)
    fputs("(the rules declare no running_score: scores are counted at the end)\n", m->out);
  print_score_parts(m);
}

/* The game's page docs/games/NAME.md beside the games directory, else the
 * comment lines that open the rule file. */
static void print_rules(const Match *m) {
  const char *path = m->session ? m->session->path : NULL;
  if (!path) return;
  const char *slash = strrchr(path, '/');
  const char *base = slash ? slash + 1 : path;
  size_t stem = strcspn(base, ".");
  char page[4096];
  snprintf(page, sizeof page, "%.*s/../docs/games/%.*s.md", slash ? (int)(slash - path) : 1, slash ? path : ".",
           (int)stem, base);
  FILE *f = fopen(page, "r");
  bool from_page = f != NULL;
  if (!f) f = fopen(path, "r");
  if (!f) {
    fprintf(m->out, "Cannot read %s.\n", path);
    return;
  }
  char line[1024];
  while (fgets(line, sizeof line, f)) {
    if (!from_page && strncmp(line, "//", 2) != 0) break;
    fputs(from_page ? line : line + 2 + (line[2] == ' '), m->out);
  }
  fclose(f);
}

/* The option `input` names, or -1 after telling the player why not (or
 * listing the moves it starts). */
static int parse_move(const TsState *s, const char *input, FILE *out) {
  int count = ts_legal_count(s), only;
  if (all_digits(input)) {
    long n = strlen(input) <= 9 ? strtol(input, NULL, 10) : 0;
    if (n >= 1 && n <= count) return (int)n - 1;
    int named = ts_find_move(s, input); /* an option whose text is a number */
    if (named >= 0) return named;
    fprintf(out, "There is no move %s; choose 1-%d.\n", input, count);
    return -1;
  }
  int index = ts_find_move(s, input);
  if (index >= 0 && index < count) return index;
  if (move_list_matching(s, input, &only) > 0) move_list_print(s, input, out);
  else fprintf(out, "Not a legal move: '%s'; type a number 1-%d, a move as listed, or help.\n", input, count);
  return -1;
}

/* One line of input: a command done (-3), a quit, an undo, or a move. */
enum { HUMAN_AGAIN = -3 };
static int take_input(Match *m, int seat, const char *input) {
  const char *rest;
  char err[512];
  if (is_command(input, "quit", NULL) || is_command(input, "exit", NULL)) return HUMAN_QUIT;
  if (is_command(input, "help", NULL) || strcmp(input, "?") == 0) fputs(help_text, m->out);
  else if (is_command(input, "moves", &rest)) move_list_print(m->state, rest, m->out);
  else if (is_command(input, "board", NULL)) show_screen(m, seat);
  else if (is_command(input, "score", NULL) || is_command(input, "scores", NULL)) print_scores(m);
  else if (is_command(input, "rules", NULL)) print_rules(m);
  else if (is_command(input, "undo", NULL)) return HUMAN_UNDO;
  else if (is_command(input, "save", &rest)) {
    if (!*rest) fputs("save wants a file name: save FILE\n", m->out);
    else if (match_save(m, rest, err, sizeof err))
      fprintf(m->out, "Saved to %s; go on later with: tessera play --resume %s\n", rest, rest);
    else fprintf(m->out, "Not saved: %s\n", err);
  } else {
    int option = parse_move(m->state, input, m->out);
    return option >= 0 ? option : HUMAN_AGAIN;
  }
  return HUMAN_AGAIN;
}

int human_pick(Match *m, int seat) {
  char name[64];
  ts_seat_name(m->state, seat, name, sizeof name);
  if (!hand_over(m, seat)) return HUMAN_QUIT;
  show_screen(m, seat);
  char *line = NULL;
  size_t cap = 0;
  int chosen = HUMAN_QUIT;
  for (;;) {
    fprintf(m->out, "%s> ", name);
    if (!read_line(m, &line, &cap)) break;
    char *input = trim(line);
    if (!isatty(fileno(m->in))) fprintf(m->out, "%s\n", input); /* a readable transcript when piped */
    if (!*input) continue;
    chosen = take_input(m, seat, input);
    if (chosen != HUMAN_AGAIN) break;
    chosen = HUMAN_QUIT;
  }
  free(line);
  return chosen;
}
