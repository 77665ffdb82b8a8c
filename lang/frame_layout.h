/* frame_layout.h — the compiler's last pass: each function's frame (its
 * locals and its deepest operand stack), worked out from the bytecode and
 * the stack effects of runtime/opcodes.h, and checked. */
#ifndef TESSERA_FRAME_LAYOUT_H
#define TESSERA_FRAME_LAYOUT_H

#include <stdbool.h>

#include "diag.h"
#include "program.h"

/* The largest frame (locals + operand stack, in words) one call may take;
 * the VM's stack holds several. */
#define TS_MAX_FRAME_WORDS 8192

/* Sets max_stack and frame_words of every function. False, with
 * diagnostics, when a frame is larger than TS_MAX_FRAME_WORDS, or when the
 * code breaks an invariant the VM and the collector rely on (an internal
 * error: stack depths that differ where paths meet, a stack underflow, a
 * jump out of the function or into an instruction, values left on the
 * operand stack at a point where a frame can stop, a slot map that does not
 * fit its function). */
bool frame_layout(Program *p, Diags *d);

#endif
