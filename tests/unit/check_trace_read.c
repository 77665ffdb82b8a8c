/* check_trace_read.c — the strict JSON reader and the trace line parser that
 * `tessera replay` relies on. tests/ links only tessera_core, so the tools'
 * sources are included directly (both are pure). */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "../../tools/json_read.c"
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

START_TEST(step_keeps_the_observation_text) {
  TraceLine l;
  char err[256];
  const char *text = "{\"step\":4,\"seat\":1,\"hash\":\"00000000000000ff\",\"observation\":{\"a\": [1, {\"b\":\"}\"}]},"
                     "\"legal\":[\"1-2 0,0 E\",\"x\\\"y\"],\"move\":\"x\\\"y\",\"index\":1}";
  ck_assert(parse(text, &l, err));
  ck_assert_int_eq(l.kind, TRACE_STEP);
  ck_assert_int_eq(l.step.step, 4);
  ck_assert(l.step.hash == 0xff);
  ck_assert_int_eq((int)l.step.observation_len, (int)strlen("{\"a\": [1, {\"b\":\"}\"}]}"));
  ck_assert(strncmp(l.step.observation, "{\"a\": [1, {\"b\":\"}\"}]}", l.step.observation_len) == 0);
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

START_TEST(string_escapes) {
  JsonReader r;
  const char *text = "\"a\\n\\t\\\\\\/\\u00e9\\ud83d\\ude00\"";
  char *s;
  jr_init(&r, text, strlen(text));
  ck_assert(jr_string(&r, &s));
  ck_assert_str_eq(s, "a\n\t\\/\xc3\xa9\xf0\x9f\x98\x80");
  ck_assert(jr_finish(&r));
  free(s);
}
END_TEST

START_TEST(strictness) {
  ck_assert_str_eq(reject("{\"step\":1,}"), "col 11: trailing comma");
  ck_assert_str_eq(reject("{\"step\":01}"), "col 9: leading zero in a number");
  ck_assert_str_eq(reject("{\"final\":true} x"), "col 16: unexpected text after the value");
  ck_assert_str_eq(reject("{'step':1}"), "col 2: expected a string");
  ck_assert_str_eq(reject("{\"x\":\"a\tb\"}"), "col 8: control character in a string (use an escape)");
  ck_assert_str_eq(reject("{\"x\":\"\\ud800\"}"), "col 13: high surrogate without a low surrogate in \\u escape");
  ck_assert_str_eq(reject("{\"x\":\"\\q\"}"), "col 8: unknown escape in a string");
  ck_assert_str_eq(reject("{\"x\":[1 2]}"), "col 9: expected ',' or ']'");
  ck_assert_str_eq(reject("{\"step\":1,\"step\":2}"), "col 11: duplicate key");
  ck_assert_str_eq(reject("{\"step\":1.5}"), "col 9: expected an integer from 0 to 1000000000");
  ck_assert_str_eq(reject("{\"hash\":\"ABCDEF0123456789\",\"step\":0}"), "col 9: a hash is 16 lowercase hex digits");
  ck_assert_str_eq(reject("{\"tessera_trace\":2}"), "col 19: unsupported tessera_trace version; this tessera reads 1");
  ck_assert_str_eq(reject("{\"step\":0,\"seat\":0}"), "step line without \"hash\"");
  ck_assert_str_eq(reject("{\"x\":1}"),
                   "neither a header (\"tessera_trace\"), a step (\"step\") nor a final line (\"final\")");
  ck_assert_str_eq(reject("{\"x\":nul}"), "col 6: expected a value");
  ck_assert_str_eq(reject(""), "col 1: expected an object");
}
END_TEST

int main(void) {
  Suite *s = suite_create("trace_read");
  TCase *tc = tcase_create("core");
  tcase_add_test(tc, header_fields_and_unknown_ones);
  tcase_add_test(tc, step_keeps_the_observation_text);
  tcase_add_test(tc, final_line);
  tcase_add_test(tc, string_escapes);
  tcase_add_test(tc, strictness);
  suite_add_tcase(s, tc);
  SRunner *sr = srunner_create(s);
  srunner_run_all(sr, CK_NORMAL);
  int failed = srunner_ntests_failed(sr);
  srunner_free(sr);
  return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
