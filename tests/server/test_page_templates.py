"""Voilà's own pages (its errors, a 404) as the class server makes them: from the kit's templates
first, which link nothing on another host — Voilà's own link Font Awesome on a CDN. (The
puzzle page itself is checked in Chromium: tests/server/test_class_network.py.)"""

from __future__ import annotations

import re

import jinja2
import pytest
from voila.app import Voila

from kingdomino_kit.server.app import PageServer, page_notebook, page_templates

URL = re.compile(r"""(?:href|src)=["'](https?:)?//""")


def _render(paths: list[str], name: str) -> str:
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(paths),
                             extensions=["jinja2.ext.i18n"], autoescape=True)
    env.install_null_translations()    # type: ignore[attr-defined]
    return env.get_template(name).render(status_code=404, status_message="Not Found",
                                         message="", base_url="/", theme="light",
                                         include_css=None)


@pytest.fixture(scope="module")
def paths() -> tuple[list[str], list[str]]:
    """The class server's template paths, and Voilà's own for the same notebook."""
    ours, theirs = PageServer(), Voila()
    for app in (ours, theirs):
        app.initialize([str(page_notebook()), "--no-browser"])
    return list(ours.template_paths), list(theirs.template_paths)


@pytest.mark.parametrize("name", ["404.html", "error.html", "page.html"])
def test_voilas_own_pages_link_nothing_elsewhere(paths: tuple[list[str], list[str]],
                                                 name: str) -> None:
    ours, theirs = paths
    assert ours[0] == str(page_templates()) and ours[1:] == theirs
    assert URL.findall(_render(theirs, name))       # Voilà's own: Font Awesome on a CDN
    page = _render(ours, name)
    assert not URL.findall(page) and "<body" in page
    if name == "404.html":
        assert "404: Not Found" in page


def test_the_puzzle_page_template_links_no_cdn(paths: tuple[list[str], list[str]]) -> None:
    ours, theirs = paths
    loader = jinja2.FileSystemLoader(ours)
    source = loader.get_source(jinja2.Environment(), "index.html.j2")[0]
    assert not URL.findall(source) and "super.super()" in source
    original = jinja2.FileSystemLoader(theirs).get_source(jinja2.Environment(),
                                                          "index.html.j2")[0]
    assert "cdn.jsdelivr.net" in original       # what the kit's template leaves out
    # the block the kit replaces is Voilà's own, less the links (Voilà may change it)
    block = re.search(r"{%- block notebook_css -%}(.*?){%- endblock notebook_css -%}",
                      original, re.S)
    mine = re.search(r"{%- block notebook_css -%}(.*?){%- endblock notebook_css -%}",
                     source, re.S)
    assert block is not None and mine is not None

    def lines(text: str) -> list[str]:
        return [x.strip() for x in text.splitlines()
                if x.strip() and "cdn" not in x and "super" not in x]

    assert lines(mine.group(1)) == lines(block.group(1))
