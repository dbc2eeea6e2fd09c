"""An array seen by the compiled endgame search without its reference count.

numba counts the references of every array a kernel is passed, atomically, at each call: a
search of a million calls a second, each passing a dozen arrays, spends a third of its time
there. The search's entry points (:func:`kingdomino_kit.game.endgame.kernels.search` and
``line``) take the arrays from Python, which keeps them alive while the kernels run, and hand
the kernels :func:`borrowed` views of them: the same data, shape and strides, no owner — numba
skips the counting of an array without one (views sliced from it have none either).

Imported only by the kernels, when numba is installed.
"""

from __future__ import annotations

from typing import Any

from numba.core import cgutils as _cgutils
from numba.extending import intrinsic

cgutils: Any = _cgutils


def _borrowed(typingctx: Any, arr: Any) -> Any:  # pragma: no cover
    """``arr`` without its owner (nor its Python object): valid while the caller keeps ``arr``."""

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        src = context.make_array(arr)(context, builder, value=args[0])
        out = context.make_array(arr)(context, builder)
        for name in ("nitems", "itemsize", "data", "shape", "strides"):
            setattr(out, name, getattr(src, name))
        out.meminfo = cgutils.get_null_value(out.meminfo.type)
        out.parent = cgutils.get_null_value(out.parent.type)
        return out._getvalue()

    return arr(arr), codegen


borrowed: Any = intrinsic(_borrowed)
"""``borrowed(arr)`` in a kernel: ``arr`` without its owner (nor its Python object), valid
while the caller keeps ``arr``."""
