"""A notebook's stored outputs against the outputs of running it again, by nbval's rules:

- the outputs of a cell are compared by kind: each stream by its name (``stdout``,
  ``stderr``; a cell's pieces of one stream joined, ``\\r`` and ``\\b`` applied), each rich
  output by its MIME type, in order within a kind;
- what differs from run to run by nature is not compared: metadata, tracebacks, execution
  counts, widget model ids and pictures (``image/png``, ``image/jpeg``: a plotting library's
  version may move a pixel; the text beside each picture is compared);
- the text compared is first cleaned by the patterns of ``tests/output_sanitize.cfg``
  (addresses, timings, widget model ids);
- a cell marked ``# NBVAL_IGNORE_OUTPUT`` (or tagged ``nbval-ignore-output``) runs, its output
  not compared; nbval's other markers are refused rather than silently ignored.
"""

from __future__ import annotations

import configparser
import re
from collections import defaultdict
from pathlib import Path
from typing import Any

SANITIZE = Path(__file__).with_name("output_sanitize.cfg")
NOT_COMPARED = frozenset({
    "metadata", "traceback", "prompt_number", "output_type", "name", "execution_count",
    "application/vnd.jupyter.widget-view+json", "image/png", "image/jpeg"})
IGNORE_MARK = "NBVAL_IGNORE_OUTPUT"
IGNORE_TAG = "nbval-ignore-output"
UNSUPPORTED = re.compile(r"#\s*NBVAL_(?!IGNORE_OUTPUT\b)\w+")
CARRIAGE_RETURN = re.compile(r"^.*\r(?=[^\n])", re.MULTILINE)
BACKSPACE = re.compile(r"[^\n]\b")


def sanitize_patterns(path: Path = SANITIZE) -> list[tuple[re.Pattern[str], str]]:
    """The (pattern, replacement) pairs of a sanitize file, in the file's order."""
    parser = configparser.ConfigParser(interpolation=None)
    parser.read(path, encoding="utf-8")
    return [(re.compile(parser[s]["regex"]), parser[s]["replace"]) for s in parser.sections()]


def compared(cell: Any) -> bool:
    """Whether a code cell's outputs are compared (no ignore marker), refusing nbval's other
    markers, which this comparison does not implement."""
    if (other := UNSUPPORTED.search(cell.source)) is not None:
        raise ValueError(f"{other.group(0)!r}: only NBVAL_IGNORE_OUTPUT is understood")
    return IGNORE_MARK not in cell.source and IGNORE_TAG not in cell.metadata.get("tags", [])


def _streams_joined(outputs: list[Any]) -> list[dict[str, Any]]:
    joined: list[dict[str, Any]] = []
    streams: dict[str, dict[str, Any]] = {}
    for output in outputs:
        if output.get("output_type") == "stream":
            if output["name"] in streams:
                streams[output["name"]]["text"] += output["text"]
                continue
            streams[output["name"]] = dict(output)
            joined.append(streams[output["name"]])
        else:
            joined.append(dict(output))
    for stream in streams.values():
        text = stream["text"]
        while (shorter := BACKSPACE.sub("", text)) != text:
            text = shorter
        stream["text"] = CARRIAGE_RETURN.sub("", text)
    return joined


def by_kind(outputs: list[Any], patterns: list[tuple[re.Pattern[str], str]]
            ) -> dict[str, list[Any]]:
    """A cell's outputs as nbval compares them: kind → the cleaned values, in order."""
    kinds: dict[str, list[Any]] = defaultdict(list)

    def clean(value: Any) -> Any:
        if isinstance(value, list) and all(isinstance(v, str) for v in value):
            value = "".join(value)
        if isinstance(value, str):
            for pattern, replacement in patterns:
                value = pattern.sub(replacement, value)
        return value

    for output in _streams_joined(outputs):
        if output.get("output_type") == "stream":
            kinds[output["name"]].append(clean(output["text"]))
            continue
        for key, value in output.items():
            if key == "data":
                for mime, data in value.items():
                    if mime not in NOT_COMPARED:
                        kinds[mime].append(clean(data))
            elif key not in NOT_COMPARED:
                kinds[key].append(clean(value))
    return dict(kinds)


def difference(stored: list[Any], fresh: list[Any],
               patterns: list[tuple[re.Pattern[str], str]]) -> str | None:
    """What differs between a cell's stored and fresh outputs (one line), or None."""
    want, got = by_kind(stored, patterns), by_kind(fresh, patterns)
    if set(want) != set(got):
        return f"outputs {sorted(want)} stored, {sorted(got)} now"
    for kind, values in want.items():
        if values != got[kind]:
            return f"{kind}: stored {values!r:.300}, now {got[kind]!r:.300}"
    return None
