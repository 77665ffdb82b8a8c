/* check_lexer.c — tokens, positions, sizes and lexical errors (lang/lexer.re). */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "lexer.h"

enum { MAX_TOKENS = 256 };

typedef struct Lexed {
  Token tokens[MAX_TOKENS];
  int count; /* without the final TK_EOF */
  Token eof;
  Diags diags;
} Lexed;

static Lexed lexed;

/* Lexes `length` bytes of src (src[length] must be NUL) completely. */
static Lexed *lex_n(const char *src, size_t length) {
  Lexer lx;
  diags_free(&lexed.diags);
  memset(&lexed, 0, sizeof lexed);
  diags_init(&lexed.diags);
  lexer_init(&lx, src, length, 0, &lexed.diags);
  for (;;) {
    Token t = lexer_next(&lx);
    if (t.kind == TK_EOF) {
      lexed.eof = t;
      break;
    }
    ck_assert_int_lt(lexed.count, MAX_TOKENS);
    lexed.tokens[lexed.count++] = t;
  }
  return &lexed;
}

static Lexed *lex(const char *src) { return lex_n(src, strlen(src)); }

static void expect_kinds(const char *src, const int *kinds, int n) {
  Lexed *l = lex(src);
  ck_assert_msg(l->count == n, "%s: %d tokens, expected %d", src, l->count, n);
  for (int i = 0; i < n; i++)
    ck_assert_msg(l->tokens[i].kind == kinds[i], "%s: token %d is %s, expected %s", src, i,
                  token_name(l->tokens[i].kind), token_name(kinds[i]));
  ck_assert_int_eq(l->diags.count, 0);
}

static void expect_one(const char *src, int kind) { expect_kinds(src, &kind, 1); }

static void expect_error(const char *src, int line, int col, const char *message_part) {
  Lexed *l = lex(src);
  ck_assert_msg(l->diags.count >= 1, "%s: no error", src);
  const Diag *g = &l->diags.items[0];
  ck_assert_msg(g->line == line && g->col == col, "%s: error at %d:%d, expected %d:%d (%s)", src,
                g->line, g->col, line, col, g->message);
  ck_assert_msg(strstr(g->message, message_part), "%s: message '%s' lacks '%s'", src, g->message,
                message_part);
}

static const struct {
  const char *text;
  int kind;
} keywords[] = {
  {"and", TK_AND}, {"board", TK_BOARD}, {"bool", TK_BOOL}, {"break", TK_BREAK},
  {"choose", TK_CHOOSE}, {"continue", TK_CONTINUE}, {"else", TK_ELSE},
  {"excludes", TK_EXCLUDES}, {"extends", TK_EXTENDS}, {"fail", TK_FAIL}, {"false", TK_FALSE},
  {"fn", TK_FN}, {"for", TK_FOR}, {"from", TK_FROM}, {"game", TK_GAME}, {"ghosts", TK_GHOSTS},
  {"hidden", TK_HIDDEN}, {"highest", TK_HIGHEST}, {"if", TK_IF}, {"import", TK_IMPORT},
  {"in", TK_IN}, {"let", TK_LET}, {"levels", TK_LEVELS}, {"lowest", TK_LOWEST},
  {"not", TK_NOT}, {"or", TK_OR}, {"owner", TK_OWNER}, {"param", TK_PARAM}, {"per", TK_PER},
  {"play", TK_PLAY}, {"player", TK_PLAYER}, {"players", TK_PLAYERS}, {"public", TK_PUBLIC},
  {"rank", TK_RANK}, {"requires", TK_REQUIRES}, {"includes", TK_INCLUDES}, {"return", TK_RETURN}, {"then", TK_THEN},
  {"tiles", TK_TILES}, {"true", TK_TRUE}, {"var", TK_VAR}, {"variant", TK_VARIANT},
  {"while", TK_WHILE}, {"window", TK_WINDOW},
};

