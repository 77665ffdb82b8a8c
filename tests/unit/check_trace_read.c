/* check_trace_read.c — the trace line parser (Jansson underneath) and the
 * observation comparison that `tessera replay` relies on. tests/ links only
 * tessera_core and Jansson, so the tools' sources are included directly
 * (both are pure). */
#define _GNU_SOURCE /* the included tools use asprintf and memmem */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "../../tools/obs_diff.c"
#include "../../tools/cli_alloc.c"
#include "../../tools/trace_read.c"

static bool parse(const char *text, TraceLine *l, char *err) {
  return trace_read_line(text, strlen(text), l, err, 256);
}

/* The error for `text`, or "" when it parses. */
static const char *reject(const char *text) {
  static char err[256];
  TraceLine l;
  err[0] = '\0';
  if (parse(text, &l, err)) err[0] = '\0';
  trace_line_free(&l);
  return err;
}

START_TEST(header_fields_and_unknown_ones) {
  TraceLine l;
  char err[256];
  ck_assert(parse("{\"tessera_trace\":1,\"game\":\"Hex\",\"file\":\"games/hex.tess\",\"variants\":[\"a\",\"b\"],"
                  "\"players\":2,\"seats\":3,\"agents\":[\"random\",\"first\"],\"seed\":18446744073709551615,"
                  "\"future\":{\"x\":[1,2.5e3,null]},\"game_id\":\"hex\"}",
                  &l, err));
  ck_assert_int_eq(l.kind, TRACE_HEADER);
  ck_assert_str_eq(l.header.game, "Hex");
  ck_assert_str_eq(l.header.game_id, "hex");
  ck_assert_int_eq(l.header.variants.count, 2);
  ck_assert_str_eq(l.header.variants.items[1], "b");
  ck_assert_int_eq(l.header.players, 2);
  ck_assert_int_eq(l.header.seats, 3);
  ck_assert_str_eq(l.header.agents.items[0], "random");
  ck_assert(l.header.seed == UINT64_MAX);
  trace_line_free(&l);
}
END_TEST

START_TEST(step_keeps_the_observation) {
  TraceLine l;
  char err[256];
  const char *text = "{\"step\":4,\"seat\":1,\"hash\":\"00000000000000ff\",\"observation\":{\"a\": [1, {\"b\":\"}\"}]},"
                     "\"legal\":[\"1-2 0,0 E\",\"x\\\"y\"],\"move\":\"x\\\"y\",\"index\":1}";
  ck_assert(parse(text, &l, err));
  ck_assert_int_eq(l.kind, TRACE_STEP);
  ck_assert_int_eq(l.step.step, 4);
  ck_assert(l.step.hash == 0xff);
  json_t *want = json_loads("{\"a\":[1,{\"b\":\"}\"}]}", 0, NULL);
  ck_assert(json_equal(l.step.observation, want));
  json_decref(want);
  ck_assert_str_eq(l.step.legal.items[1], "x\"y");
  ck_assert_str_eq(l.step.move, "x\"y");
  trace_line_free(&l);
}
END_TEST

START_TEST(final_line) {
  TraceLine l;
  char err[256];
  ck_assert(parse("{\"final\":true,\"over\":false,\"steps\":3,\"hash\":\"0123456789abcdef\",\"scores\":[-5,0,12],"
                  "\"ranking\":[3,2,1],\"error\":\"stopped\"}",
                  &l, err));
  ck_assert_int_eq(l.kind, TRACE_FINAL);
  ck_assert(!l.final.over);
  ck_assert(l.final.hash == 0x0123456789abcdefu);
  ck_assert_int_eq(l.final.score_count, 3);
  ck_assert_int_eq((int)l.final.scores[0], -5);
  ck_assert_int_eq((int)l.final.ranking[2], 1);
  ck_assert_str_eq(l.final.error, "stopped");
  trace_line_free(&l);
}
END_TEST

