/* extensions.h — finding a selected variant in a file that extends the game
 * (see extensions.c). */
#ifndef TESSERA_EXTENSIONS_H
#define TESSERA_EXTENSIONS_H

#include <stdbool.h>

#include "ast.h"
#include "diag.h"

/* For each selected variant the loaded files do not declare: loads the
 * first file of games_dir (by name) that `extends` the game at main_path
 * and declares it. True when some file was loaded (its own `import`s and
 * `extends` are then still to be followed). */
bool load_variant_extensions(Ast *ast, const char *main_path, const char *games_dir,
                             const char *const *variants, int variant_count, Diags *d);

#endif
