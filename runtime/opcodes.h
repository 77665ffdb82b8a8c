#ifndef TESSERA_OPCODES_H
#define TESSERA_OPCODES_H
/* opcodes.h — THE list of VM instructions, one X-macro so that the enum, the
 * operand counts, the stack effects, the disassembler's names and the
 * dispatch table can never drift apart.
 *
 * Code is an array of int32 words: an opcode followed by its operands (A, B,
 * C). Every word has an entry in the line table. Stack effect is the change
 * in operand-stack depth (VAR = depends on operands, see the meaning; a
 * new VAR instruction needs a case in lang/frame_layout.c, stack_effect,
 * or every program using it is refused); a jump says "pc := X" in its
 * meaning, naming the operand that holds the target (lang/frame_layout.c
 * follows jumps by that).
 *
 *      name              ops  effect  meaning                                              */
#define TS_OPCODES(OP) \
  OP(INT,               1,  +1, "push A") \
  OP(CONST,             1,  +1, "push constants[A] (64-bit literal)") \
  OP(LOAD_LOCAL,        1,  +1, "push locals[A]") \
  OP(STORE_LOCAL,       1,  -1, "locals[A] := pop") \
  OP(LOAD_GLOBAL,       1,  +1, "push globals[A]") \
  OP(STORE_GLOBAL,      1,  -1, "globals[A] := pop") \
  OP(LOAD_SEAT_GLOBAL,  1,   0, "s := pop; push globals[A + s] (per-seat variable)") \
  OP(STORE_SEAT_GLOBAL, 1,  -2, "v := pop; s := pop; globals[A + s] := v") \
  OP(POP,               0,  -1, "discard the top value") \
  OP(ADD,               0,  -1, "b := pop; a := pop; push a + b") \
  OP(SUB,               0,  -1, "push a - b") \
  OP(ADD_INT,           1,   0, "push pop + A (A a literal: x + 1, x - 1)") \
  OP(MUL,               0,  -1, "push a * b") \
  OP(DIV,               0,  -1, "push a / b (toward zero; error when b = 0)") \
  OP(MOD,               0,  -1, "push a % b (error when b = 0)") \
  OP(NEG,               0,   0, "push -pop") \
  OP(NOT,               0,   0, "push !pop") \
  OP(EQ,                0,  -1, "push a == b (scalars)") \
  OP(NE,                0,  -1, "push a != b (scalars)") \
  OP(LT,                0,  -1, "push a < b") \
  OP(LE,                0,  -1, "push a <= b") \
  OP(GT,                0,  -1, "push a > b") \
  OP(GE,                0,  -1, "push a >= b") \
  OP(BAND,              0,  -1, "push a & b") \
  OP(BOR,               0,  -1, "push a | b") \
  OP(BXOR,              0,  -1, "push a ^ b") \
  OP(SHL,               0,  -1, "push a << b") \
  OP(SHR,               0,  -1, "push a >> b") \
  OP(LIST_EQ,           0,  -1, "push lists a and b equal (deep)") \
  OP(JUMP,              1,   0, "pc := A") \
  OP(JUMP_IF_FALSE,     1,  -1, "if !pop then pc := A") \
  OP(JUMP_IF_TRUE,      1,  -1, "if pop then pc := A") \
  OP(JUMP_IF_EQ,        1,  -2, "b := pop; a := pop; if a == b then pc := A (scalars)") \
  OP(JUMP_IF_NE,        1,  -2, "b := pop; a := pop; if a != b then pc := A") \
  OP(JUMP_IF_LT,        1,  -2, "b := pop; a := pop; if a < b then pc := A") \
  OP(JUMP_IF_LE,        1,  -2, "b := pop; a := pop; if a <= b then pc := A") \
  OP(JUMP_IF_GT,        1,  -2, "b := pop; a := pop; if a > b then pc := A") \
  OP(JUMP_IF_GE,        1,  -2, "b := pop; a := pop; if a >= b then pc := A") \
  OP(JUMP_IF_EQ_INT,    2,  -1, "a := pop; if a == A then pc := B") \
  OP(JUMP_IF_NE_INT,    2,  -1, "a := pop; if a != A then pc := B") \
  OP(JUMP_IF_LT_INT,    2,  -1, "a := pop; if a < A then pc := B") \
  OP(JUMP_IF_LE_INT,    2,  -1, "a := pop; if a <= A then pc := B") \
  OP(JUMP_IF_GT_INT,    2,  -1, "a := pop; if a > A then pc := B") \
  OP(JUMP_IF_GE_INT,    2,  -1, "a := pop; if a >= A then pc := B") \
  OP(AND_ELSE,          1,   0, "if top is false then pc := A (keep it) else pop") \
  OP(OR_ELSE,           1,   0, "if top is true then pc := A (keep it) else pop") \
  OP(CALL,              2, VAR, "call functions[A] with B arguments; push its result unless void") \
  OP(RETURN,            0,  -1, "return pop to the caller") \
  OP(RETURN_VOID,       0,   0, "return to the caller") \
  OP(NATIVE,            2, VAR, "call natives[A] with B arguments; push its result unless void") \
  OP(LIST,              2, VAR, "pop A values into a new list (B = 1: elements are lists)") \
  OP(LIST_PUSH,         1,  -1, "append pop to the comprehension list in locals[A]") \
  OP(INDEX,             0,  -1, "i := pop; l := pop; push l[i] (error when out of range)") \
  OP(LEN,               0,   0, "push len(pop)") \
  OP(SEAT,              0,   0, "seat(pop): the same int as a player (error when no seat has that number)") \
  OP(LEN_LOCAL,         1,  +1, "push len(locals[A])") \
  OP(LEN_GLOBAL,        1,  +1, "push len(globals[A])") \
  OP(INDEX_LOCAL,       2,  +1, "push locals[A][locals[B]] (error when out of range)") \
  OP(INDEX_GLOBAL,      2,  +1, "push globals[A][locals[B]] (error when out of range)") \
  OP(TILE_VALUE,        0,  -1, "i := pop; t := pop; push the value of cell i of tile t") \
  OP(TILE_VALUE_INT,    1,   0, "t := pop; push the value of cell A of tile t") \
  OP(TILE_VALUE_LOCAL,  2,  +1, "push the value of cell B of the tile in locals[A]") \
  OP(INDEX_INT,         1,   0, "l := pop; push l[A] (error when out of range)") \
  OP(CONCAT,            0,  -1, "push a + b (lists)") \
  OP(RANGE,             0,  -1, "push [a, a+1, ..., b]") \
  OP(IN,                0,  -1, "l := pop; x := pop; push x in l") \
  OP(SET_INDEX,         0,  -2, "v := pop; i := pop; l := pop; push copy of l with l[i] = v") \
  OP(LIST_START,        4,  -1, "l := pop; locals[A] := l; if l is empty { locals[B] := 0; pc := D } else { locals[C] := l[0]; locals[B] := 1 }") \
  OP(RANGE_START,       3,  -2, "hi := pop; lo := pop; locals[A] := lo; locals[B] := hi; if lo > hi then pc := C") \
  OP(FOR_LIST_NEXT,     4,   0, "at the bottom of a loop: if locals[B] < len(locals[A]) { locals[C] := locals[A][locals[B]]; locals[B] += 1; pc := D }") \
  OP(FOR_RANGE_NEXT,    3,   0, "at the bottom of a loop: a := locals[A]; locals[A] := a + 1; if a < locals[B] then pc := C") \
  OP(STORE_LOAD_LOCAL,  2,   0, "superinstruction STORE_LOCAL A; LOAD_LOCAL B: locals[A] := top; top := locals[B]") \
  OP(LOAD_LOCAL2,       2,  +2, "superinstruction LOAD_LOCAL A; LOAD_LOCAL B") \
  OP(LEN_GLOBAL_JUMP_IF_LE_INT, 3, 0, "superinstruction LEN_GLOBAL A; JUMP_IF_LE_INT B C: if len(globals[A]) <= B then pc := C") \
  OP(CHOOSE,            1,  -1, "options := pop; seat := pop; yield (option type code strings[A]); resume pushing the choice") \
  OP(SETUP_BOARDS,      0,   0, "lay out every board now that the tiles are known") \
  OP(SET_UP,            0,   0, "the set-up is over (params, tiles, boards, vars): ts_reset may restart from here") \
  OP(FAIL,              1,   0, "runtime error with message strings[A]") \
  OP(HALT,              0,   0, "the game is over") \
  OP(COVER,             1,   0, "statement A ran (coverage: compiled only with TsCompileOptions.coverage_file)") \
  OP(CHOOSE_SECRET,     1,  -1, "CHOOSE whose options and answer only the deciding seat may see") \
  OP(LIST_EXTEND,       4,  -1, "l := pop; append every element of l to the list in locals[D], leaving locals[A], locals[B], locals[C] as LIST_START .. FOR_LIST_NEXT A B C would (a comprehension's last clause copying its list)") \
  OP(LOAD_LOCAL_NATIVE, 3, VAR, "superinstruction LOAD_LOCAL A; NATIVE B C: locals[A] as the last of the C arguments of natives[B]; its result unless void")

typedef enum {
#define TS_OP_ENUM(name, ops, effect, meaning) BC_##name,
  TS_OPCODES(TS_OP_ENUM)
#undef TS_OP_ENUM
  BC__COUNT
} Opcode;

#define VAR 0x7f /* stack effect that depends on the operands */

/* How many operand words follow opcode op (0 for a word that is no
 * opcode): what walking the code instruction by instruction needs. */
static inline int opcode_operands(int op) {
  static const unsigned char operands[BC__COUNT] = {
#define TS_OP_OPERANDS(name, ops, effect, meaning) ops,
      TS_OPCODES(TS_OP_OPERANDS)
#undef TS_OP_OPERANDS
  };
  return op >= 0 && op < BC__COUNT ? operands[op] : 0;
}

#endif