START_TEST(final_observation_is_optional) {
  TraceLine l;
  char err[256];
  ck_assert(parse("{\"final\":true,\"over\":true,\"steps\":0,\"hash\":\"0123456789abcdef\",\"scores\":[1],"
                  "\"ranking\":[1],\"error\":null}",
                  &l, err));
  ck_assert_ptr_null(l.final.observation);
  ck_assert_ptr_null(l.final.error);
  trace_line_free(&l);
  ck_assert(parse("{\"final\":true,\"over\":true,\"steps\":0,\"hash\":\"0123456789abcdef\",\"scores\":[1],"
                  "\"ranking\":[1],\"error\":null,\"observation\":{\"status\":\"over\"}}",
                  &l, err));
  ck_assert_str_eq(json_string_value(json_object_get(l.final.observation, "status")), "over");
  trace_line_free(&l);
}
END_TEST

START_TEST(strictness) {
  ck_assert_str_eq(reject("{\"step\":1,}"), "col 11: string or '}' expected near '}'");
  ck_assert_str_eq(reject("{\"final\":true} x"), "col 16: end of file expected near 'x'");
  ck_assert_str_eq(reject("{\"step\":1,\"step\":2}"), "col 16: duplicate object key near '\"step\"'");
  ck_assert_str_eq(reject("{\"step\":1.5,\"seat\":0,\"hash\":\"00000000000000ff\",\"observation\":null,\"legal\":[],"
                          "\"move\":\"\",\"index\":0}"),
                   "\"step\" must be an integer from 0 to 1000000000");
  ck_assert_str_eq(reject("{\"hash\":\"ABCDEF0123456789\",\"step\":0,\"seat\":0}"),
                   "\"hash\" must be 16 lowercase hex digits");
  ck_assert_str_eq(reject("{\"tessera_trace\":2}"), "unsupported tessera_trace version; this tessera reads 1");
  ck_assert_str_eq(reject("{\"step\":0,\"seat\":0}"), "step line without \"hash\"");
  ck_assert_str_eq(reject("{\"x\":1}"),
                   "neither a header (\"tessera_trace\"), a step (\"step\") nor a final line (\"final\")");
  ck_assert_str_eq(reject("[1]"), "col 1: expected an object");
  ck_assert(strlen(reject("")) > 0);
  ck_assert(strlen(reject("{\"x\":nul}")) > 0);
}
END_TEST

/* The first difference obs_diff reports between two JSON texts. */
static char *first_difference(const char *want, const char *got) {
  static char out[512];
  json_t *a = json_loads(want, 0, NULL), *b = json_loads(got, 0, NULL);
  ck_assert(a && b);
  Diffs d = {.max = 1};
  obs_diff(a, b, &d);
  snprintf(out, sizeof out, "%s", d.count ? d.lines[0] : "");
  diffs_free(&d);
  json_decref(a);
  json_decref(b);
  return out;
}

#define OBS(boards, vars)                                                                                  \
  "{\"status\":\"decision\",\"seats\":2,\"tiles\":[{\"id\":0,\"name\":\"3-5\"},{\"id\":1,\"name\":\"4-4\"}]," \
  "\"boards\":[" boards "],\"vars\":{" vars "}}"
#define CELL(x, y, v, t) "{\"x\":" #x ",\"y\":" #y ",\"level\":0,\"value\":" #v ",\"tile\":" #t ",\"part\":0}"

START_TEST(observation_differences_in_game_terms) {
  const char *board = "{\"name\":\"tableau\",\"seat\":1,\"grid\":\"square\",\"cells\":[" CELL(0, 0, 3, 0) "," CELL(
      1, -1, 4, 0) "]}";
  const char *changed = "{\"name\":\"tableau\",\"seat\":1,\"grid\":\"square\",\"cells\":[" CELL(0, 0, 3, 0) "," CELL(
      1, -1, 5, 0) "]}";
  const char *moved = "{\"name\":\"tableau\",\"seat\":1,\"grid\":\"square\",\"cells\":[" CELL(1, -1, 4, 0) "," CELL(
      0, 0, 3, 0) "]}";
  ck_assert_str_eq(first_difference(OBS("", ""), OBS("", "")), "");
  char a[1024], b[1024];
  snprintf(a, sizeof a, OBS("%s", "\"score\":[1,2]"), board);
  snprintf(b, sizeof b, OBS("%s", "\"score\":[1,2]"), changed);
  ck_assert_str_eq(first_difference(a, b), "tableau of P2 differs at 1,-1: expected 4, got 5");
  snprintf(b, sizeof b, OBS("%s", "\"score\":[1,2],\"extra\":7"), moved);
  ck_assert_str_eq(first_difference(a, b), ""); /* placement order and added vars do not count */
  snprintf(b, sizeof b, OBS("%s", "\"score\":[1,3]"), board);
  ck_assert_str_eq(first_difference(a, b), "score[1] differs: expected 2, got 3");
  snprintf(b, sizeof b, OBS("%s", "\"score\":[1,2,0]"), board);
  ck_assert_str_eq(first_difference(a, b), "score differs: expected 2 items [1,2], got 3 [1,2,0]");
  snprintf(b, sizeof b, OBS("%s", ""), board);
  ck_assert_str_eq(first_difference(a, b), "score missing: expected [1,2]");
  snprintf(b, sizeof b, OBS("", "\"score\":[1,2]"));
  ck_assert_str_eq(first_difference(a, b), "board tableau of P2 missing");
}
END_TEST

