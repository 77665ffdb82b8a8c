/* check_engine.c — the public API of runtime/tessera.h: starting matches,
 * decisions and move texts, applying moves, clones and copies, hashes,
 * results and observations. Uses games/hexdominomega.tess (3 players;
 * variant two_player: 2 players and a ghost) and small inline games. */
#include <check.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tessera.h"

#define HEXDOMINOMEGA TESSERA_SOURCE_DIR "/games/hexdominomega.tess"
#define HEGEMINO TESSERA_SOURCE_DIR "/games/hegemino.tess"

/* ------------------------------------------------------------------ helpers */

static TsProgram *compile_path(const char *path, const char *variant) {
  const char *variants[] = {variant};
  TsCompileOptions options = {.variants = variant ? variants : NULL, .variant_count = variant ? 1 : 0,
                              .stdlib_dir = TESSERA_SOURCE_DIR "/stdlib", .games_dir = TESSERA_SOURCE_DIR "/games"};
  char *diags = NULL;
  size_t length = 0;
  FILE *d = open_memstream(&diags, &length);
  TsProgram *p = ts_compile_file(path, &options, d);
  fclose(d);
  ck_assert_msg(p != NULL, "%s does not compile:\n%s", path, diags);
  free(diags);
  return p;
}

static TsProgram *compile_text(const char *src) {
  char path[128];
  snprintf(path, sizeof path, "/tmp/tessera_check_engine_%d.tess", (int)getpid());
  FILE *f = fopen(path, "w");
  ck_assert_ptr_nonnull(f);
  fputs(src, f);
  fclose(f);
  TsProgram *p = compile_path(path, NULL);
  unlink(path);
  return p;
}

static TsState *new_game(const TsProgram *p, int players, uint64_t seed) {
  char err[256] = "";
  TsState *s = ts_new_game(p, players, seed, err, sizeof err);
  ck_assert_msg(s != NULL, "ts_new_game: %s", err);
  return s;
}

static void apply(TsState *s, int option) {
  char err[256] = "";
  ck_assert_msg(ts_apply(s, option, err, sizeof err) == 0, "ts_apply(%d): %s", option, err);
}

static const char *observe(const TsState *s, int seat) {
  static char json[1 << 16];
  size_t n = ts_observation_json(s, seat, json, sizeof json);
  ck_assert_uint_lt(n, sizeof json);
  ck_assert_uint_eq(strlen(json), n);
  return json;
}

static void expect_in(const char *haystack, const char *needle) {
  ck_assert_msg(strstr(haystack, needle) != NULL, "expected %s in\n%s", needle, haystack);
}

static void expect_not_in(const char *haystack, const char *needle) {
  ck_assert_msg(strstr(haystack, needle) == NULL, "did not expect %s in\n%s", needle, haystack);
}

/* ------------------------------------------------------------------ starting a match */

START_TEST(test_player_count_of_a_fixed_game) {
  TsProgram *p = compile_path(HEXDOMINOMEGA, NULL);
  ck_assert_str_eq(ts_program_name(p), "Hexdominomega");
  ck_assert_int_eq(ts_program_min_players(p), 3);
  ck_assert_int_eq(ts_program_max_players(p), 3);
  char err[256] = "";
  ck_assert_ptr_null(ts_new_game(p, 2, 1, err, sizeof err));
  ck_assert_str_eq(err, "Hexdominomega is for 3 players, not 2");
  ck_assert_ptr_null(ts_new_game(p, 4, 1, err, sizeof err));
  ck_assert_str_eq(err, "Hexdominomega is for 3 players, not 4");
  TsState *s = new_game(p, 0, 1); /* 0: the minimum */
  ck_assert_int_eq(ts_players(s), 3);
  ck_assert_int_eq(ts_seats(s), 3);
  ck_assert_ptr_null(ts_error(s));
  ck_assert(!ts_is_over(s));
  ck_assert_int_eq(ts_current_seat(s), 0);
  ts_free(s);
  ts_program_free(p);
}
END_TEST

START_TEST(test_player_count_of_a_range) {
  TsProgram *p = compile_text("game \"Range\"\nplayers 2..4\nplay { }\n");
  char err[256] = "";
  ck_assert_ptr_null(ts_new_game(p, 5, 1, err, sizeof err));
  ck_assert_str_eq(err, "Range is for 2 to 4 players, not 5");
  ck_assert_ptr_null(ts_new_game(p, 1, 1, err, sizeof err));
  ck_assert_str_eq(err, "Range is for 2 to 4 players, not 1");
  for (int n = 2; n <= 4; n++) {
    TsState *s = new_game(p, n, 1);
    ck_assert_int_eq(ts_players(s), n);
    ck_assert(ts_is_over(s)); /* nothing to decide */
    ck_assert_int_eq(ts_current_seat(s), -1);
    ts_free(s);
  }
  TsState *s = new_game(p, 0, 1);
  ck_assert_int_eq(ts_players(s), 2);
  ts_free(s);
  ts_program_free(p);
}
END_TEST

