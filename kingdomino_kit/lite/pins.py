"""What the Lite site is built from, pinned: the same pins give the same site.

Each wheel is named by its file name (which carries its version) and its sha256; ``pip
download`` fetches it from PyPI and refuses another hash. The Pyodide core comes from the npm
package ``pyodide`` (interpreter, standard library), checked by its npm integrity.

:data:`KERNEL_WHEELS` is the Python environment of the browser kernel — what the offline
notebooks import: IPython and its dependencies, ``ipywidgets``, ``anywidget`` and theirs,
``micropip`` (which the kernel loads at start) — all pure Python, none of numpy, matplotlib,
pandas or OR-Tools. :data:`EXTENSION_WHEELS` carry the lab extensions of the site (the Pyodide
kernel, the widget manager, anywidget's front end); the Pyodide kernel's wheel also carries the
kernel's own small wheels (``pyodide_kernel``, ``piplite`` and the ``ipykernel`` and
``widgetsnbextension`` stand-ins), taken from it (:data:`SHIM_WHEELS`).
"""

from __future__ import annotations

__all__ = ["EXTENSION_WHEELS", "KERNEL_PACKAGES", "KERNEL_WHEELS", "PYODIDE_INTEGRITY",
           "PYODIDE_NPM", "PYODIDE_VERSION", "SHIM_WHEELS", "SOURCE_DATE_EPOCH"]

PYODIDE_VERSION = "314.0.7"
"""The ``pyodide`` npm package: Python 3.14 in WebAssembly."""
PYODIDE_NPM = f"pyodide@{PYODIDE_VERSION}"
PYODIDE_INTEGRITY = ("sha512-0YvXxEhfEdpLfb/XkM2BFAeMROq0iMUX2bzzH9pOttyMcWkwq+HbE5uyuGD82LN7y2q+"
                     "SNvi/6V5JEsOlD2R1A==")
"""The npm registry's integrity of ``pyodide-314.0.7.tgz``."""

SOURCE_DATE_EPOCH = 1767225600
"""The time stamp of every file of the site (2026-01-01): the same sources, the same bytes."""

