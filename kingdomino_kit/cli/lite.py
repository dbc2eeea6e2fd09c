"""``lite``: the Lite edition, a static JupyterLite site where the notebooks run in the browser.

``kingdomino-kit lite DIR`` writes the site into DIR (a previous site there is replaced): the
student editions (``--notebooks``, default ``notebooks``), the kit and a Python kernel that
loads everything from the site. Serve DIR with any static web server (``python -m
http.server``) and open it: JupyterLab opens on ``00_start_here``. The pinned sources are
downloaded once into ``--cache`` from PyPI and npm. How it is built: :mod:`kingdomino_kit.lite`.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
from pathlib import Path
from typing import Any

from kingdomino_kit.cli import CliError, add_command
from kingdomino_kit.lite.site import build_site


def _default_cache() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "kingdomino-kit" / "lite"


def register(sub: Any) -> None:
    """Add ``lite``."""
    p = add_command(sub, "lite")
    p.add_argument("folder", metavar="DIR", help="where to write the site (replaced if it is "
                                                 "a previous site; any other folder must be "
                                                 "empty)")
    p.add_argument("--notebooks", default="notebooks",
                   help="the folder of student editions to publish (default: notebooks)")
    p.add_argument("--cache", default=None,
                   help="where the downloaded sources are kept (default: "
                        "~/.cache/kingdomino-kit/lite)")
    p.set_defaults(func=cmd_lite)


def cmd_lite(args: argparse.Namespace) -> int:
    """Build the site and say where it is and how to serve it."""
    if importlib.util.find_spec("jupyterlite_core") is None:
        raise CliError("JupyterLite is not installed: pip install 'kingdomino-kit[lite]'")
    cache = Path(args.cache) if args.cache else _default_cache()
    site = build_site(Path(args.folder), Path(args.notebooks), cache)
    print(f"{site.folder}: {len(site.notebooks)} notebooks, {site.size / 2**20:.1f} MiB")
    print(f"serve it: cd {site.folder} && python3 -m http.server  (then open the URL it prints)")
    return 0
