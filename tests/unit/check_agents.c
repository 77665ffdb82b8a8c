/* check_agents.c — the searching agents (tools/search.c) and the engine
 * calls they rest on: seat functions (running_score), ts_determinize and
 * move keys. tests/ links only tessera_core, so the tools' sources are
 * included directly. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "../../tools/agents.c"
#include "../../tools/options.c"
#include "../../tools/cli_alloc.c"
#include "../../tools/search.c"

#define GAMES TESSERA_SOURCE_DIR "/tests/unit/games/"
#define HEXDOMINOMEGA TESSERA_SOURCE_DIR "/games/hexdominomega.tess"
#define HEGEMINO TESSERA_SOURCE_DIR "/games/hegemino.tess"
#define HEXOMINOES TESSERA_SOURCE_DIR "/games/hexominoes.tess"

static TsProgram *compile(const char *path, const char *variant) {
  const char *variants[] = {variant};
  TsCompileOptions options = {.variants = variant ? variants : NULL, .variant_count = variant ? 1 : 0,
                              .stdlib_dir = TESSERA_SOURCE_DIR "/stdlib", .games_dir = TESSERA_SOURCE_DIR "/games"};
  TsProgram *p = ts_compile_file(path, &options, stderr);
  ck_assert_msg(p != NULL, "%s does not compile", path);
  return p;
}

static TsState *start(const TsProgram *p, int players, uint64_t seed) {
  char err[256] = "";
  TsState *s = ts_new_game(p, players, seed, err, sizeof err);
  ck_assert_msg(s != NULL, "%s", err);
  return s;
}

static char *observe(const TsState *s, int seat) {
  size_t n = ts_observation_json(s, seat, NULL, 0);
  char *json = malloc(n + 1);
  ts_observation_json(s, seat, json, n + 1);
  return json;
}

static const char *text_of(const TsState *s, int option) {
  static char text[256];
  return ts_legal_text(s, option, text, sizeof text);
}

/* From a pile of 4 only "take 1" wins; random play finds it half the time,
 * a search with a few hundred playouts every time. */
START_TEST(test_mcts_takes_the_winning_move) {
  TsProgram *p = compile(GAMES "take_last.tess", NULL);
  for (uint64_t seed = 1; seed <= 20; seed++) {
    TsState *s = start(p, 2, seed);
    ck_assert_int_eq(ts_legal_count(s), 2);
    Rng rng = {seed};
    AgentParams params = {.playouts = 300};
    int visits[2];
    SearchReport report = {.visits = visits};
    int choice = search_mcts(s, &params, false, &rng, &report);
    ck_assert_str_eq(text_of(s, choice), "1");
    ck_assert_int_eq(report.playouts, 300);
    ck_assert_int_gt(visits[choice], visits[1 - choice]);
    ts_free(s);
  }
  ts_program_free(p);
}
END_TEST

/* The same seed and budget give the same choice and the same statistics. */
START_TEST(test_mcts_is_reproducible_for_a_seed) {
  TsProgram *p = compile(HEXDOMINOMEGA, "two_player");
  TsState *s = start(p, 2, 3);
  int n = ts_legal_count(s);
  int *a = calloc((size_t)n, sizeof *a), *b = calloc((size_t)n, sizeof *b);
  AgentParams params = {.playouts = 200};
  Rng r1 = {42}, r2 = {42};
  uint64_t before = ts_hash(s);
  int c1 = search_mcts(s, &params, false, &r1, &(SearchReport){.visits = a});
  int c2 = search_mcts(s, &params, false, &r2, &(SearchReport){.visits = b});
  ck_assert_int_eq(c1, c2);
  ck_assert_mem_eq(a, b, sizeof *a * (size_t)n);
  ck_assert_uint_eq(ts_hash(s), before); /* the searched state is untouched */
  free(a), free(b);
  ts_free(s);
  ts_program_free(p);
}
END_TEST

