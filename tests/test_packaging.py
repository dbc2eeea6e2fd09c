"""The kit's set-up files agree with each other: pyproject.toml, environment.yml, the Makefile,
.ci/run and the README's quick start."""

from __future__ import annotations

import json
import re
from pathlib import Path

import tomllib

ROOT = Path(__file__).resolve().parents[1]
# PyPI name → conda-forge name, where they differ
CONDA_NAMES = {"ortools": "ortools-python", "matplotlib": "matplotlib-base", "dask": "dask-core"}


def _name(requirement: str) -> str:
    return re.split(r"[<>=!~\[ ;]", requirement.strip(), maxsplit=1)[0].lower()


def _conda_packages() -> set[str]:
    names = set()
    in_deps = False
    for line in (ROOT / "environment.yml").read_text().splitlines():
        if line.startswith("dependencies:"):
            in_deps = True
            continue
        match = re.match(r"\s{2}- ([A-Za-z0-9_.-]+)", line)
        if in_deps and match and match.group(1) not in ("pip", "python"):
            names.add(match.group(1).lower())
    return names


def test_environment_yml_lists_the_same_packages_as_pyproject() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    wanted = {_name(r) for r in project["dependencies"]}
    for extra in ("dask", "test"):
        wanted |= {_name(r) for r in project["optional-dependencies"][extra]}
    assert {CONDA_NAMES.get(n, n) for n in wanted} == _conda_packages()


def test_the_test_set_up_installs_every_extra() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    extras = project["optional-dependencies"]
    assert {"dask", "distributed"} <= {_name(r) for r in extras["dask"]}
    assert {"pettingzoo", "gymnasium"} <= {_name(r) for r in extras["rl"]}
    assert {"pandas", "pyarrow", "voila"} <= {_name(r) for r in project["dependencies"]}
    installed = re.search(r"pip install .*-e '\.\[([a-z,]+)\]'", (ROOT / "Makefile").read_text())
    assert installed is not None and set(installed.group(1).split(",")) == set(extras)
    assert "nbgrader" in {_name(r) for r in extras["grading"]}


def test_design_card_dependencies_are_declared() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    runtime = {_name(r) for r in project["dependencies"]}
    test = {_name(r) for r in project["optional-dependencies"]["test"]}
    assert {"ortools", "ipywidgets", "matplotlib", "jupyterlab"} <= runtime
    assert {"pytest", "pytest-xdist", "hypothesis"} <= test
    assert project["scripts"]["kingdomino-kit"] == "kingdomino_kit.cli:main"


def test_two_commands_and_ci() -> None:
    makefile = (ROOT / "Makefile").read_text()
    for target in ("lab:", "test:", "bench:"):
        assert re.search(rf"^{target}", makefile, re.M), target
    assert "--ServerApp.ip=127.0.0.1" in makefile and "notebooks" in makefile
    ci = (ROOT / ".ci" / "run").read_text()
    assert "make test" in ci
    recipe = makefile[makefile.index("\ntest:"):].split("\n\n")[0]
    assert "$(STAMP) chromium" in recipe  # make test makes its own set-up, chromium included
    readme = (ROOT / "README.md").read_text()
    quick = readme[readme.index("## Two commands"):]
    assert quick.index("make lab") < quick.index("make test") < quick.index("\n## ")
    assert "--LabApp.news_url=None" in makefile  # no "get notified about news?" pop-up


def test_the_readme_is_a_front_page_whose_links_exist() -> None:
    readme = (ROOT / "README.md").read_text()
    assert len(readme.splitlines()) <= 150
    assert readme.index("![") < readme.index("\n## ")  # a picture of a board comes first
    links = re.findall(r"\]\(([^)#]+)", readme)
    assert links and all((ROOT / link).exists() for link in links), links
    for page in ROOT.joinpath("docs").rglob("*.md"):
        text = page.read_text()
        assert "shared/" not in text and "seeds/" not in text, page
        for link in re.findall(r"\]\((?!https?:)([^)#]+)", text):
            assert (page.parent / link).exists(), (page, link)


def test_package_data_ships_the_catalogue() -> None:
    toml = tomllib.loads((ROOT / "pyproject.toml").read_text())
    data = toml["tool"]["setuptools"]["package-data"]["kingdomino_kit"]
    assert "data/*.csv" in data and "py.typed" in data
    assert (ROOT / "kingdomino_kit" / "py.typed").exists()


def test_the_widgets_browser_side_is_files_linted_and_shipped() -> None:
    toml = tomllib.loads((ROOT / "pyproject.toml").read_text())
    data = toml["tool"]["setuptools"]["package-data"]["kingdomino_kit"]
    assert {"widgets/static/*.js", "widgets/static/*.css"} <= set(data)
    static = ROOT / "kingdomino_kit" / "widgets" / "static"
    assert {p.name for p in static.iterdir()} >= {"view.js", "view.css", "coach.css"}
    for module in (ROOT / "kingdomino_kit" / "widgets").glob("*.py"):  # no inline script left
        text = module.read_text()
        assert "export default" not in text and "addEventListener" not in text, module
    makefile = (ROOT / "Makefile").read_text()
    lint = makefile[makefile.index("\nlint:"):].split("\n\n")[0]
    assert "eslint kingdomino_kit/widgets/static" in lint and "NODE_STAMP" in lint
    assert "npm ci" in makefile
    lock = json.loads((ROOT / "package-lock.json").read_text())
    assert "node_modules/eslint" in lock["packages"]
    assert "node_modules/" in (ROOT / ".gitignore").read_text().split()