static bool hand_is_per_player(const void *ctx, const char *name) {
  (void)ctx;
  return strcmp(name, "hand") == 0 || strcmp(name, "score") == 0;
}

START_TEST(per_player_vars_named_by_seat) {
  json_t *a = json_loads("{\"players\":2,\"vars\":{\"hand\":[[\"1-2\"],[\"3-4\"],[]],\"market\":[1,2,3]}}", 0, NULL);
  json_t *b = json_loads("{\"players\":2,\"vars\":{\"hand\":[[\"1-2\"],[\"3-5\"],[]],\"market\":[1,2,4]}}", 0, NULL);
  json_t *c = json_loads("{\"players\":2,\"vars\":{\"hand\":[[\"1-2\"],[\"3-4\"],[\"0-0\"]],\"market\":[1,2,3]}}", 0, NULL);
  Diffs d = {.max = 5, .per_player = hand_is_per_player};
  obs_diff(a, b, &d);
  ck_assert_int_eq(d.count, 2);
  ck_assert_str_eq(d.lines[0], "hand of P2[0] differs: expected \"3-4\", got \"3-5\"");
  ck_assert_str_eq(d.lines[1], "market[2] differs: expected 3, got 4"); /* not per player: by index */
  diffs_free(&d);
  obs_diff(a, c, &d);
  ck_assert_str_eq(d.lines[0], "hand of G1 differs: expected 0 items [], got 1 [\"0-0\"]"); /* the ghost */
  diffs_free(&d);
  json_decref(a);
  json_decref(b);
  json_decref(c);
}
END_TEST

START_TEST(cells_named_by_tile_when_values_agree) {
  char a[1024], b[1024];
  snprintf(a, sizeof a, OBS("{\"name\":\"table\",\"grid\":\"hex\",\"cells\":[" CELL(2, 0, 4, 0) "]}", ""));
  snprintf(b, sizeof b, OBS("{\"name\":\"table\",\"grid\":\"hex\",\"cells\":[" CELL(2, 0, 4, 1) "]}", ""));
  ck_assert_str_eq(first_difference(a, b),
                   "table differs at 2,0: expected 4 (tile 3-5, part 0), got 4 (tile 4-4, part 0)");
  snprintf(b, sizeof b, OBS("{\"name\":\"table\",\"grid\":\"hex\",\"cells\":[]}", ""));
  ck_assert_str_eq(first_difference(a, b), "table differs at 2,0: expected 4 (tile 3-5, part 0), got empty");
  ck_assert_str_eq(first_difference("{\"decisions\":7}", "{\"decisions\":2}"),
                   "decisions differs: expected 7, got 2");
}
END_TEST

int main(void) {
  Suite *s = suite_create("trace_read");
  TCase *tc = tcase_create("core");
  tcase_add_test(tc, header_fields_and_unknown_ones);
  tcase_add_test(tc, step_keeps_the_observation);
  tcase_add_test(tc, final_line);
  tcase_add_test(tc, final_observation_is_optional);
  tcase_add_test(tc, strictness);
  tcase_add_test(tc, observation_differences_in_game_terms);
  tcase_add_test(tc, cells_named_by_tile_when_values_agree);
  tcase_add_test(tc, per_player_vars_named_by_seat);
  suite_add_tcase(s, tc);
  SRunner *sr = srunner_create(s);
  srunner_run_all(sr, CK_NORMAL);
  int failed = srunner_ntests_failed(sr);
  srunner_free(sr);
  return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