START_TEST(test_mcts_time_budget_stops) {
  TsProgram *p = compile(HEXDOMINOMEGA, NULL);
  TsState *s = start(p, 3, 1);
  Rng rng = {1};
  AgentParams params = {.millis = 50};
  SearchReport report = {0};
  int choice = search_mcts(s, &params, false, &rng, &report);
  ck_assert(choice >= 0 && choice < ts_legal_count(s));
  ck_assert_int_gt(report.playouts, 0);
  ts_free(s);
  ts_program_free(p);
}
END_TEST

START_TEST(test_greedy_takes_the_best_running_score) {
  TsProgram *p = compile(GAMES "best_pick.tess", NULL);
  ck_assert(ts_program_declares(p, "running_score"));
  ck_assert(!ts_program_declares(p, "evaluation"));
  for (uint64_t seed = 1; seed <= 5; seed++) {
    TsState *s = start(p, 2, seed);
    Rng rng = {seed};
    ck_assert_str_eq(text_of(s, search_greedy(s, 1, &rng)), "9");
    ck_assert_int_eq(ts_apply_text(s, "3", NULL, 0), 0);
    ck_assert_str_eq(text_of(s, search_greedy(s, 1, &rng)), "7");
    ts_free(s);
  }
  ts_program_free(p);
}
END_TEST

/* Two plies: taking 1 from a pile of 3 lets the opponent take the last 2. */
START_TEST(test_greedy_two_plies_sees_the_reply) {
  TsProgram *p = compile(GAMES "take_last.tess", NULL);
  TsState *s = start(p, 2, 1);
  ck_assert_int_eq(ts_apply_text(s, "1", NULL, 0), 0); /* 3 left, P2 to move */
  Rng rng = {5};
  for (int i = 0; i < 10; i++) { /* both options look alike after one ply... */
    int choice = search_greedy(s, 2, &rng); /* ...but not after two: both lose, so either */
    ck_assert(choice == 0 || choice == 1);
  }
  ck_assert_int_eq(ts_apply_text(s, "1", NULL, 0), 0); /* 2 left, P1 to move */
  for (int i = 0; i < 10; i++) ck_assert_str_eq(text_of(s, search_greedy(s, 1, &rng)), "2");
  ts_free(s);
  ts_program_free(p);
}
END_TEST

START_TEST(test_seat_values_leave_the_state_alone) {
  TsProgram *p = compile(HEGEMINO, NULL);
  TsState *s = start(p, 2, 7);
  Rng rng = {7};
  for (int i = 0; i < 6; i++) ts_apply(s, (int)rng_below(&rng, (uint64_t)ts_legal_count(s)), NULL, 0);
  uint64_t before = ts_hash(s);
  int64_t v[8];
  ck_assert_int_eq(ts_seat_values(s, "running_score", v, NULL, 0), 0);
  ck_assert_int_eq(ts_seat_values(s, "no_such_function", v, NULL, 0), 1);
  ck_assert_uint_eq(ts_hash(s), before);
  for (int k = 0; k < 2; k++) ck_assert(v[k] >= 0);
  ts_free(s);
  ts_program_free(p);
}
END_TEST

/* A game to the decision of P1 after a few random moves. */
static TsState *midgame(const TsProgram *p, int players, uint64_t seed, int moves) {
  TsState *s = start(p, players, seed);
  Rng rng = {seed};
  for (int i = 0; i < moves; i++) ts_apply(s, (int)rng_below(&rng, (uint64_t)ts_legal_count(s)), NULL, 0);
  return s;
}

/* Resampling changes what the seat cannot see and nothing it can. */
START_TEST(test_determinize_keeps_the_observation) {
  TsProgram *p = compile(HEXDOMINOMEGA, NULL);
  TsState *s = midgame(p, 3, 11, 7);
  int seat = ts_current_seat(s);
  char *seen = observe(s, seat);
  int changed = 0;
  for (uint64_t k = 1; k <= 10; k++) {
    TsState *d = ts_clone(s);
    ck_assert_int_gt(ts_determinize(d, seat, k), 0);
    char *again = observe(d, seat);
    ck_assert_str_eq(again, seen);
    char *all_d = observe(d, -1), *all_s = observe(s, -1); /* owners' hands shown, the supply not */
    changed += strcmp(all_d, all_s) != 0;
    free(all_d), free(all_s), free(again);
    ts_free(d);
  }
  ck_assert_int_ge(changed, 8); /* the hidden tiles really moved */
  ck_assert(ts_hides_from(s, seat));
  free(seen);
  ts_free(s);
  ts_program_free(p);
}
END_TEST

