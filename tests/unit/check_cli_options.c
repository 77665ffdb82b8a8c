/* check_cli_options.c — the CLI's pure helpers: option parsing, comma lists,
 * agent lists, the agents' generator and JSON strings. tests/ links only
 * tessera_core, so the tools' sources are included directly. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "../../tools/agents.c"
#include "../../tools/json.c"
#include "../../tools/options.c"

static const OptSpec specs[] = {
    {"--help", "-h", false}, {"--seed", NULL, true}, {"--games", "-n", true}, {"--json", NULL, false}};

static int parse_all(char **argv, int argc, int *results, const char **values) {
  OptParser p;
  opt_init(&p, argc, argv, specs, 4);
  int n = 0, r;
  while ((r = opt_next(&p)) != OPT_END) {
    results[n] = r;
    values[n++] = r == OPT_BAD ? strdup(p.error) : p.value;
    if (r == OPT_BAD) break;
  }
  return n;
}

START_TEST(options_long_short_and_positional) {
  char *argv[] = {"run", "game", "--seed", "5", "-n=3", "--json", "--games", "7", "--", "--seed"};
  int r[10];
  const char *v[10];
  int n = parse_all(argv, 10, r, v);
  ck_assert_int_eq(n, 6);
  ck_assert_int_eq(r[0], OPT_ARG);
  ck_assert_str_eq(v[0], "game");
  ck_assert_int_eq(r[1], 1);
  ck_assert_str_eq(v[1], "5");
  ck_assert_int_eq(r[2], 2);
  ck_assert_str_eq(v[2], "3");
  ck_assert_int_eq(r[3], 3);
  ck_assert_int_eq(r[4], 2);
  ck_assert_str_eq(v[4], "7");
  ck_assert_int_eq(r[5], OPT_ARG); /* after "--" */
  ck_assert_str_eq(v[5], "--seed");
}
END_TEST

START_TEST(options_errors_name_the_valid_ones) {
  int r[4];
  const char *v[4];
  char *unknown[] = {"run", "--sed", "1"};
  ck_assert_int_eq(parse_all(unknown, 3, r, v), 1);
  ck_assert_int_eq(r[0], OPT_BAD);
  ck_assert_ptr_nonnull(strstr(v[0], "unknown option '--sed'"));
  ck_assert_ptr_nonnull(strstr(v[0], "--seed"));
  free((char *)v[0]);
  char *missing[] = {"run", "--seed"};
  ck_assert_int_eq(parse_all(missing, 2, r, v), 1);
  ck_assert_ptr_nonnull(strstr(v[0], "--seed wants a value"));
  free((char *)v[0]);
  char *flag_value[] = {"run", "--json=yes"};
  ck_assert_int_eq(parse_all(flag_value, 2, r, v), 1);
  ck_assert_ptr_nonnull(strstr(v[0], "takes no value"));
  free((char *)v[0]);
}
END_TEST

START_TEST(numbers) {
  uint64_t u;
  long l;
  ck_assert(opt_parse_u64("18446744073709551615", &u) && u == UINT64_MAX);
  ck_assert(opt_parse_u64("0x10", &u) && u == 16);
  ck_assert(opt_parse_u64("010", &u) && u == 10); /* decimal: no octal */
  ck_assert(opt_parse_u64("08", &u) && u == 8);
  ck_assert(opt_parse_u64("0", &u) && u == 0);
  ck_assert(!opt_parse_u64("0x", &u));
  ck_assert(!opt_parse_u64("0x-1", &u));
  ck_assert(!opt_parse_u64("-1", &u));
  ck_assert(!opt_parse_u64("18446744073709551616", &u));
  ck_assert(!opt_parse_u64("12abc", &u));
  ck_assert(!opt_parse_u64("", &u));
  ck_assert(opt_parse_int("42", 1, 100, &l) && l == 42);
  ck_assert(!opt_parse_int("0", 1, 100, &l));
  ck_assert(!opt_parse_int("4x", 1, 100, &l));
}
END_TEST

START_TEST(comma_lists) {
  StrList l;
  char err[128];
  ck_assert(strlist_split(" a, b ,c", &l, err, sizeof err));
  ck_assert_int_eq(l.count, 3);
  ck_assert_str_eq(l.items[0], "a");
  ck_assert_str_eq(l.items[1], "b");
  ck_assert_str_eq(l.items[2], "c");
  ck_assert(strlist_contains(&l, "b") && !strlist_contains(&l, "d"));
  strlist_free(&l);
  ck_assert(!strlist_split("a,,b", &l, err, sizeof err));
  ck_assert_ptr_nonnull(strstr(err, "empty item"));
  ck_assert(!strlist_split("", &l, err, sizeof err));
}
END_TEST

