/* check_limits.c — hostile rule files get clear errors within bounded time
 * and memory (issue 9): nesting far past the recursive checker's reach,
 * lists nested past the type codes, more errors than anyone reads, files
 * that never end, files that cannot be read — and several files compiled
 * in one process stay independent. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tessera.h"

static char *diagnostics;
static size_t diagnostics_length;

static TsProgram *compile_path(const char *path) {
  free(diagnostics);
  FILE *d = open_memstream(&diagnostics, &diagnostics_length);
  TsCompileOptions options = {.stdlib_dir = TESSERA_SOURCE_DIR "/stdlib", .games_dir = TESSERA_SOURCE_DIR "/games"};
  TsProgram *p = ts_compile_file(path, &options, d);
  fclose(d);
  return p;
}

/* Compiles the text (n bytes); NULL when it does not compile. */
static TsProgram *compile_text(const char *src, size_t n) {
  char path[128];
  snprintf(path, sizeof path, "/tmp/tessera_check_limits_%d.tess", (int)getpid());
  FILE *f = fopen(path, "w");
  ck_assert_ptr_nonnull(f);
  fwrite(src, 1, n, f);
  fclose(f);
  TsProgram *p = compile_path(path);
  unlink(path);
  return p;
}

static int count_lines_with(const char *text) {
  int n = 0;
  for (const char *p = diagnostics; (p = strstr(p, text)); p++) n++;
  return n;
}

/* "game …\nplayers 1\nplay { let a = HEAD PART PART … }": a tree as deep as
 * the expression is long. */
static char *chain(const char *head, const char *part, int parts, size_t *n) {
  size_t cap = 64 + strlen(head) + strlen(part) * (size_t)parts + 16;
  char *s = malloc(cap);
  size_t at = (size_t)sprintf(s, "game \"deep\"\nplayers 1\nvar y: [int] = [1]\nplay { let a = %s", head);
  for (int i = 0; i < parts; i++) at += (size_t)sprintf(s + at, "%s", part);
  at += (size_t)sprintf(s + at, " }\n");
  *n = at;
  return s;
}

static void expect_too_deep(const char *head, const char *part, int parts) {
  size_t n;
  char *src = chain(head, part, parts, &n);
  TsProgram *p = compile_text(src, n);
  ck_assert_ptr_null(p);
  ck_assert_msg(count_lines_with("error: nested too deeply") == 1, "%.2000s", diagnostics);
  ck_assert_msg(count_lines_with(": error:") == 1, "only the one error: %.2000s", diagnostics);
  free(src);
}

START_TEST(test_long_sum_is_one_clear_error) { expect_too_deep("1", " + 1", 100000); }
END_TEST

START_TEST(test_long_and_chain_is_one_clear_error) { expect_too_deep("true", " and true", 100000); }
END_TEST

START_TEST(test_long_index_chain_is_one_clear_error) { expect_too_deep("y", "[0]", 100000); }
END_TEST

START_TEST(test_nesting_within_the_limit_compiles) {
  size_t n;
  char *src = chain("1", " + 1", 200, &n);
  TsProgram *p = compile_text(src, n);
  ck_assert_msg(p != NULL, "%s", diagnostics);
  ts_program_free(p);
  free(src);
}
END_TEST

START_TEST(test_parentheses_past_the_parser_give_no_spurious_errors) {
  /* The parser stops there: what the rest of the file declares (the play
   * block) must not be reported missing. */
  size_t n;
  char *src = chain("", "(", 10000, &n);
  TsProgram *p = compile_text(src, n);
  ck_assert_ptr_null(p);
  ck_assert_msg(count_lines_with("nested too deeply for the parser") == 1, "%.2000s", diagnostics);
  ck_assert_msg(!strstr(diagnostics, "no 'play"), "%.2000s", diagnostics);
  free(src);
}
END_TEST

START_TEST(test_random_bytes_stop_at_the_error_cap) {
  enum { BYTES = 1 << 20 };
  char *src = malloc(BYTES);
  uint64_t x = 88172645463325252ull;
  for (int i = 0; i < BYTES; i++) {
    x ^= x << 13, x ^= x >> 7, x ^= x << 17;
    src[i] = (char)(x >> 24);
  }
  TsProgram *p = compile_text(src, BYTES);
  ck_assert_ptr_null(p);
  ck_assert_int_eq(count_lines_with(": error: "), 100);
  ck_assert_msg(strstr(diagnostics, "too many errors: ") != NULL, "%.500s", diagnostics);
  /* Source lines are shown in a window: no line of output is huge. */
  for (const char *line = diagnostics; *line;) {
    const char *eol = strchr(line, '\n');
    ck_assert_ptr_nonnull(eol);
    ck_assert_int_le(eol - line, 400);
    line = eol + 1;
  }
  free(src);
}
END_TEST