KERNEL_WHEELS: tuple[tuple[str, str], ...] = (
    ("anywidget-0.11.0-py3-none-any.whl",
     "c574d9acc6503ad27b37a9acea48f957a8ba7c9c9876cfcb37898931c098ce9d"),
    ("asttokens-3.0.2-py3-none-any.whl",
     "9da13157f5b28becde0bd374fc677dcd3c290614264eff096f167c469cd9f933"),
    ("comm-0.2.3-py3-none-any.whl",
     "c615d91d75f7f04f095b30d1c1711babd43bdc6419c1be9886a85f2f4e489417"),
    ("decorator-5.3.1-py3-none-any.whl",
     "f47fe6fdbd2edd623ecfe36875d37aba411624e2670dd395dddae1358689bb3c"),
    ("executing-2.3.0-py3-none-any.whl",
     "736e859c9f8701f11fcf516856f26f562e04776387824b43a35a1dfe21c84122"),
    ("ipython-9.12.0-py3-none-any.whl",
     "0f2701e8ee86e117e37f50563205d36feaa259d2e08d4a6bc6b6d74b18ce128d"),
    ("ipython_pygments_lexers-1.1.1-py3-none-any.whl",
     "a9462224a505ade19a605f71f8fa63c2048833ce50abc86768a0d81d876dc81c"),
    ("ipywidgets-8.1.9-py3-none-any.whl",
     "f2b8cbcaae10252b809fbe4d7470db75c09b769a32cbf816d20e5ca6d3c5a79d"),
    ("jedi-0.20.1-py2.py3-none-any.whl",
     "0fb16d86c4a4c73c37ba518c77419975e30fcc620658a8d14fbb5720cdd34142"),
    ("matplotlib_inline-0.2.2-py3-none-any.whl",
     "3c821cf1c209f59fb2d2d64abbf5b23b67bcb2210d663f9918dd851c6da1fcf6"),
    ("micropip-0.11.1-py3-none-any.whl",
     "768de165adb8e66906039d8fec4127a57f522dfdf8e6fbff877a4616941ecfd3"),
    ("parso-0.8.7-py2.py3-none-any.whl",
     "a8926eb2a1b915486941fdbd31e86a4baf88fe8c210f25f2f35ecec5b574ca1c"),
    ("prompt_toolkit-3.0.53-py3-none-any.whl",
     "01c0891d7f9237d5e339f7d3e42cdae80b7534abb1c7c0e3352efba6231492f2"),
    ("psygnal-0.16.1-py3-none-any.whl",
     "93b96894d8c46f0a3c0bfaaf8abe73f0d6db2c20cc6d303624cf08f85abc3c92"),
    ("pure_eval-0.2.4-py3-none-any.whl",
     "96cae060a313cfaad51bb761278bfb0e62dc0248d9315a81173752dc546cd37a"),
    ("pygments-2.21.0-py3-none-any.whl",
     "2363c69b61c4a97c838da3b130dcd6468f4848992b21a82f2a63ec34377137d9"),
    ("stack_data-0.6.3-py3-none-any.whl",
     "d5558e0c25a4cb0853cddad3d77da9891a08cb85dd9f9f91b9f8cd66e511e695"),
    ("traitlets-5.16.1-py3-none-any.whl",
     "f775618166caa0396c8e337099240f2bd3e5e917d203b2e6fbe21a58d3cb1f6b"),
    ("typing_extensions-4.16.0-py3-none-any.whl",
     "481caa481374e813c1b176ada14e97f1f67a4539ce9cfeb3f350d78d6370c2e8"),
    ("wcwidth-0.9.4-py3-none-any.whl",
     "901eace6d2dd25ebb917d0ce5db18e5c537e1504c905cf32f0d006c12098b05d"),
)
"""The browser kernel's environment (PyPI), closed under its dependencies on Emscripten."""

EXTENSION_WHEELS: tuple[tuple[str, str], ...] = (
    ("jupyterlite_pyodide_kernel-0.8.6-py3-none-any.whl",
     "c9e698420e7f95f156c09c1474898ee6727b35b1740b369cb5f5aaa59ea73d3f"),
    ("jupyterlab_widgets-3.0.17-py3-none-any.whl",
     "40ac1e9955acf116c4d995d9bfa082d86ad9ec6d91c4f134827cf5e0a5eb75e0"),
    ("anywidget-0.11.0-py3-none-any.whl",
     "c574d9acc6503ad27b37a9acea48f957a8ba7c9c9876cfcb37898931c098ce9d"),
)
"""The wheels whose lab extensions the site serves (PyPI)."""

SHIM_WHEELS: tuple[tuple[str, str], ...] = (
    ("ipykernel-6.9.2-py3-none-any.whl",
     "8447aa1ccb644458ce5a9af98745155fdfa693f68dd71cee1d721c6278583391"),
    ("piplite-0.8.6-py3-none-any.whl",
     "9628f2b38154d960c12e4844b4f1aaf496156e19ba7081f0a300971fadc80f60"),
    ("pyodide_kernel-0.8.6-py3-none-any.whl",
     "edee0de1587d27f02e3c612f0de9ea84e30febb2eafd1d87e958ba8f3cdd8348"),
    ("widgetsnbextension-4.0.999-py3-none-any.whl",
     "039c50f98888362a78424addc7eef90e2051f9736c4c800b2cca11686af925fc"),
)
"""The Pyodide kernel's own wheels, inside ``jupyterlite_pyodide_kernel``'s wheel."""

KERNEL_PACKAGES: tuple[str, ...] = (
    "micropip", "piplite", "ipykernel", "comm", "pyodide-kernel", "jedi", "ipython",
    "ipywidgets", "anywidget", "kingdomino-kit",
)
"""What the kernel loads when it starts, dependencies included (from the lock): the kernel's
own packages, the widgets and the kit — nothing is installed later."""
