/* view_subset.h — whether a seat's observation (JSON text) equals the full
 * observation except where it holds a `{"hidden":true…}` placeholder (and
 * the "viewer" field): a seat sees a subset of the state, never something
 * the full view does not show. */
#ifndef TESSERA_VIEW_SUBSET_H
#define TESSERA_VIEW_SUBSET_H

#include <stdbool.h>

bool view_only_hides(const char *seat_view, const char *full);

#endif
