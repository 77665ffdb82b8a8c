/* check_view_subset.c — tools/view_subset.c, simcheck's test that a seat's
 * observation only hides what the full observation shows (tools/ is not part
 * of tessera_core, so the file is included). */
#include <check.h>
#include <stdlib.h>

#include "../../tools/view_subset.c"

#define FULL "{\"viewer\":-1,\"vars\":{\"supply\":[1,2,3],\"hand\":[[4],[5,6]],\"name\":\"a,b\"}}"

START_TEST(test_same_view) { ck_assert(view_only_hides(FULL, FULL)); }
END_TEST

START_TEST(test_placeholders_and_viewer) {
  ck_assert(view_only_hides(
      "{\"viewer\":1,\"vars\":{\"supply\":{\"hidden\":true,\"count\":3},\"hand\":[{\"hidden\":true,\"count\":1},[5,6]],\"name\":\"a,b\"}}",
      FULL));
  ck_assert(view_only_hides("{\"viewer\":0,\"vars\":{\"supply\":[1,2,3],\"hand\":[[4],{\"hidden\":true}],\"name\":{\"hidden\":true}}}",
                            FULL));
}
END_TEST

START_TEST(test_leaks_and_changes_are_caught) {
  /* a value the full view does not have, a changed value, an extra field */
  ck_assert(!view_only_hides("{\"viewer\":1,\"vars\":{\"supply\":[1,2,4],\"hand\":[[4],[5,6]],\"name\":\"a,b\"}}", FULL));
  ck_assert(!view_only_hides("{\"viewer\":1,\"vars\":{\"supply\":[1,2,3],\"hand\":[[4],[5,6]],\"name\":\"a,b\",\"x\":1}}", FULL));
  ck_assert(!view_only_hides("{\"viewer\":1,\"vars\":{\"supply\":[1,2,3],\"hand\":[[4],[5,6]]}}", FULL));
  /* hiding part of a value is fine only as a whole placeholder */
  ck_assert(!view_only_hides("{\"viewer\":1,\"vars\":{\"supply\":[1,{\"hidden\":true},3,9],\"hand\":[[4],[5,6]],\"name\":\"a,b\"}}",
                             FULL));
}
END_TEST

int main(void) {
  Suite *s = suite_create("view_subset");
  TCase *tc = tcase_create("core");
  tcase_add_test(tc, test_same_view);
  tcase_add_test(tc, test_placeholders_and_viewer);
  tcase_add_test(tc, test_leaks_and_changes_are_caught);
  suite_add_tcase(s, tc);
  SRunner *r = srunner_create(s);
  srunner_run_all(r, CK_NORMAL);
  int failed = srunner_ntests_failed(r);
  srunner_free(r);
  return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