START_TEST(test_variant_with_a_ghost) {
  TsProgram *p = compile_path(HEXDOMINOMEGA, "two_player");
  ck_assert_int_eq(ts_program_min_players(p), 2);
  ck_assert_int_eq(ts_program_variant_count(p), 1);
  ck_assert_str_eq(ts_program_variant_name(p, 0), "two_player");
  char err[256] = "";
  ck_assert_ptr_null(ts_new_game(p, 3, 1, err, sizeof err));
  ck_assert_str_eq(err, "Hexdominomega is for 2 players, not 3");
  TsState *s = new_game(p, 2, 1);
  ck_assert_int_eq(ts_players(s), 2);
  ck_assert_int_eq(ts_seats(s), 3);
  char name[16];
  ck_assert_str_eq(ts_seat_name(s, 0, name, sizeof name), "P1");
  ck_assert_str_eq(ts_seat_name(s, 1, name, sizeof name), "P2");
  ck_assert_str_eq(ts_seat_name(s, 2, name, sizeof name), "G1");
  ts_free(s);
  ts_program_free(p);
}
END_TEST

/* ------------------------------------------------------------------ decisions and moves */

START_TEST(test_legal_moves_have_unique_findable_texts) {
  TsProgram *p = compile_path(HEXDOMINOMEGA, NULL);
  TsState *s = new_game(p, 3, 1);
  int n = ts_legal_count(s);
  ck_assert_int_eq(n, 6); /* a domino at 0,0 on an empty hex board: six directions */
  char texts[6][64];
  for (int i = 0; i < n; i++) {
    ts_legal_text(s, i, texts[i], sizeof texts[i]);
    ck_assert_int_gt(strlen(texts[i]), 0);
    for (int j = 0; j < i; j++) ck_assert_str_ne(texts[i], texts[j]);
    ck_assert_int_eq(ts_find_move(s, texts[i]), i);
  }
  /* "<tile> 0,0 <dir>" with the six hex directions. */
  const char *dirs[] = {" 0,0 E", " 0,0 SE", " 0,0 SW", " 0,0 W", " 0,0 NW", " 0,0 NE"};
  for (int i = 0; i < 6; i++) {
    const char *tail = texts[i] + strlen(texts[i]) - strlen(dirs[i]);
    ck_assert_str_eq(tail, dirs[i]);
  }
  char bad[16];
  ck_assert_str_eq(ts_legal_text(s, 6, bad, sizeof bad), "?");
  ck_assert_str_eq(ts_legal_text(s, -1, bad, sizeof bad), "?");
  ts_free(s);
  ts_program_free(p);
}
END_TEST

static const char *const pick_game =
  "game \"Pick\"\n"
  "players 2\n"
  "var picks: [int]\n"
  "var who: [player]\n"
  "var where: [cell]\n"
  "play {\n"
  "  let n = choose seat(0) from [3, 1, 3, 3, 10]\n"
  "  picks += [n]\n"
  "  let p = choose seat(1) from players\n"
  "  who += [p]\n"
  "  let c = choose seat(0) from [cell(1, -2), cell(0, 0), cell(1, -2)]\n"
  "  where += [c]\n"
  "}\n";

START_TEST(test_duplicate_options_are_numbered) {
  TsProgram *p = compile_text(pick_game);
  TsState *s = new_game(p, 2, 1);
  const char *want[] = {"3", "1", "3 #2", "3 #3", "10"};
  char text[32];
  ck_assert_int_eq(ts_legal_count(s), 5);
  for (int i = 0; i < 5; i++) {
    ck_assert_str_eq(ts_legal_text(s, i, text, sizeof text), want[i]);
    ck_assert_int_eq(ts_find_move(s, want[i]), i);
  }
  ck_assert_int_eq(ts_find_move(s, "  3   #3 "), 3);
  ck_assert_int_eq(ts_find_move(s, "3 #4"), -1);
  ck_assert_int_eq(ts_find_move(s, "1 #2"), -1);
  apply(s, 3);
  ck_assert_int_eq(ts_current_seat(s), 1);
  ck_assert_int_eq(ts_legal_count(s), 2);
  ck_assert_str_eq(ts_legal_text(s, 0, text, sizeof text), "P1");
  ck_assert_str_eq(ts_legal_text(s, 1, text, sizeof text), "P2");
  ck_assert_int_eq(ts_find_move(s, "p2"), 1); /* case is ignored */
  apply(s, 1);
  ck_assert_str_eq(ts_legal_text(s, 0, text, sizeof text), "1,-2");
  ck_assert_str_eq(ts_legal_text(s, 2, text, sizeof text), "1,-2 #2");
  ts_free(s);
  ts_program_free(p);
}
END_TEST