START_TEST(agent_lists) {
  AgentKind k[AGENTS_MAX];
  int count;
  bool is_count;
  char err[256];
  ck_assert(agents_parse("human,random,first", k, NULL, AGENTS_MAX, &count, &is_count, err, sizeof err));
  ck_assert(!is_count);
  ck_assert_int_eq(count, 3);
  ck_assert(k[0] == AGENT_HUMAN && k[1] == AGENT_RANDOM && k[2] == AGENT_FIRST);
  ck_assert(agents_parse("4", k, NULL, AGENTS_MAX, &count, &is_count, err, sizeof err));
  ck_assert(is_count && count == 4);
  ck_assert(!agents_parse("random,robot", k, NULL, AGENTS_MAX, &count, &is_count, err, sizeof err));
  ck_assert_ptr_nonnull(strstr(err, "unknown agent 'robot'"));
  ck_assert_ptr_nonnull(strstr(err, "human, random, first"));
  ck_assert(!agents_parse("1000", k, NULL, AGENTS_MAX, &count, &is_count, err, sizeof err));
  AgentParams params[AGENTS_MAX];
  ck_assert(agents_parse("mcts:5000,ismcts:2s,greedy:2,mcts:250ms,greedy", k, params, AGENTS_MAX, &count, &is_count,
                         err, sizeof err));
  ck_assert_int_eq(count, 5);
  ck_assert(k[0] == AGENT_MCTS && params[0].playouts == 5000 && params[0].millis == 0);
  ck_assert(k[1] == AGENT_ISMCTS && params[1].millis == 2000 && params[1].playouts == 0);
  ck_assert(k[2] == AGENT_GREEDY && params[2].plies == 2);
  ck_assert(k[3] == AGENT_MCTS && params[3].millis == 250);
  ck_assert(k[4] == AGENT_GREEDY && params[4].plies == 0);
  char text[32];
  ck_assert_str_eq(agent_spec_text(k[0], &params[0], text, sizeof text), "mcts:5000");
  ck_assert_str_eq(agent_spec_text(k[3], &params[3], text, sizeof text), "mcts:250ms");
  ck_assert(!agents_parse("mcts:lots", k, params, AGENTS_MAX, &count, &is_count, err, sizeof err));
  ck_assert_ptr_nonnull(strstr(err, "mcts:5000"));
  ck_assert(!agents_parse("random:5", k, params, AGENTS_MAX, &count, &is_count, err, sizeof err));
  ck_assert_ptr_nonnull(strstr(err, "takes no budget"));
  ck_assert(!agents_parse("greedy:9", k, params, AGENTS_MAX, &count, &is_count, err, sizeof err));
  ck_assert(!agents_parse("mcts:0", k, params, AGENTS_MAX, &count, &is_count, err, sizeof err));
  agents_default(k, 3, true);
  ck_assert(k[0] == AGENT_HUMAN && k[1] == AGENT_RANDOM && k[2] == AGENT_RANDOM);
  agents_default(k, 2, false);
  ck_assert(k[0] == AGENT_RANDOM && k[1] == AGENT_RANDOM);
}
END_TEST

START_TEST(random_agents_are_seeded_and_uniform) {
  Agent a, b, other_seat;
  agent_init(&a, AGENT_RANDOM, 7, 0);
  agent_init(&b, AGENT_RANDOM, 7, 0);
  agent_init(&other_seat, AGENT_RANDOM, 7, 1);
  int same = 0, counts[5] = {0};
  for (int i = 0; i < 5000; i++) {
    int x = agent_pick_auto(&a, 5);
    ck_assert_int_eq(x, agent_pick_auto(&b, 5));
    same += x == agent_pick_auto(&other_seat, 5);
    counts[x]++;
  }
  ck_assert_int_lt(same, 1500); /* seats draw from different streams */
  for (int i = 0; i < 5; i++) ck_assert(counts[i] > 800 && counts[i] < 1200);
  Agent first;
  agent_init(&first, AGENT_FIRST, 7, 0);
  ck_assert_int_eq(agent_pick_auto(&first, 9), 0);
}
END_TEST

/* rng_below against its definition (draws at or above UINT64_MAX -
 * UINT64_MAX % n rejected), with small ranges and ranges so large that
 * draws are often rejected: the same numbers from the same stream. */
START_TEST(rng_below_rejects_exactly_the_uneven_tail) {
  Rng fast = {12345}, plain = {12345}, pick = {99};
  int rejected = 0;
  for (int i = 0; i < 20000; i++) {
    uint64_t n = i % 2 ? 1 + rng_next(&pick) % 50 : UINT64_MAX - rng_next(&pick) % (UINT64_MAX / 2);
    uint64_t limit = UINT64_MAX - UINT64_MAX % n, x;
    do x = rng_next(&plain), rejected += x >= limit;
    while (x >= limit);
    ck_assert_uint_eq(rng_below(&fast, n), x % n);
  }
  ck_assert_uint_eq(fast.state, plain.state);
  ck_assert_int_gt(rejected, 1000);
}
END_TEST

START_TEST(json_strings) {
  char *text = NULL;
  size_t len = 0;
  FILE *out = open_memstream(&text, &len);
  json_put_string(out, "a\"b\\c\n\x01é");
  putc(' ', out);
  json_put_string(out, NULL);
  fclose(out);
  ck_assert_str_eq(text, "\"a\\\"b\\\\c\\n\\u0001é\" null");
  free(text);
}
END_TEST

int main(void) {
  Suite *s = suite_create("cli_options");
  TCase *tc = tcase_create("core");
  tcase_add_test(tc, options_long_short_and_positional);
  tcase_add_test(tc, options_errors_name_the_valid_ones);
  tcase_add_test(tc, numbers);
  tcase_add_test(tc, comma_lists);
  tcase_add_test(tc, agent_lists);
  tcase_add_test(tc, random_agents_are_seeded_and_uniform);
  tcase_add_test(tc, rng_below_rejects_exactly_the_uneven_tail);
  tcase_add_test(tc, json_strings);
  suite_add_tcase(s, tc);
  SRunner *sr = srunner_create(s);
  srunner_run_all(sr, CK_NORMAL);
  int failed = srunner_ntests_failed(sr);
  srunner_free(sr);
  return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