START_TEST(test_endless_file_is_refused) {
  TsProgram *p = compile_path("/dev/zero");
  ck_assert_ptr_null(p);
  ck_assert_msg(strstr(diagnostics, "error: '/dev/zero' is longer than 16 MiB: not a rule file") != NULL, "%s",
                diagnostics);
}
END_TEST

START_TEST(test_unreadable_file_names_itself) {
  TsProgram *p = compile_path("/nonexistent/x.tess");
  ck_assert_ptr_null(p);
  ck_assert_str_eq(diagnostics, "error: cannot read '/nonexistent/x.tess': No such file or directory\n");
}
END_TEST

/* A declaration `var v: [[…[int]…]] = []` with lists `depth` deep. */
static char *nested_list_var(int depth, const char *scalar, size_t *n) {
  char *s = malloc(256 + 2 * (size_t)depth);
  size_t at = (size_t)sprintf(s, "game \"lists\"\nplayers 1\nvar v: ");
  for (int i = 0; i < depth; i++) s[at++] = '[';
  at += (size_t)sprintf(s + at, "%s", scalar);
  for (int i = 0; i < depth; i++) s[at++] = ']';
  at += (size_t)sprintf(s + at, " = []\nplay { let y: int = v }\n");
  *n = at;
  return s;
}

START_TEST(test_lists_nested_too_deep_are_an_error) {
  size_t n;
  char *src = nested_list_var(20, "int", &n);
  TsProgram *p = compile_text(src, n);
  ck_assert_ptr_null(p);
  ck_assert_msg(strstr(diagnostics, "error: lists nest at most 8 deep") != NULL, "%s", diagnostics);
  free(src);
  src = nested_list_var(8, "int", &n);
  p = compile_text(src, n);
  ck_assert_ptr_null(p); /* still a type error: [[…]] is not an int */
  ck_assert_msg(strstr(diagnostics, "[[[[[[[[int]]]]]]]]") != NULL, "%s", diagnostics);
  free(src);
}
END_TEST

START_TEST(test_files_in_one_process_stay_independent) {
  /* Files with lists nested 200 deep, then another: the last file's type
   * error must still be reported (a full type pool used to make every later
   * list type an "error type" that matched everything). */
  size_t n;
  char *src = nested_list_var(200, "int", &n);
  ck_assert_ptr_null(compile_text(src, n));
  free(src);
  src = nested_list_var(200, "bool", &n);
  ck_assert_ptr_null(compile_text(src, n));
  free(src);
  src = nested_list_var(2, "dir", &n);
  ck_assert_ptr_null(compile_text(src, n));
  ck_assert_msg(strstr(diagnostics, "[[dir]]") != NULL, "%s", diagnostics);
  free(src);
  const char *good = "game \"ok\"\nplayers 1\nvar v: [[int]] = [[1]]\nplay { let y: int = v[0][0] }\n";
  TsProgram *p = compile_text(good, strlen(good));
  ck_assert_msg(p != NULL, "%s", diagnostics);
  ts_program_free(p);
}
END_TEST

START_TEST(test_board_size_too_large_is_one_error) {
  const char *src = "game \"b\"\nboard b: square 70000x5\nplayers 1\nplay { print(1) }\n";
  ck_assert_ptr_null(compile_text(src, strlen(src)));
  ck_assert_msg(count_lines_with(": error:") == 1, "%s", diagnostics);
  ck_assert_msg(strstr(diagnostics, "size too large (at most 65535 on a side)") != NULL, "%s", diagnostics);
}
END_TEST

int main(void) {
  Suite *s = suite_create("limits");
  TCase *tc = tcase_create("core");
  tcase_set_timeout(tc, 120);
  tcase_add_test(tc, test_long_sum_is_one_clear_error);
  tcase_add_test(tc, test_long_and_chain_is_one_clear_error);
  tcase_add_test(tc, test_long_index_chain_is_one_clear_error);
  tcase_add_test(tc, test_nesting_within_the_limit_compiles);
  tcase_add_test(tc, test_parentheses_past_the_parser_give_no_spurious_errors);
  tcase_add_test(tc, test_random_bytes_stop_at_the_error_cap);
  tcase_add_test(tc, test_endless_file_is_refused);
  tcase_add_test(tc, test_unreadable_file_names_itself);
  tcase_add_test(tc, test_lists_nested_too_deep_are_an_error);
  tcase_add_test(tc, test_files_in_one_process_stay_independent);
  tcase_add_test(tc, test_board_size_too_large_is_one_error);
  suite_add_tcase(s, tc);
  SRunner *r = srunner_create(s);
  srunner_run_all(r, CK_NORMAL);
  int failed = srunner_ntests_failed(r);
  srunner_free(r);
  return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
