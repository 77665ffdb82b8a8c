/* cmd_serve.c — `tessera serve`: the engine for other programs, one JSON
 * object per line on stdin, one answer per line on stdout (docs/protocol.md).
 * Every request gets exactly one answer, {"ok":true,...} or
 * {"ok":false,"error":"..."}, echoing its "id"; a malformed request is
 * answered with an error and the session goes on. So is a request that runs
 * out of memory: its answer is the error "out of memory" (docs/architecture.md,
 * "Running out of memory", lists what still ends the server). */
#include <errno.h>
#include <jansson.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "catalogue.h"
#include "cli.h"
#include "cli_alloc.h"
#include "search.h"

static const char usage[] =
    "usage: tessera serve\n"
    "\n"
    "Reads JSON requests, one per line, on stdin and answers each with one JSON\n"
    "line on stdout: load a game, list legal moves, apply and undo moves, the\n"
    "observation or text rendering for a seat, scores, and agent moves.\n"
    "The protocol is described in docs/protocol.md; send {\"cmd\":\"help\"} for the\n"
    "list of commands.\n";

enum { SERVE_MAX_REQUEST = 1 << 20 }; /* bytes in one request line */

/* The loaded game: its program, the current state and the states before
 * each applied move (for undo). */
typedef struct Served {
  TsProgram *program;
  char *path;
  uint64_t seed;
  TsState *state;
  TsState **history;
  int depth, cap;
} Served;

typedef struct Request {
  json_t *body;   /* the request object */
  json_t *answer; /* the answer being built */
  char error[1024];
} Request;

typedef bool (*Handler)(Served *g, Request *r);