START_TEST(test_find_move_ignores_case_and_spaces) {
  TsProgram *p = compile_path(HEXDOMINOMEGA, NULL);
  TsState *s = new_game(p, 3, 1);
  char text[64], messy[80] = "  ";
  ts_legal_text(s, 4, text, sizeof text); /* "<tile> 0,0 NW" */
  size_t m = 2;
  for (const char *c = text; *c; c++) {
    if (*c == ' ') {
      memcpy(messy + m, " \t ", 3);
      m += 3;
    } else {
      messy[m++] = (char)(*c >= 'A' && *c <= 'Z' ? *c - 'A' + 'a' : *c);
    }
  }
  strcpy(messy + m, "  ");
  ck_assert_int_eq(ts_find_move(s, messy), 4);
  ck_assert_int_eq(ts_find_move(s, "0,0 nw"), -1);
  ck_assert_int_eq(ts_find_move(s, ""), -1);
  ck_assert_int_eq(ts_find_move(s, "4"), -1); /* an index is not a move text */
  ts_free(s);
  ts_program_free(p);
}
END_TEST

START_TEST(test_bad_index_leaves_the_state_unchanged) {
  TsProgram *p = compile_path(HEXDOMINOMEGA, NULL);
  TsState *s = new_game(p, 3, 1);
  uint64_t before = ts_hash(s);
  size_t bytes = ts_state_bytes(s);
  char err[256] = "";
  ck_assert_int_eq(ts_apply(s, 6, err, sizeof err), -1);
  ck_assert_msg(strstr(err, "does not exist"), "%s", err);
  err[0] = 0;
  ck_assert_int_eq(ts_apply(s, -1, err, sizeof err), -1);
  ck_assert_msg(strstr(err, "does not exist"), "%s", err);
  ck_assert_int_eq(ts_apply(s, 1000000, NULL, 0), -1); /* no buffer: no message */
  ck_assert_uint_eq(ts_hash(s), before);
  ck_assert_uint_eq(ts_state_bytes(s), bytes);
  ck_assert_int_eq(ts_legal_count(s), 6);
  ck_assert_int_eq(ts_current_seat(s), 0);
  ck_assert_ptr_null(ts_error(s));
  apply(s, 0); /* still playable */
  ck_assert_int_eq(ts_current_seat(s), 1);
  ts_free(s);
  ts_program_free(p);
}
END_TEST

START_TEST(test_apply_text) {
  TsProgram *p = compile_path(HEXDOMINOMEGA, NULL);
  TsState *s = new_game(p, 3, 1);
  TsState *twin = ts_clone(s);
  uint64_t before = ts_hash(s);
  char err[256] = "";
  ck_assert_int_eq(ts_apply_text(s, "9-9 0,0 E", err, sizeof err), -1);
  ck_assert_msg(strstr(err, "'9-9 0,0 E' is not a legal move"), "%s", err);
  ck_assert_uint_eq(ts_hash(s), before);
  char text[64];
  ts_legal_text(s, 2, text, sizeof text);
  for (char *c = text; *c; c++)
    if (*c >= 'A' && *c <= 'Z') *c = (char)(*c - 'A' + 'a');
  ck_assert_int_eq(ts_apply_text(s, text, err, sizeof err), 0);
  apply(twin, 2);
  ck_assert_uint_eq(ts_hash(s), ts_hash(twin));
  ts_free(s);
  ts_free(twin);
  ts_program_free(p);
}
END_TEST

START_TEST(test_no_moves_after_the_end) {
  TsProgram *p = compile_text(pick_game);
  TsState *s = new_game(p, 2, 1);
  apply(s, 0);
  apply(s, 0);
  apply(s, 0);
  ck_assert(ts_is_over(s));
  ck_assert_ptr_null(ts_error(s));
  ck_assert_int_eq(ts_current_seat(s), -1);
  ck_assert_int_eq(ts_legal_count(s), 0);
  ck_assert_int_eq(ts_find_move(s, "3"), -1);
  char err[64] = "";
  uint64_t before = ts_hash(s);
  ck_assert_int_eq(ts_apply(s, 0, err, sizeof err), -1);
  ck_assert_str_eq(err, "the game is over");
  ck_assert_uint_eq(ts_hash(s), before);
  TsState *copy = ts_clone(s); /* a clone of a finished game reads as finished */
  ck_assert(ts_is_over(copy));
  ck_assert_int_eq(ts_legal_count(copy), 0);
  ts_free(copy);
  ts_free(s);
  ts_program_free(p);
}
END_TEST

/* ------------------------------------------------------------------ clones, copies, hashes */