/* The proof that ismcts reads nothing hidden: two positions that differ only
 * in what P-to-move cannot see give the same choice and statistics. */
static void same_search_from(TsState *s, TsState *other);

static void same_search_when_hidden_changes(const char *path, const char *variant, int players, int moves) {
  TsProgram *p = compile(path, variant);
  TsState *s = midgame(p, players, 5, moves);
  TsState *other = ts_clone(s);
  ts_determinize(other, ts_current_seat(s), 1234);
  same_search_from(s, other);
  ts_free(other);
  ts_free(s);
  ts_program_free(p);
}

static void same_search_from(TsState *s, TsState *other) {
  int seat = ts_current_seat(s), n = ts_legal_count(s);
  char *a = observe(s, seat), *b = observe(other, seat);
  ck_assert_str_eq(a, b);
  free(a), free(b);
  ck_assert_uint_ne(ts_hash(s), ts_hash(other)); /* the hidden information differs */
  int *va = calloc((size_t)n, sizeof *va), *vb = calloc((size_t)n, sizeof *vb);
  AgentParams params = {.playouts = 150};
  Rng r1 = {99}, r2 = {99};
  int c1 = search_mcts(s, &params, true, &r1, &(SearchReport){.visits = va});
  int c2 = search_mcts(other, &params, true, &r2, &(SearchReport){.visits = vb});
  ck_assert_int_eq(c1, c2);
  ck_assert_mem_eq(va, vb, sizeof *va * (size_t)n);
  free(va), free(vb);
}

START_TEST(test_ismcts_ignores_hidden_hands) { same_search_when_hidden_changes(HEXDOMINOMEGA, NULL, 3, 4); }
END_TEST

START_TEST(test_ismcts_ignores_the_hidden_boneyard) { same_search_when_hidden_changes(HEGEMINO, NULL, 2, 3); }
END_TEST

/* `secret` variables are resampled like `owner` ones: the opponent's hexed
 * shapes, after both seats hexed three. */
START_TEST(test_ismcts_ignores_the_secret_hexes) {
  TsProgram *p = compile(HEXOMINOES, NULL);
  TsState *s = midgame(p, 2, 5, 6);
  int seat = ts_current_seat(s);
  ck_assert(ts_hides_from(s, seat));
  TsState *d = ts_clone(s);
  ck_assert_int_eq(ts_determinize(d, seat, 1), 3); /* the other seat's three hexes, and not its own */
  ts_free(d);
  ts_free(s);
  ts_program_free(p);
  same_search_when_hidden_changes(HEXOMINOES, NULL, 2, 6);
}
END_TEST

/* Not only the order: two games where P2 hexed different shapes, and P1
 * hexed the same ones, look alike to P1 and must be searched alike. */
START_TEST(test_ismcts_ignores_which_shapes_were_hexed) {
  TsProgram *p = compile(HEXOMINOES, NULL);
  TsState *s = start(p, 2, 5), *other = start(p, 2, 5);
  while (ts_decision_secret(s)) { /* P1 hexes H1-H3 in both; P2 H1-H3 in one, H6-H8 in the other */
    bool p2 = ts_current_seat(s) == 1;
    ck_assert_int_eq(ts_current_seat(other), ts_current_seat(s));
    ck_assert_int_eq(ts_apply(s, 0, NULL, 0), 0);
    ck_assert_int_eq(ts_apply(other, p2 ? 5 : 0, NULL, 0), 0);
  }
  if (ts_current_seat(s) == 1) { /* P2 places the same card in both */
    ck_assert_int_eq(ts_apply(s, 0, NULL, 0), 0);
    ck_assert_int_eq(ts_apply(other, 0, NULL, 0), 0);
  }
  ck_assert_int_eq(ts_current_seat(s), 0);
  ck_assert_int_eq(ts_current_seat(other), 0);
  for (uint64_t k = 1; k <= 20; k++) { /* P1's samples depend on what P1 sees only */
    TsState *ds = ts_clone(s), *dother = ts_clone(other);
    ck_assert_int_eq(ts_determinize(ds, 0, k), 3);
    ck_assert_int_eq(ts_determinize(dother, 0, k), 3);
    ck_assert_uint_eq(ts_hash(ds), ts_hash(dother));
    ts_free(ds), ts_free(dother);
  }
  same_search_from(s, other); /* random playouts seldom meet a hex: this alone would pass before */
  ts_free(other);
  ts_free(s);
  ts_program_free(p);
}
END_TEST