static const struct {
  const char *text;
  int kind;
} punctuation[] = {
  {"(", TK_LP}, {")", TK_RP}, {"[", TK_LBRACKET}, {"]", TK_RBRACKET}, {"{", TK_LBRACE},
  {"}", TK_RBRACE}, {",", TK_COMMA}, {":", TK_COLON}, {".", TK_DOT}, {"..", TK_DOTDOT},
  {"->", TK_ARROW}, {"=", TK_ASSIGN}, {"+=", TK_PLUSEQ}, {"-=", TK_MINUSEQ},
  {"*=", TK_STAREQ}, {"==", TK_EQ}, {"!=", TK_NE}, {"<", TK_LT}, {"<=", TK_LE}, {">", TK_GT},
  {">=", TK_GE}, {"+", TK_PLUS}, {"-", TK_MINUS}, {"*", TK_STAR}, {"/", TK_SLASH},
  {"%", TK_PERCENT}, {"|", TK_BOR}, {"^", TK_BXOR}, {"&", TK_BAND}, {"<<", TK_SHL},
  {">>", TK_SHR},
};

START_TEST(test_keywords) {
  for (size_t i = 0; i < sizeof keywords / sizeof *keywords; i++) {
    expect_one(keywords[i].text, keywords[i].kind);
    ck_assert_int_eq(lexed.tokens[0].length, (int)strlen(keywords[i].text));
    ck_assert_ptr_nonnull(token_name(keywords[i].kind));
  }
}
END_TEST

START_TEST(test_keyword_prefixes_are_identifiers) {
  const char *names[] = {"android", "players_x", "playerz", "iff", "_in", "fn2", "tile", "int",
                         "x", "_", "A_b9", "nplayers", "seats", "Window"};
  for (size_t i = 0; i < sizeof names / sizeof *names; i++) {
    expect_one(names[i], TK_NAME);
    ck_assert_int_eq(lexed.tokens[0].length, (int)strlen(names[i]));
  }
}
END_TEST

START_TEST(test_punctuation) {
  for (size_t i = 0; i < sizeof punctuation / sizeof *punctuation; i++) {
    expect_one(punctuation[i].text, punctuation[i].kind);
    ck_assert_ptr_nonnull(token_name(punctuation[i].kind));
  }
  /* longest match */
  int k1[] = {TK_SHL, TK_ASSIGN};
  expect_kinds("<<=", k1, 2);
  int k2[] = {TK_DOTDOT, TK_DOT};
  expect_kinds("...", k2, 2);
  int k3[] = {TK_MINUS, TK_GT};
  expect_kinds("- >", k3, 2);
  int k4[] = {TK_INT, TK_DOTDOT, TK_NAME, TK_MINUS, TK_INT};
  expect_kinds("0..n-1", k4, 5);
}
END_TEST

START_TEST(test_integers) {
  struct { const char *text; int64_t value; } cases[] = {
    {"0", 0}, {"42", 42}, {"007", 7}, {"0x2a", 42}, {"0X2A", 42}, {"0xff", 255},
    {"9223372036854775807", INT64_MAX}, {"0x7fffffffffffffff", INT64_MAX},
  };
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    expect_one(cases[i].text, TK_INT);
    ck_assert_msg(lexed.tokens[0].ival == cases[i].value, "%s", cases[i].text);
  }
}
END_TEST

START_TEST(test_integer_errors) {
  expect_error("x = 9223372036854775808", 1, 5, "too large");
  ck_assert_int_eq(lexed.tokens[2].kind, TK_INT);
  ck_assert_int_eq(lexed.tokens[2].ival, 0);
  expect_error("0x10000000000000000", 1, 1, "too large");
  expect_error("  12abc", 1, 3, "malformed number '12abc'");
  ck_assert_int_eq(lexed.count, 1);
  ck_assert_int_eq(lexed.tokens[0].kind, TK_INT);
  expect_error("0x", 1, 1, "malformed number");
  expect_error("0xfg", 1, 1, "malformed number '0xfg'");
}
END_TEST

START_TEST(test_sizes) {
  expect_one("5x5", TK_SIZE);
  ck_assert_int_eq(lexed.tokens[0].w, 5);
  ck_assert_int_eq(lexed.tokens[0].h, 5);
  ck_assert_int_eq(lexed.tokens[0].length, 3);
  expect_one("10x12", TK_SIZE);
  ck_assert_int_eq(lexed.tokens[0].w, 10);
  ck_assert_int_eq(lexed.tokens[0].h, 12);
  /* `0x5` is hexadecimal, not a size */
  expect_one("0x5", TK_INT);
  ck_assert_int_eq(lexed.tokens[0].ival, 5);
  int k[] = {TK_INT, TK_NAME};
  expect_kinds("5 x5", k, 2);
  int k2[] = {TK_WINDOW, TK_SIZE, TK_PER, TK_PLAYER};
  expect_kinds("window 7x3 per player", k2, 4);
  ck_assert_int_eq(lexed.tokens[1].w, 7);
  ck_assert_int_eq(lexed.tokens[1].h, 3);
  expect_error("99999x2", 1, 1, "size too large");
  expect_error("5x5y", 1, 1, "malformed number");
}
END_TEST