START_TEST(test_clone_diverges_independently) {
  TsProgram *p = compile_path(HEXDOMINOMEGA, NULL);
  TsState *s = new_game(p, 3, 9);
  apply(s, 1);
  TsState *c = ts_clone(s);
  ck_assert_uint_eq(ts_hash(c), ts_hash(s));
  ck_assert_uint_eq(ts_state_bytes(c), ts_state_bytes(s));
  ck_assert_str_eq(observe(c, -1), observe(s, -1));
  uint64_t original = ts_hash(s);
  apply(c, 0);
  ck_assert_uint_eq(ts_hash(s), original); /* the clone's move did not touch the original */
  ck_assert_uint_ne(ts_hash(c), original);
  apply(s, ts_legal_count(s) - 1);
  ck_assert_uint_ne(ts_hash(s), ts_hash(c));
  ck_assert_int_eq(ts_current_seat(s), ts_current_seat(c));
  /* The original outlives its clone and the other way round. */
  ts_free(s);
  apply(c, 0);
  ck_assert(!ts_is_over(c));
  ts_free(c);
  ts_program_free(p);
}
END_TEST

START_TEST(test_copy_overwrites_and_diverges) {
  TsProgram *p = compile_path(HEXDOMINOMEGA, NULL);
  TsProgram *other = compile_text(pick_game);
  TsState *src = new_game(p, 3, 1);
  apply(src, 3);
  TsState *same_match = ts_clone(src);
  apply(same_match, 0);
  apply(same_match, 0);
  TsState *foreign = new_game(other, 2, 5); /* another program entirely */
  ts_copy(same_match, src);
  ts_copy(foreign, src);
  ck_assert_uint_eq(ts_hash(same_match), ts_hash(src));
  ck_assert_uint_eq(ts_hash(foreign), ts_hash(src));
  ck_assert_int_eq(ts_players(foreign), 3);
  ck_assert_int_eq(ts_legal_count(foreign), ts_legal_count(src));
  char a[64], b[64];
  for (int i = 0; i < ts_legal_count(src); i++)
    ck_assert_str_eq(ts_legal_text(foreign, i, a, sizeof a), ts_legal_text(src, i, b, sizeof b));
  uint64_t original = ts_hash(src);
  apply(foreign, 1);
  apply(same_match, 2);
  ck_assert_uint_eq(ts_hash(src), original);
  ck_assert_uint_ne(ts_hash(foreign), ts_hash(same_match));
  ts_free(src);
  ts_free(same_match);
  ts_free(foreign);
  ts_program_free(p);
  ts_program_free(other);
}
END_TEST

/* Hashes of a match played by always taking option (turn * 7) % count. */
static int play_hashes(const TsProgram *p, int players, uint64_t seed, uint64_t *hashes, int cap) {
  TsState *s = new_game(p, players, seed);
  int n = 0;
  hashes[n++] = ts_hash(s);
  for (int turn = 0; !ts_is_over(s) && n < cap; turn++) {
    apply(s, (turn * 7) % ts_legal_count(s));
    hashes[n++] = ts_hash(s);
  }
  ck_assert_ptr_null(ts_error(s));
  ts_free(s);
  return n;
}

START_TEST(test_hash_is_stable_for_a_seed) {
  TsProgram *p = compile_path(HEXDOMINOMEGA, NULL);
  uint64_t first[64], second[64], other[64];
  int n1 = play_hashes(p, 3, 77, first, 64);
  int n2 = play_hashes(p, 3, 77, second, 64);
  ck_assert_int_eq(n1, 37); /* 36 tiles placed, one decision each */
  ck_assert_int_eq(n2, n1);
  for (int i = 0; i < n1; i++) ck_assert_uint_eq(first[i], second[i]);
  play_hashes(p, 3, 78, other, 64);
  ck_assert_uint_ne(first[0], other[0]); /* another shuffle */
  /* A program compiled again gives the same hashes. */
  TsProgram *again = compile_path(HEXDOMINOMEGA, NULL);
  play_hashes(again, 3, 77, second, 64);
  for (int i = 0; i < n1; i++) ck_assert_uint_eq(first[i], second[i]);
  ts_program_free(again);
  ts_program_free(p);
}
END_TEST

START_TEST(test_reset_starts_a_fresh_game) {
  TsProgram *p = compile_path(HEXDOMINOMEGA, NULL);
  TsState *fresh = new_game(p, 3, 12);
  TsState *s = new_game(p, 3, 4);
  apply(s, 0);
  apply(s, 1);
  ts_reset(s, 12);
  ck_assert_uint_eq(ts_hash(s), ts_hash(fresh));
  TsState *c = ts_clone(s); /* reset while a clone shares the match */
  apply(c, 2);
  ts_reset(s, 4);
  apply(c, 0);
  ck_assert(!ts_is_over(c));
  ts_reset(c, 12);
  ck_assert_uint_eq(ts_hash(c), ts_hash(fresh));
  ts_free(c);
  ts_free(s);
  ts_free(fresh);
  ts_program_free(p);
}
END_TEST

/* Plays s out like play_hashes; returns the number of hashes. */
static int play_out_hashes(TsState *s, uint64_t *hashes, int cap) {
  int n = 0;
  hashes[n++] = ts_hash(s);
  for (int turn = 0; !ts_is_over(s) && n < cap; turn++) {
    apply(s, (turn * 7) % ts_legal_count(s));
    hashes[n++] = ts_hash(s);
  }
  return n;
}