/* Plain mcts, by contrast, sees the hidden state: the test above can fail. */
START_TEST(test_mcts_does_read_hidden_information) {
  TsProgram *p = compile(HEXDOMINOMEGA, NULL);
  TsState *s = midgame(p, 3, 5, 4);
  int seat = ts_current_seat(s), n = ts_legal_count(s), differ = 0;
  int *va = calloc((size_t)n, sizeof *va), *vb = calloc((size_t)n, sizeof *vb);
  for (uint64_t k = 1; k <= 3; k++) {
    TsState *other = ts_clone(s);
    ts_determinize(other, seat, k);
    AgentParams params = {.playouts = 150};
    Rng r1 = {99}, r2 = {99};
    search_mcts(s, &params, false, &r1, &(SearchReport){.visits = va});
    search_mcts(other, &params, false, &r2, &(SearchReport){.visits = vb});
    differ += memcmp(va, vb, sizeof *va * (size_t)n) != 0;
    ts_free(other);
  }
  ck_assert_int_gt(differ, 0);
  free(va), free(vb);
  ts_free(s);
  ts_program_free(p);
}
END_TEST

START_TEST(test_agent_pick_dispatches) {
  TsProgram *p = compile(GAMES "best_pick.tess", NULL);
  TsState *s = start(p, 2, 1);
  Agent a;
  agent_init(&a, AGENT_GREEDY, 1, 0);
  ck_assert_str_eq(text_of(s, agent_pick(&a, s)), "9");
  agent_init(&a, AGENT_FIRST, 1, 0);
  ck_assert_int_eq(agent_pick(&a, s), 0);
  agent_init(&a, AGENT_MCTS, 1, 0);
  a.params.playouts = 50;
  int c = agent_pick(&a, s);
  ck_assert(c >= 0 && c < 3);
  ts_free(s);
  ts_program_free(p);
}
END_TEST

static Suite *agents_suite(void) {
  Suite *s = suite_create("agents");
  TCase *search = tcase_create("search");
  tcase_set_timeout(search, 60);
  tcase_add_test(search, test_mcts_takes_the_winning_move);
  tcase_add_test(search, test_mcts_is_reproducible_for_a_seed);
  tcase_add_test(search, test_mcts_time_budget_stops);
  tcase_add_test(search, test_greedy_takes_the_best_running_score);
  tcase_add_test(search, test_greedy_two_plies_sees_the_reply);
  tcase_add_test(search, test_seat_values_leave_the_state_alone);
  tcase_add_test(search, test_agent_pick_dispatches);
  suite_add_tcase(s, search);
  TCase *hidden = tcase_create("hidden");
  tcase_set_timeout(hidden, 60);
  tcase_add_test(hidden, test_determinize_keeps_the_observation);
  tcase_add_test(hidden, test_ismcts_ignores_hidden_hands);
  tcase_add_test(hidden, test_ismcts_ignores_the_hidden_boneyard);
  tcase_add_test(hidden, test_ismcts_ignores_the_secret_hexes);
  tcase_add_test(hidden, test_ismcts_ignores_which_shapes_were_hexed);
  tcase_add_test(hidden, test_mcts_does_read_hidden_information);
  suite_add_tcase(s, hidden);
  return s;
}

int main(void) {
  SRunner *runner = srunner_create(agents_suite());
  srunner_run_all(runner, CK_NORMAL);
  int failed = srunner_ntests_failed(runner);
  srunner_free(runner);
  return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