static bool fail(Request *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static bool fail(Request *r, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(r->error, sizeof r->error, fmt, ap);
  va_end(ap);
  return false;
}

static void served_clear(Served *g) {
  for (int i = 0; i < g->depth; i++) ts_free(g->history[i]);
  free(g->history);
  ts_free(g->state);
  ts_program_free(g->program);
  free(g->path);
  memset(g, 0, sizeof *g);
}

static bool out_of_memory(Request *r) { return fail(r, "out of memory"); }

/* Whether jansson failed to allocate since the request began: then parts of
 * the answer are missing, and the request is answered "out of memory". */
static bool json_short_of_memory;

static void *json_malloc(size_t bytes) {
  void *p = malloc(bytes);
  if (!p) json_short_of_memory = true;
  return p;
}

static bool need_game(Served *g, Request *r) {
  return g->state ? true : fail(r, "no game loaded; send {\"cmd\":\"load\",\"game\":NAME} first");
}

/* ---- reading request fields ---- */

static bool get_int(Request *r, const char *key, long long lo, long long hi, long long *out, bool *given) {
  json_t *v = json_object_get(r->body, key);
  *given = v != NULL;
  if (!v) return true;
  if (!json_is_integer(v) || json_integer_value(v) < lo || json_integer_value(v) > hi)
    return fail(r, "\"%s\" wants an integer from %lld to %lld", key, lo, hi);
  *out = json_integer_value(v);
  return true;
}

/* "seat": a seat number (0-based), -1 for everything, or -2 for a
 * spectator (no seat's private values); default `fallback`. */
static bool get_seat(Served *g, Request *r, int fallback, int *seat) {
  long long v = fallback;
  bool given;
  if (!get_int(r, "seat", TS_VIEW_PUBLIC, ts_seats(g->state) - 1, &v, &given)) return false;
  *seat = (int)v;
  return true;
}

/* ---- load ---- */

/* The game's file, or NULL with the reason in r. */
static char *game_path(const char *game, Request *r) {
  size_t n = strlen(game);
  bool is_path = strchr(game, '/') || (n > 5 && strcmp(game + n - 5, ".tess") == 0);
  char *path = is_path ? strdup(game) : cli_game_path(game);
  if (!path) {
    out_of_memory(r);
    return NULL;
  }
  if (!is_path && access(path, R_OK) != 0) {
    free(path);
    fail(r, "unknown game '%s'", game);
    return NULL;
  }
  return path;
}

/* The names read_variants copied (a StrList made by the option parser keeps
 * its names in one `storage` block instead). */
static void free_variants(StrList *variants) {
  for (int i = 0; i < variants->count; i++) free((char *)variants->items[i]);
  strlist_free(variants);
}

static bool read_variants(Request *r, StrList *variants) {
  json_t *v = json_object_get(r->body, "variants");
  memset(variants, 0, sizeof *variants);
  if (!v) return true;
  if (!json_is_array(v)) return fail(r, "\"variants\" wants a list of names");
  variants->items = calloc(json_array_size(v) + 1, sizeof *variants->items);
  if (!variants->items) return out_of_memory(r);
  for (size_t i = 0; i < json_array_size(v); i++) {
    json_t *name = json_array_get(v, i);
    if (!json_is_string(name)) return fail(r, "\"variants\" wants a list of names");
    char *copy = strdup(json_string_value(name));
    if (!copy) return out_of_memory(r);
    variants->items[variants->count++] = copy;
  }
  return true;
}

/* Compiles with diagnostics collected for the answer. */
static TsProgram *compile(const char *path, const StrList *variants, Request *r) {
  TsCompileOptions options = cli_compile_options(variants);
  char *diagnostics = NULL;
  size_t length = 0;
  FILE *d = open_memstream(&diagnostics, &length);
  if (!d) {
    out_of_memory(r);
    return NULL;
  }
  TsProgram *p = ts_compile_file(path, &options, d);
  fclose(d);
  if (!p) fail(r, "%s does not compile:\n%s", path, diagnostics ? diagnostics : "");
  free(diagnostics);
  return p;
}

static bool known_variants(const TsProgram *p, const StrList *variants, Request *r) {
  for (int i = 0; i < variants->count; i++) {
    bool found = false;
    for (int k = 0; k < ts_program_variant_count(p); k++)
      found |= strcmp(ts_program_variant_name(p, k), variants->items[i]) == 0;
    if (!found) return fail(r, "unknown variant '%s' for %s", variants->items[i], ts_program_name(p));
  }
  return true;
}

/* The game with the variants selected (base when none). A name the game's
 * own files do not declare may be a variant of a file that extends it
 * (lang/extensions.c, as for `play`): compiling with it finds it; when that
 * fails, the answer is the diagnostics, or the unknown name in one line. */
static TsProgram *with_variants(const char *path, TsProgram *base, const StrList *variants, Request *r) {
  if (variants->count == 0) return base;
  Request quiet = {0};
  if (known_variants(base, variants, &quiet)) return compile(path, variants, r);
  TsProgram *p = compile(path, variants, r);
  if (!p && strstr(r->error, "unknown variant")) known_variants(base, variants, r);
  return p;
}

static void answer_game(Served *g, Request *r) {
  json_t *a = r->answer;
  json_object_set_new(a, "name", json_string(ts_program_name(g->program)));
  json_object_set_new(a, "players", json_integer(ts_players(g->state)));
  json_object_set_new(a, "seats", json_integer(ts_seats(g->state)));
  json_object_set_new(a, "seed", json_integer((json_int_t)g->seed));
  json_object_set_new(a, "min_players", json_integer(ts_program_min_players(g->program)));
  json_object_set_new(a, "max_players", json_integer(ts_program_max_players(g->program)));
}

static void answer_position(Served *g, Request *r);

static bool cmd_load(Served *g, Request *r) {
  json_t *game = json_object_get(r->body, "game");
  if (!json_is_string(game)) return fail(r, "load wants \"game\": a name from `tessera list` or a path");
  long long players = 0, seed = 1;
  bool given;
  if (!get_int(r, "players", 0, AGENTS_MAX, &players, &given) || !get_int(r, "seed", 0, INT64_MAX, &seed, &given))
    return false;
  char *path = game_path(json_string_value(game), r);
  if (!path) return false;
  StrList variants;
  bool ok = read_variants(r, &variants);
  TsProgram *base = ok ? compile(path, NULL, r) : NULL;
  TsProgram *p = base ? with_variants(path, base, &variants, r) : NULL;
  if (base && base != p) ts_program_free(base);
  free_variants(&variants);
  char err[512] = "";
  TsState *s = p ? ts_new_game(p, (int)players, (uint64_t)seed, err, sizeof err) : NULL;
  if (!s) {
    if (p) fail(r, "%s", err);
    ts_program_free(p);
    free(path);
    return false;
  }
  served_clear(g);
  *g = (Served){.program = p, .path = path, .seed = (uint64_t)seed, .state = s};
  answer_game(g, r);
  answer_position(g, r);
  return true;
}

/* ---- the position ---- */

static json_t *seat_values(const TsState *s, const char *function) {
  int64_t v[AGENTS_MAX];
  if (ts_seat_values(s, function, v, NULL, 0) != 0) return json_null();
  json_t *list = json_array();
  for (int k = 0; k < ts_seats(s); k++) json_array_append_new(list, json_integer(v[k]));
  return list;
}

/* Per seat, the list the rules' score_parts gives, or null. */
static json_t *score_parts(const TsState *s) {
  json_t *all = json_array();
  for (int k = 0; k < ts_seats(s); k++) {
    int64_t parts[256];
    int n = ts_seat_list(s, "score_parts", k, parts, 256, NULL, 0);
    if (n < 0) {
      json_decref(all);
      return json_null();
    }
    json_t *list = json_array();
    for (int i = 0; i < n && i < 256; i++) json_array_append_new(list, json_integer(parts[i]));
    json_array_append_new(all, list);
  }
  return all;
}

static void answer_position(Served *g, Request *r) {
  const TsState *s = g->state;
  json_object_set_new(r->answer, "to_move", json_integer(ts_current_seat(s)));
  json_object_set_new(r->answer, "over", json_boolean(ts_is_over(s)));
  json_object_set_new(r->answer, "moves_played", json_integer(g->depth));
  json_object_set_new(r->answer, "secret", json_boolean(!ts_is_over(s) && ts_decision_secret(s)));
  if (ts_error(s)) json_object_set_new(r->answer, "runtime_error", json_string(ts_error(s)));
}

static bool cmd_state(Served *g, Request *r) {
  if (!need_game(g, r)) return false;
  answer_game(g, r);
  answer_position(g, r);
  char hash[32];
  snprintf(hash, sizeof hash, "%016llx", (unsigned long long)ts_hash(g->state));
  json_object_set_new(r->answer, "hash", json_string(hash));
  return true;
}

static bool cmd_legal(Served *g, Request *r) {
  if (!need_game(g, r)) return false;
  json_t *moves = json_array();
  char text[1024];
  for (int i = 0; i < ts_legal_count(g->state); i++)
    json_array_append_new(moves, json_string(ts_legal_text(g->state, i, text, sizeof text)));
  json_object_set_new(r->answer, "moves", moves);
  answer_position(g, r);
  return true;
}

/* "move": a move text, or "index": its place in `legal`. */
static bool chosen_option(Served *g, Request *r, int *option) {
  json_t *move = json_object_get(r->body, "move"), *index = json_object_get(r->body, "index");
  if (json_is_string(move)) {
    *option = ts_find_move(g->state, json_string_value(move));
    if (*option < 0) return fail(r, "'%s' is not a legal move here", json_string_value(move));
    return true;
  }
  if (json_is_integer(index)) {
    json_int_t i = json_integer_value(index);
    if (i < 0 || i >= ts_legal_count(g->state))
      return fail(r, "index %lld is not a move here; moves are 0 to %d", (long long)i, ts_legal_count(g->state) - 1);
    *option = (int)i;
    return true;
  }
  return fail(r, "apply wants \"move\": a move text (or \"index\": its number in legal)");
}

static bool apply_option(Served *g, Request *r, int option) {
  if (g->depth == g->cap) {
    int cap = g->cap ? g->cap * 2 : 64;
    TsState **history = realloc(g->history, sizeof *g->history * (size_t)cap);
    if (!history) return out_of_memory(r);
    g->history = history;
    g->cap = cap;
  }
  char text[1024], err[512] = "";
  ts_legal_text(g->state, option, text, sizeof text);
  TsState *before = ts_clone(g->state);
  if (!before) return out_of_memory(r);
  g->history[g->depth++] = before;
  if (ts_apply(g->state, option, err, sizeof err) != 0 && !ts_error(g->state)) {
    ts_free(g->state);
    g->state = g->history[--g->depth];
    return fail(r, "%s", err);
  }
  json_object_set_new(r->answer, "played", json_string(text));
  answer_position(g, r);
  return true;
}

static bool cmd_apply(Served *g, Request *r) {
  int option = -1;
  if (!need_game(g, r)) return false;
  if (ts_is_over(g->state)) return fail(r, "the game is over");
  return chosen_option(g, r, &option) && apply_option(g, r, option);
}

static bool cmd_undo(Served *g, Request *r) {
  if (!need_game(g, r)) return false;
  long long count = 1;
  bool given;
  if (!get_int(r, "count", 1, 1000000, &count, &given)) return false;
  if (count > g->depth) return fail(r, "cannot undo %lld move%s: %d played", count, count == 1 ? "" : "s", g->depth);
  for (long long i = 0; i < count; i++) {
    ts_free(g->state);
    g->state = g->history[--g->depth];
  }
  answer_position(g, r);
  return true;
}

static bool cmd_observe(Served *g, Request *r) {
  int seat;
  if (!need_game(g, r) || !get_seat(g, r, -1, &seat)) return false;
  size_t n = ts_observation_json(g->state, seat, NULL, 0);
  char *text = malloc(n + 1);
  if (!text) return out_of_memory(r);
  ts_observation_json(g->state, seat, text, n + 1);
  json_error_t error;
  json_t *observation = json_loads(text, 0, &error);
  free(text);
  if (!observation) return fail(r, "engine error: observation is not JSON: %s", error.text);
  json_object_set_new(r->answer, "observation", observation);
  return true;
}

static bool cmd_render(Served *g, Request *r) {
  int seat;
  if (!need_game(g, r) || !get_seat(g, r, -1, &seat)) return false;
  char *text = NULL;
  size_t length = 0;
  FILE *out = open_memstream(&text, &length);
  if (!out) return out_of_memory(r);
  ts_render(g->state, seat, out);
  fclose(out);
  json_object_set_new(r->answer, "text", json_string(text ? text : ""));
  free(text);
  return true;
}

static bool cmd_scores(Served *g, Request *r) {
  if (!need_game(g, r)) return false;
  const TsState *s = g->state;
  int rank[AGENTS_MAX];
  ts_ranking(s, rank);
  json_t *scores = json_array(), *ranks = json_array(), *names = json_array();
  for (int k = 0; k < ts_seats(s); k++) {
    char name[16];
    json_array_append_new(names, json_string(ts_seat_name(s, k, name, sizeof name)));
    json_array_append_new(scores, json_integer(ts_score(s, k)));
    json_array_append_new(ranks, json_integer(rank[k]));
  }
  json_object_set_new(r->answer, "seats", names);
  json_object_set_new(r->answer, "scores", scores);
  json_object_set_new(r->answer, "ranks", ranks);
  json_object_set_new(r->answer, "running", seat_values(s, "running_score"));
  json_object_set_new(r->answer, "parts", score_parts(s));
  answer_position(g, r);
  return true;
}

/* An agent's move for the seat to move: {"agent":"mcts:500"}; "apply":true
 * plays it too. Seeded from the game's seed and the move number, so the
 * same request in the same position gives the same move. */
static bool cmd_agent(Served *g, Request *r) {
  if (!need_game(g, r)) return false;
  if (ts_is_over(g->state)) return fail(r, "the game is over");
  json_t *name = json_object_get(r->body, "agent"), *apply = json_object_get(r->body, "apply");
  AgentKind kind = AGENT_RANDOM;
  AgentParams params = {0};
  char err[512];
  if (name && !json_is_string(name)) return fail(r, "\"agent\" wants an agent name such as \"mcts:500\"");
  if (name && !agent_spec_parse(json_string_value(name), &kind, &params, err, sizeof err)) return fail(r, "%s", err);
  if (kind == AGENT_HUMAN) return fail(r, "\"agent\": human is not a machine agent");
  Agent a;
  agent_init(&a, kind, g->seed + (uint64_t)g->depth * 0x9e3779b97f4a7c15u, ts_current_seat(g->state));
  a.params = params;
  int option = agent_pick(&a, g->state);
  if (option == SEARCH_OUT_OF_MEMORY) return out_of_memory(r);
  char text[1024];
  json_object_set_new(r->answer, "move", json_string(ts_legal_text(g->state, option, text, sizeof text)));
  json_object_set_new(r->answer, "index", json_integer(option));
  if (json_is_true(apply)) return apply_option(g, r, option);
  answer_position(g, r);
  return true;
}

/* One variant of the `games` answer; `from`: the extension's file. */
static json_t *variant_json(const ListedVariant *v) {
  const char *doc = ts_program_variant_doc(v->program, v->index);
  json_t *j = json_pack("{s:s,s:s,s:s}", "name", ts_program_variant_name(v->program, v->index), "doc", doc ? doc : "",
                        "requires", ts_program_variant_requires(v->program, v->index));
  if (v->from) json_object_set_new(j, "from", json_string(v->from));
  return j;
}

static bool cmd_games(Served *g, Request *r) {
  Catalogue c;
  if (catalogue_open(&c) < 0)
    return errno == ENOMEM ? out_of_memory(r) : fail(r, "cannot read the games directory %s", cli_games_dir());
  json_t *games = json_array();
  for (int i = 0; i < c.count; i++) {
    if (!catalogue_is_game(&c, i)) continue;
    const TsProgram *p = c.programs[i];
    json_t *game = json_pack("{s:s}", "game", c.names[i]);
    if (p) {
      json_t *variants = json_array();
      ListedVariant *listed;
      int n = catalogue_variants(&c, i, &listed);
      if (n < 0) {
        json_decref(game);
        json_decref(variants);
        json_decref(games);
        catalogue_close(&c);
        return out_of_memory(r);
      }
      for (int k = 0; k < n; k++) json_array_append_new(variants, variant_json(&listed[k]));
      free(listed);
      json_object_set_new(game, "name", json_string(ts_program_name(p)));
      json_object_set_new(game, "min_players", json_integer(ts_program_min_players(p)));
      json_object_set_new(game, "max_players", json_integer(ts_program_max_players(p)));
      json_object_set_new(game, "variants", variants);
    } else {
      json_object_set_new(game, "error", json_string("does not compile"));
    }
    json_array_append_new(games, game);
  }
  catalogue_close(&c);
  json_object_set_new(r->answer, "games", games);
  return true;
}

static bool cmd_help(Served *g, Request *r);

typedef struct Command {
  const char *name;
  Handler run;
  const char *fields;
} Command;

static const Command commands[] = {
    {"games", cmd_games, "the games of `tessera list`"},
    {"load", cmd_load, "game, variants?, players?, seed?"},
    {"state", cmd_state, "to move, over, moves played, hash"},
    {"legal", cmd_legal, "the legal moves' texts"},
    {"apply", cmd_apply, "move (a text) or index"},
    {"undo", cmd_undo, "count? (default 1)"},
    {"observe", cmd_observe, "seat? (default -1: everything)"},
    {"render", cmd_render, "seat? (default -1)"},
    {"scores", cmd_scores, "scores, ranks, running scores"},
    {"agent", cmd_agent, "agent? (default random), apply?"},
    {"help", cmd_help, "this list"},
    {"quit", NULL, "end the session"},
};
enum { COMMAND_COUNT = sizeof commands / sizeof *commands };

static bool cmd_help(Served *g, Request *r) {
  json_t *list = json_object();
  for (int i = 0; i < COMMAND_COUNT; i++) json_object_set_new(list, commands[i].name, json_string(commands[i].fields));
  json_object_set_new(r->answer, "commands", list);
  return true;
}

/* The answer when jansson could not make the real one: "id" kept when it
 * is a number. */
static void answer_out_of_memory(json_t *id, FILE *out) {
  if (json_is_integer(id))
    fprintf(out, "{\"ok\":false,\"id\":%lld,\"error\":\"out of memory\"}\n", (long long)json_integer_value(id));
  else fputs("{\"ok\":false,\"error\":\"out of memory\"}\n", out);
}

/* Answers one line; false after `quit`. */
static bool serve_line(Served *g, const char *line, FILE *out) {
  json_short_of_memory = false;
  Request r = {.answer = json_object()};
  json_object_set_new(r.answer, "ok", json_false()); /* first in the answer; set below */
  json_error_t error;
  bool go_on = true, ok = false;
  r.body = json_loads(line, JSON_REJECT_DUPLICATES, &error);
  json_t *id = r.body && json_is_object(r.body) ? json_object_get(r.body, "id") : NULL;
  if (id) json_object_set(r.answer, "id", id);  /* after "ok": the answer reads ok, id, ... */
  if (!r.body) {
    fail(&r, "malformed JSON at column %d: %s", error.column, error.text);
  } else if (!json_is_object(r.body) || !json_is_string(json_object_get(r.body, "cmd"))) {
    fail(&r, "a request is an object with \"cmd\"; send {\"cmd\":\"help\"}");
  } else {
    const char *name = json_string_value(json_object_get(r.body, "cmd"));
    const Command *c = NULL;
    for (int i = 0; i < COMMAND_COUNT; i++)
      if (strcmp(commands[i].name, name) == 0) c = &commands[i];
    if (!c) fail(&r, "unknown command '%s'; send {\"cmd\":\"help\"}", name);
    else if (!c->run) ok = true, go_on = false;
    else ok = c->run(g, &r);
  }
  json_object_set_new(r.answer, "ok", json_boolean(ok));
  if (!ok) json_object_set_new(r.answer, "error", json_string(r.error));
  char *text = json_short_of_memory ? NULL : json_dumps(r.answer, JSON_COMPACT | JSON_PRESERVE_ORDER);
  if (text && !json_short_of_memory) fprintf(out, "%s\n", text); /* a dump short of memory may be cut */
  else answer_out_of_memory(id, out);
  fflush(out);
  free(text);
  json_decref(r.answer);
  json_decref(r.body);
  return go_on;
}

int cmd_serve(int argc, char **argv) {
  static const OptSpec specs[] = {{"--help", "-h", false}};
  OptParser op;
  opt_init(&op, argc, argv, specs, 1);
  for (int o; (o = opt_next(&op)) != OPT_END;) {
    if (o == OPT_BAD) return cli_bad_option(&op);
    if (o == OPT_ARG) return cli_fail(EXIT_USAGE, "serve takes no arguments, got '%s'", op.value);
    fputs(usage, stdout);
    return 0;
  }
  /* Answers keep stdout to themselves: what the rules `print` goes to stderr. */
  fflush(stdout);
  int answers_fd = dup(STDOUT_FILENO);
  FILE *answers = answers_fd >= 0 ? fdopen(answers_fd, "w") : NULL;
  if (!answers || dup2(STDERR_FILENO, STDOUT_FILENO) < 0) return cli_fail(1, "serve: cannot set up stdout");
  json_set_alloc_funcs(json_malloc, free);
  Served g = {0};
  char *line = NULL;
  size_t cap = 0;
  ssize_t n;
  while ((n = getline(&line, &cap, stdin)) >= 0) {
    while (n > 0 && (line[n - 1] == '\n' || line[n - 1] == '\r')) line[--n] = 0;
    if (n == 0) continue;
    if (n > SERVE_MAX_REQUEST) {
      fprintf(answers, "{\"ok\":false,\"error\":\"request of %zd bytes; at most %d\"}\n", n, SERVE_MAX_REQUEST);
      fflush(answers);
      continue;
    }
    if (!serve_line(&g, line, answers)) break;
  }
  fclose(answers);
  free(line);
  served_clear(&g);
  return 0;
}