/* The hashes of the first game a freshly compiled program plays: one that
 * runs the set-up, not one started from a copy of it. */
static int first_game_hashes(const char *path, int players, uint64_t seed, uint64_t *hashes, int cap) {
  TsProgram *once = compile_path(path, NULL);
  int n = play_hashes(once, players, seed, hashes, cap);
  ts_program_free(once);
  return n;
}

START_TEST(test_reset_replays_the_same_games_as_fresh_ones) {
  /* Hexdominomega's set-up draws nothing from the generator, so ts_reset
   * restarts from the engine's copy of the set-up: every game after a reset
   * must be move for move and byte for byte the fresh game of that seed. */
  TsProgram *p = compile_path(HEXDOMINOMEGA, NULL);
  TsState *s = new_game(p, 3, 1);
  for (uint64_t seed = 20; seed < 24; seed++) {
    uint64_t fresh[64], again[64];
    int n = first_game_hashes(HEXDOMINOMEGA, 3, seed, fresh, 64);
    ts_reset(s, seed);
    ck_assert_int_eq(play_out_hashes(s, again, 64), n);
    for (int i = 0; i < n; i++) ck_assert_uint_eq(again[i], fresh[i]);
  }
  ts_free(s);
  ts_program_free(p);
}
END_TEST

START_TEST(test_new_games_start_from_the_set_up_copy) {
  /* ts_new_game too starts every game after a program's first from the
   * copy of its set-up, for each player count, while other games of the
   * program go on: byte for byte the game a fresh program plays. */
  TsProgram *p = compile_path(HEGEMINO, NULL);
  TsState *on = new_game(p, 2, 1);
  apply(on, 0);
  for (int k = 0; k < 6; k++) {
    int players = 2 + k % 3;
    uint64_t seed = 40 + (uint64_t)k / 2, fresh[256], again[256];
    int n = first_game_hashes(HEGEMINO, players, seed, fresh, 256);
    ck_assert_int_eq(play_hashes(p, players, seed, again, 256), n);
    for (int i = 0; i < n; i++) ck_assert_uint_eq(again[i], fresh[i]);
  }
  ck_assert(!ts_is_over(on));
  ts_program_free(p); /* a state may outlive its program, to be freed */
  ts_free(on);
}
END_TEST

/* What the rule file's `print` writes while `games` games of p start. */
static char *printed_while_starting(const TsProgram *p, int games) {
  fflush(stdout);
  FILE *capture = tmpfile();
  ck_assert_ptr_nonnull(capture);
  int saved = dup(STDOUT_FILENO);
  dup2(fileno(capture), STDOUT_FILENO);
  for (int i = 0; i < games; i++) ts_free(new_game(p, 2, (uint64_t)i + 1));
  fflush(stdout);
  dup2(saved, STDOUT_FILENO);
  close(saved);
  static char text[256];
  rewind(capture);
  size_t n = fread(text, 1, sizeof text - 1, capture);
  text[n] = 0;
  fclose(capture);
  return text;
}

START_TEST(test_a_set_up_that_prints_runs_for_every_game) {
  /* No copy of a set-up that printed: each game prints as it always did. */
  TsProgram *p = compile_text("game \"Printed set-up\"\nplayers 2\nfn noisy() -> int {\n  print(7)\n  return 7\n}\n"
                              "var x: int = noisy()\nplay {\n  let y = choose seat(0) from [x, x + 1]\n}\n");
  ck_assert_str_eq(printed_while_starting(p, 3), "7\n7\n7\n");
  ts_program_free(p);
}
END_TEST

