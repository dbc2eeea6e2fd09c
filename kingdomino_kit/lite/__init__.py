"""The Lite edition: a static JupyterLite site where the notebooks run in the browser (Pyodide).

``kingdomino-kit lite DIR`` (and ``make lite``) writes the site; any static web server serves
it (``python -m http.server``), a school server or a USB stick. By idea:

- :mod:`.pins` — every file the site is built from, pinned by version and hash: the Pyodide
  core (npm), the pure-Python wheels of the kernel's environment and the lab extensions (PyPI);
- :mod:`.fetch` — those files into a cache, through the registries' own clients (``pip
  download``, ``npm pack``), each checked against its hash;
- :mod:`.kit_wheel` — a wheel of the kit's pure-Python core, byte for byte the same for the
  same sources, with no dependency on OR-Tools, numpy or numba;
- :mod:`.lock` — the pre-solved environment: a ``pyodide-lock.json`` naming only the wheels
  the site holds, so that the kernel loads everything from the site and nothing from a CDN;
- :mod:`.site` — the site itself, built by ``jupyter lite build``.

Nothing here is imported by the rest of the kit; the build needs the ``lite`` extra.
"""

from __future__ import annotations

__all__: list[str] = []