START_TEST(test_strings) {
  expect_one("\"text\"", TK_STRING);
  ck_assert_int_eq(lexed.tokens[0].length, 6);
  expect_one("\"a\\\"b\\\\c\\n\"", TK_STRING);
  ck_assert_int_eq(lexed.tokens[0].length, 11);
  expect_one("\"\"", TK_STRING);
  int k[] = {TK_GAME, TK_STRING, TK_PLAYERS, TK_INT};
  expect_kinds("game \"Hex // not a comment\" players 3", k, 4);
}
END_TEST

START_TEST(test_string_errors) {
  expect_error("x = \"abc\ny", 1, 5, "unterminated string");
  /* the string still comes back, and lexing resumes on the next line */
  ck_assert_int_eq(lexed.count, 4);
  ck_assert_int_eq(lexed.tokens[2].kind, TK_STRING);
  ck_assert_int_eq(lexed.tokens[3].kind, TK_NAME);
  ck_assert_int_eq(lexed.tokens[3].line, 2);
  expect_error("\"abc", 1, 1, "unterminated string");
  expect_error("\"abc\\", 1, 1, "unterminated string");
  expect_error("  \"a\\qb\"", 1, 5, "unknown escape '\\q'");
  ck_assert_int_eq(lexed.count, 1);
  ck_assert_int_eq(lexed.tokens[0].kind, TK_STRING);
}
END_TEST

START_TEST(test_comments) {
  int k[] = {TK_NAME, TK_NAME, TK_NAME};
  expect_kinds("a // comment\nb /* block\n * more\n */ c", k, 3);
  ck_assert_int_eq(lexed.tokens[1].line, 2);
  ck_assert_int_eq(lexed.tokens[2].line, 4);
  ck_assert_int_eq(lexed.tokens[2].col, 5);
  expect_kinds("a/**/b/*x*/c", k, 3);
  int none[] = {0};
  expect_kinds("// only a comment", none, 0);
  expect_kinds("/* a */ // b", none, 0);
  expect_error("a\n  /* never\nclosed", 2, 3, "unterminated comment");
  ck_assert_int_eq(lexed.count, 1);
  int k2[] = {TK_NAME, TK_SLASH, TK_NAME};
  expect_kinds("a / b", k2, 3);
}
END_TEST

START_TEST(test_positions) {
  Lexed *l = lex("game \"x\"\n\tplayers  3\r\n\n  fn f");
  ck_assert_int_eq(l->count, 6);
  int lines[] = {1, 1, 2, 2, 4, 4}, cols[] = {1, 6, 2, 11, 3, 6};
  for (int i = 0; i < 6; i++) {
    ck_assert_msg(l->tokens[i].line == lines[i] && l->tokens[i].col == cols[i],
                  "token %d at %d:%d, expected %d:%d", i, l->tokens[i].line, l->tokens[i].col,
                  lines[i], cols[i]);
  }
  ck_assert_int_eq(l->eof.line, 4);
  ck_assert_int_eq(l->eof.col, 7);
  ck_assert_int_eq(l->eof.kind, TK_EOF);
  ck_assert(strncmp(l->tokens[3].start, "3", 1) == 0);
}
END_TEST

START_TEST(test_eof_repeats) {
  Lexer lx;
  Diags d;
  diags_init(&d);
  lexer_init(&lx, "x", 1, 0, &d);
  ck_assert_int_eq(lexer_next(&lx).kind, TK_NAME);
  for (int i = 0; i < 3; i++) ck_assert_int_eq(lexer_next(&lx).kind, TK_EOF);
  lexer_init(&lx, "", 0, 0, &d);
  ck_assert_int_eq(lexer_next(&lx).kind, TK_EOF);
  ck_assert_int_eq(d.count, 0);
  diags_free(&d);
}
END_TEST