START_TEST(test_hot_states_reach_the_same_positions) {
  /* Between decisions a state's lists stay in the VM until something reads
   * its block. Playing without looking, looking only now and then, and
   * interleaving two states of one match must all give the positions of a
   * game looked at after every move. */
  TsProgram *p = compile_path(HEXDOMINOMEGA, NULL);
  uint64_t every[64];
  int n = play_hashes(p, 3, 31, every, 64);
  TsState *blind = new_game(p, 3, 31);
  for (int turn = 0; !ts_is_over(blind); turn++) {
    apply(blind, (turn * 7) % ts_legal_count(blind));
    if (turn == 10) ck_assert_uint_eq(ts_hash(blind), every[11]); /* a look in passing */
  }
  ck_assert_uint_eq(ts_hash(blind), every[n - 1]);
  /* Two states of one match, moves alternating between them. */
  TsState *a = new_game(p, 3, 31), *b = ts_clone(a);
  for (int turn = 0; !ts_is_over(a); turn++) {
    apply(a, (turn * 7) % ts_legal_count(a));
    apply(b, (turn * 7) % ts_legal_count(b));
  }
  ck_assert_uint_eq(ts_hash(a), every[n - 1]);
  ck_assert_uint_eq(ts_hash(b), every[n - 1]);
  /* A copy taken from a hot state, and a hot state overwritten by a copy. */
  TsState *c = new_game(p, 3, 31), *d = new_game(p, 3, 99);
  apply(c, 0);
  apply(d, 0);
  ts_copy(d, c);
  apply(c, 7 % ts_legal_count(c));
  apply(d, 7 % ts_legal_count(d));
  ck_assert_uint_eq(ts_hash(c), every[2]);
  ck_assert_uint_eq(ts_hash(d), every[2]);
  /* New limits while a state is hot: the heap shrinks below what the hot
   * state has used (but not below what it keeps alive); nothing is lost. */
  TsState *e = new_game(p, 3, 31);
  for (int turn = 0; !ts_is_over(e); turn++) {
    if (turn == 5) ts_set_limits(e, (TsLimits){.heap_bytes = 8 * 1024});
    apply(e, (turn * 7) % ts_legal_count(e));
  }
  ck_assert_uint_eq(ts_hash(e), every[n - 1]);
  ts_free(e);
  ts_free(a);
  ts_free(b);
  ts_free(c);
  ts_free(d);
  ts_free(blind);
  ts_program_free(p);
}
END_TEST

START_TEST(test_reset_reruns_a_set_up_that_draws) {
  /* A set-up that uses the generator differs per seed: no copy of it may be
   * reused, so after a reset the set-up is the new seed's. */
  TsProgram *p = compile_text("game \"Drawn set-up\"\nplayers 2\nvar start: int = random(1000000)\n"
                              "tiles t = [token(start, \"t\")]\n"
                              "play {\n  let x = choose seat(0) from [start, start + 1]\n}\n");
  TsState *fresh5 = new_game(p, 2, 5);
  TsState *fresh6 = new_game(p, 2, 6);
  ck_assert_uint_ne(ts_hash(fresh5), ts_hash(fresh6));
  TsState *s = new_game(p, 2, 5);
  ts_reset(s, 6);
  ck_assert_uint_eq(ts_hash(s), ts_hash(fresh6));
  char a[64], b[64];
  ck_assert_str_eq(ts_legal_text(s, 0, a, sizeof a), ts_legal_text(fresh6, 0, b, sizeof b));
  ts_reset(s, 5);
  ck_assert_uint_eq(ts_hash(s), ts_hash(fresh5));
  ck_assert_str_eq(ts_legal_text(s, 0, a, sizeof a), ts_legal_text(fresh5, 0, b, sizeof b));
  ts_free(s);
  ts_free(fresh5);
  ts_free(fresh6);
  ts_program_free(p);
}
END_TEST

/* ------------------------------------------------------------------ results */

static const char *const rank_game =
  "game \"Rank\"\n"
  "players 3\n"
  "ghosts 1\n"
  "var score: per player int\n"
  "var penalty: per player int\n"
  "rank highest score then lowest penalty\n"
  "play {\n"
  "  score[seat(0)] = 5\n"
  "  score[seat(1)] = 9\n"
  "  score[seat(2)] = 5\n"
  "  score[seat(3)] = 9\n"
  "  penalty[seat(3)] = choose seat(0) from [0, 1]\n"
  "}\n";

START_TEST(test_ties_share_a_rank) {
  TsProgram *p = compile_text(rank_game);
  TsState *s = new_game(p, 3, 1);
  ck_assert_int_eq(ts_seats(s), 4);
  apply(s, 0);
  ck_assert(ts_is_over(s));
  ck_assert_ptr_null(ts_error(s));
  int expected_scores[] = {5, 9, 5, 9};
  for (int i = 0; i < 4; i++) ck_assert_int_eq(ts_score(s, i), expected_scores[i]);
  ck_assert_int_eq(ts_score(s, 4), 0); /* no such seat */
  ck_assert_int_eq(ts_score(s, -1), 0);
  int rank[4];
  ts_ranking(s, rank);
  ck_assert_int_eq(rank[1], 1);
  ck_assert_int_eq(rank[3], 1); /* the ghost ties for first */
  ck_assert_int_eq(rank[0], 3);
  ck_assert_int_eq(rank[2], 3);
  ts_free(s);
  ts_program_free(p);
}
END_TEST

START_TEST(test_second_key_breaks_ties) {
  TsProgram *p = compile_text(rank_game);
  TsState *s = new_game(p, 3, 1);
  apply(s, 1); /* the ghost gets a penalty */
  int rank[4];
  ts_ranking(s, rank);
  ck_assert_int_eq(rank[1], 1);
  ck_assert_int_eq(rank[3], 2);
  ck_assert_int_eq(rank[0], 3);
  ck_assert_int_eq(rank[2], 3);
  ts_free(s);
  ts_program_free(p);
}
END_TEST

