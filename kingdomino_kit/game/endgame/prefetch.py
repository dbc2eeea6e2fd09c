"""A table row asked of the memory before the compiled endgame search reads it.

The search's tables (the transposition table, 32 MB) are read at random: a row is rarely in
the cache, and the read waits on memory. :func:`prefetch_row` asks for the row as soon as its
slot is known (LLVM's ``prefetch``: a hint, no value, no fault), so the wait overlaps the work
done before the read.

Imported only by the kernels, when numba is installed.
"""

from __future__ import annotations

from typing import Any

from llvmlite import ir
from numba.core import cgutils as _cgutils
from numba.core import types as _types
from numba.extending import intrinsic

cgutils: Any = _cgutils
types: Any = _types


def _prefetch_row(typingctx: Any, arr: Any, row: Any) -> Any:  # pragma: no cover
    """Row ``row`` of the 2-d array ``arr`` prefetched for reading (no bounds check: a hint)."""

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        kind = signature.args[0]
        array = context.make_array(kind)(context, builder, value=args[0])
        zero = context.get_constant(types.intp, 0)
        where = cgutils.get_item_pointer(context, builder, kind, array, [args[1], zero],
                                         wraparound=False)
        byte = ir.IntType(8).as_pointer()
        word = ir.IntType(32)
        hint = ir.FunctionType(ir.VoidType(), [byte, word, word, word])
        prefetch = cgutils.get_or_insert_function(builder.module, hint, "llvm.prefetch.p0")
        builder.call(prefetch, [builder.bitcast(where, byte), word(0), word(3), word(1)])
        return context.get_dummy_value()

    return types.none(arr, types.intp), codegen


prefetch_row: Any = intrinsic(_prefetch_row)
"""``prefetch_row(table, slot)`` in a kernel: the row asked of the memory, nothing returned."""