START_TEST(test_not_in) {
  int k[] = {TK_NAME, TK_NOTIN, TK_NAME};
  expect_kinds("x not in l", k, 3);
  ck_assert_int_eq(lexed.tokens[1].col, 3);
  expect_kinds("x not\n  in l", k, 3);
  int k2[] = {TK_NOT, TK_NAME, TK_IN, TK_NAME};
  expect_kinds("not x in l", k2, 4);
  int k3[] = {TK_NOT, TK_NOT, TK_NAME};
  expect_kinds("not not x", k3, 3);
  int k4[] = {TK_NOT};
  expect_kinds("not", k4, 1);
  int k5[] = {TK_NAME, TK_NOTIN, TK_NAME};
  expect_kinds("a not input", (int[]){TK_NAME, TK_NOT, TK_NAME}, 3);
  expect_kinds("a not /* c */ in b", k5, 3);
}
END_TEST

START_TEST(test_unexpected_characters) {
  expect_error("x = 1\n  y @ z", 2, 5, "unexpected character '@'");
  ck_assert_int_eq(lexed.count, 5);
  ck_assert_int_eq(lexed.tokens[4].kind, TK_NAME);
  ck_assert_int_eq(lexed.tokens[4].col, 7);
  expect_error("a ! b", 1, 3, "unexpected character '!'");
  expect_error("`", 1, 1, "'`'");
  expect_error("#", 1, 1, "'#'");
  expect_error("'", 1, 1, "'''");
  expect_error("$", 1, 1, "'$'");
  expect_error("?", 1, 1, "'?'");
  expect_error("\\", 1, 1, "'\\'");
  /* one error for a whole UTF-8 character */
  expect_error("x \xc3\xa9 y", 1, 3, "unexpected character '\\xc3'");
  ck_assert_int_eq(lexed.diags.count, 1);
  ck_assert_int_eq(lexed.count, 2);
  /* a NUL byte inside the text is a character like any other */
  lex_n("a\0b", 3);
  ck_assert_int_eq(lexed.count, 2);
  ck_assert_int_eq(lexed.diags.count, 1);
  ck_assert_str_eq(lexed.diags.items[0].message, "unexpected character '\\x00'");
  ck_assert_int_eq(lexed.diags.items[0].col, 2);
}
END_TEST

START_TEST(test_every_kind_has_a_name) {
  ck_assert_str_eq(token_name(TK_EOF), "end of file");
  ck_assert_str_eq(token_name(TK_NAME), "identifier");
  ck_assert_str_eq(token_name(TK_INT), "integer");
  ck_assert_str_eq(token_name(TK_STRING), "string");
  ck_assert_str_eq(token_name(TK_SIZE), "size");
  ck_assert_str_eq(token_name(TK_NOTIN), "'not in'");
  ck_assert_str_eq(token_name(TK_PLUSEQ), "'+='");
  ck_assert_str_eq(token_name(TK_FN), "'fn'");
}
END_TEST

static Suite *lexer_suite(void) {
  Suite *s = suite_create("lexer");
  TCase *tc = tcase_create("tokens");
  tcase_add_test(tc, test_keywords);
  tcase_add_test(tc, test_keyword_prefixes_are_identifiers);
  tcase_add_test(tc, test_punctuation);
  tcase_add_test(tc, test_integers);
  tcase_add_test(tc, test_sizes);
  tcase_add_test(tc, test_strings);
  tcase_add_test(tc, test_comments);
  tcase_add_test(tc, test_positions);
  tcase_add_test(tc, test_eof_repeats);
  tcase_add_test(tc, test_not_in);
  tcase_add_test(tc, test_every_kind_has_a_name);
  suite_add_tcase(s, tc);
  TCase *errors = tcase_create("errors");
  tcase_add_test(errors, test_integer_errors);
  tcase_add_test(errors, test_string_errors);
  tcase_add_test(errors, test_unexpected_characters);
  suite_add_tcase(s, errors);
  return s;
}

int main(void) {
  SRunner *runner = srunner_create(lexer_suite());
  srunner_run_all(runner, CK_NORMAL);
  int failed = srunner_ntests_failed(runner);
  srunner_free(runner);
  return failed != 0 ? EXIT_FAILURE : EXIT_SUCCESS;
}