/* Plays a whole match with the first option and checks the results agree. */
static void play_out_and_check_ranking(TsProgram *p, int players, uint64_t seed) {
  TsState *s = new_game(p, players, seed);
  int moves = 0;
  while (!ts_is_over(s)) {
    ck_assert_int_eq(ts_current_seat(s), moves % players);
    apply(s, 0);
    moves++;
  }
  ck_assert_int_eq(moves, 36);
  ck_assert_ptr_null(ts_error(s));
  ck_assert_int_eq(ts_current_seat(s), -1);
  int seats = ts_seats(s), rank[8];
  ts_ranking(s, rank);
  int firsts = 0;
  for (int a = 0; a < seats; a++) {
    ck_assert(rank[a] >= 1 && rank[a] <= seats);
    firsts += rank[a] == 1;
    int above = 0;
    for (int b = 0; b < seats; b++) above += ts_score(s, b) > ts_score(s, a);
    ck_assert_int_eq(rank[a], above + 1);
  }
  ck_assert_int_ge(firsts, 1);
  ts_free(s);
}

START_TEST(test_full_game_results) {
  TsProgram *p = compile_path(HEXDOMINOMEGA, NULL);
  play_out_and_check_ranking(p, 3, 1);
  play_out_and_check_ranking(p, 3, 2);
  ts_program_free(p);
  p = compile_path(HEXDOMINOMEGA, "two_player");
  play_out_and_check_ranking(p, 2, 1); /* the ghost is ranked with the players */
  ts_program_free(p);
}
END_TEST

/* ------------------------------------------------------------------ observations */

static const char *const secret_game =
  "game \"Obs\"\n"
  "players 2\n"
  "tiles pieces = [domino(1, 2), domino(3, 4), token(7, \"star\")]\n"
  "board table: square 5x5\n"
  "var kept: per player [int] owner\n"
  "var pile: [tile] hidden\n"
  "var open: int\n"
  "var mark: per player int owner\n"
  "play {\n"
  "  kept[seat(0)] = [1, 2, 3]\n"
  "  kept[seat(1)] = [4]\n"
  "  pile = [pieces[0], pieces[1]]\n"
  "  open = 5\n"
  "  mark[seat(0)] = 11\n"
  "  mark[seat(1)] = 22\n"
  "  put(table, pieces[0], cell(1, 2))\n"
  "  let pl = choose seat(0) from placements(table, pieces[1])\n"
  "  place(table, pl)\n"
  "}\n";

START_TEST(test_observation_hides_what_a_seat_may_not_see) {
  TsProgram *p = compile_text(secret_game);
  TsState *s = new_game(p, 2, 1);
  const char *all = observe(s, -1);
  expect_in(all, "\"viewer\":-1,");
  expect_in(all, "\"kept\":[[1,2,3],[4]]");
  expect_in(all, "\"mark\":[11,22]");
  expect_in(all, "\"open\":5");

  const char *p1 = observe(s, 0);
  expect_in(p1, "\"viewer\":0,");
  expect_in(p1, "\"kept\":[[1,2,3],{\"hidden\":true,\"count\":1}]");
  expect_in(p1, "\"mark\":[11,{\"hidden\":true}]");
  expect_in(p1, "\"pile\":{\"hidden\":true,\"count\":2}");
  expect_in(p1, "\"open\":5");
  expect_not_in(p1, "[4]");

  const char *p2 = observe(s, 1);
  expect_in(p2, "\"kept\":[{\"hidden\":true,\"count\":3},[4]]");
  expect_in(p2, "\"mark\":[{\"hidden\":true},22]");
  expect_in(p2, "\"pile\":{\"hidden\":true,\"count\":2}");
  expect_not_in(p2, "[1,2,3]");
  expect_not_in(p2, "\"1-2\",\"3-4\"]"); /* the pile's tiles */
  ts_free(s);
  ts_program_free(p);
}
END_TEST

START_TEST(test_observation_shows_boards_and_tiles) {
  TsProgram *p = compile_text(secret_game);
  TsState *s = new_game(p, 2, 1);
  const char *json = observe(s, 1);
  expect_in(json, "{\"status\":\"decision\",\"players\":2,\"seats\":2,\"to_move\":0,\"decisions\":1,");
  expect_in(json, "\"tiles\":[{\"id\":0,\"name\":\"1-2\",\"values\":[1,2]},{\"id\":1,\"name\":\"3-4\",\"values\":[3,4]},"
                  "{\"id\":2,\"name\":\"star\",\"values\":[7]}]");
  expect_in(json, "\"boards\":[{\"name\":\"table\",\"grid\":\"square\",\"cells\":["
                  "{\"x\":1,\"y\":2,\"level\":0,\"value\":1,\"tile\":0,\"part\":0},"
                  "{\"x\":2,\"y\":2,\"level\":0,\"value\":2,\"tile\":0,\"part\":1}]}]");
  int option = ts_find_move(s, "3-4 1,3 S");
  ck_assert_int_ge(option, 0);
  apply(s, option);
  json = observe(s, -1);
  expect_in(json, "\"status\":\"over\"");
  expect_in(json, "\"to_move\":-1");
  expect_in(json, "{\"x\":1,\"y\":3,\"level\":0,\"value\":3,\"tile\":1,\"part\":0}");
  expect_in(json, "{\"x\":1,\"y\":4,\"level\":0,\"value\":4,\"tile\":1,\"part\":1}");
  ts_free(s);
  ts_program_free(p);
}
END_TEST

START_TEST(test_observation_of_hexdominomega) {
  TsProgram *p = compile_path(HEXDOMINOMEGA, NULL);
  TsState *s = new_game(p, 3, 1);
  apply(s, 0);
  const char *json = observe(s, 1);
  expect_in(json, "\"boards\":[{\"name\":\"table\",\"grid\":\"hex\",\"cells\":[{\"x\":0,\"y\":0,\"level\":0,");
  expect_in(json, "\"supply\":{\"hidden\":true,\"count\":32}"); /* 36 - 3 dealt - 1 drawn */
  /* P2 sees its own hand, not the others'. */
  expect_in(json, "\"hand\":[{\"hidden\":true,\"count\":1},[\"");
  expect_in(json, "],{\"hidden\":true,\"count\":1}]");
  expect_in(json, "\"score\":[0,0,0]");
  ts_free(s);
  ts_program_free(p);
}
END_TEST

START_TEST(test_observation_length_and_truncation) {
  TsProgram *p = compile_text(secret_game);
  TsState *s = new_game(p, 2, 1);
  char full[4096], small[32];
  size_t n = ts_observation_json(s, -1, full, sizeof full);
  ck_assert_uint_eq(strlen(full), n);
  ck_assert_uint_eq(ts_observation_json(s, -1, small, sizeof small), n);
  ck_assert_uint_eq(strlen(small), sizeof small - 1);
  ck_assert_int_eq(strncmp(small, full, sizeof small - 1), 0);
  ck_assert_uint_eq(ts_observation_json(s, -1, NULL, 0), n);
  ck_assert_int_eq(full[0], '{');
  ck_assert_int_eq(full[n - 1], '}');
  ts_free(s);
  ts_program_free(p);
}
END_TEST

/* ------------------------------------------------------------------ */

static Suite *engine_suite(void) {
  Suite *s = suite_create("engine");
  TCase *start = tcase_create("starting a match");
  tcase_add_test(start, test_player_count_of_a_fixed_game);
  tcase_add_test(start, test_player_count_of_a_range);
  tcase_add_test(start, test_variant_with_a_ghost);
  suite_add_tcase(s, start);

  TCase *moves = tcase_create("decisions and moves");
  tcase_add_test(moves, test_legal_moves_have_unique_findable_texts);
  tcase_add_test(moves, test_duplicate_options_are_numbered);
  tcase_add_test(moves, test_find_move_ignores_case_and_spaces);
  tcase_add_test(moves, test_bad_index_leaves_the_state_unchanged);
  tcase_add_test(moves, test_apply_text);
  tcase_add_test(moves, test_no_moves_after_the_end);
  suite_add_tcase(s, moves);

  TCase *copies = tcase_create("clones, copies and hashes");
  tcase_add_test(copies, test_clone_diverges_independently);
  tcase_add_test(copies, test_copy_overwrites_and_diverges);
  tcase_add_test(copies, test_hash_is_stable_for_a_seed);
  tcase_add_test(copies, test_reset_starts_a_fresh_game);
  tcase_add_test(copies, test_reset_replays_the_same_games_as_fresh_ones);
  tcase_add_test(copies, test_reset_reruns_a_set_up_that_draws);
  tcase_add_test(copies, test_new_games_start_from_the_set_up_copy);
  tcase_add_test(copies, test_a_set_up_that_prints_runs_for_every_game);
  tcase_add_test(copies, test_hot_states_reach_the_same_positions);
  suite_add_tcase(s, copies);

  TCase *results = tcase_create("results");
  tcase_add_test(results, test_ties_share_a_rank);
  tcase_add_test(results, test_second_key_breaks_ties);
  tcase_add_test(results, test_full_game_results);
  suite_add_tcase(s, results);

  TCase *observation = tcase_create("observations");
  tcase_add_test(observation, test_observation_hides_what_a_seat_may_not_see);
  tcase_add_test(observation, test_observation_shows_boards_and_tiles);
  tcase_add_test(observation, test_observation_of_hexdominomega);
  tcase_add_test(observation, test_observation_length_and_truncation);
  suite_add_tcase(s, observation);
  return s;
}

int main(void) {
  SRunner *runner = srunner_create(engine_suite());
  srunner_run_all(runner, CK_NORMAL);
  int failed = srunner_ntests_failed(runner);
  srunner_free(runner);
  return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
